import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The version users install is written in one place, package.json; the docs and examples pin it
// literally (a workflow must name a release). A release bump that leaves one behind fails here.

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(md|ya?ml)$/.test(f))
    .map((f) => join(dir, f));
}

/**
 * Every pinned version a text names: `transync@X`, `TRANSYNC_VERSION: "X"` / `=X`, an image `…/transync:X`,
 * a release's download `…/releases/download/vX/`, a pre-commit `rev: vX`.
 */
function pins(text: string): string[] {
  const patterns = [
    /\btransync@(\d[\w.+-]*)/g,
    /\bTRANSYNC_VERSION(?::\s*|=)"?(\d[\w.+-]*)/g,
    /\/transync:(\d[\w.+-]*)/g,
    /\/releases\/download\/v(\d[\w.+-]*)\//g,
    /\brev: v(\d[\w.+-]*)/g,
  ];
  return patterns.flatMap((p) => [...text.matchAll(p)].map((m) => m[1]!.replace(/[.]$/, "")));
}

describe("docs and examples install the version of package.json", () => {
  const files = ["README.md", ...filesUnder("docs"), ...filesUnder("examples")];

  it.each(files)("%s pins no other version", (file) => {
    const other = pins(readFileSync(join(root, file), "utf8")).filter((v) => v !== version);
    expect(other).toEqual([]);
  });

  it("the README and each CI example pin it (install a pinned version, not the latest)", () => {
    // The Action example pins the action's release tag (`uses: …@v1`), which brings its own code.
    const installing = filesUnder("examples/ci").filter((file) => !file.endsWith("transync-action.yml"));
    for (const file of ["README.md", ...installing]) expect(pins(readFileSync(join(root, file), "utf8")), file).toContain(version);
  });

  it("the check finds each form of pin (it can fail)", () => {
    expect(
      pins(
        'npm install --global transync@1.2.3\nTRANSYNC_VERSION: "1.2.4"\nTRANSYNC_VERSION=1.2.5 x\nimage: ghcr.io/acme/transync:1.2.6\n' +
          "curl -O https://github.com/acme/transync/releases/download/v1.2.7/SHA256SUMS\n    rev: v1.2.8",
      ),
    ).toEqual(["1.2.3", "1.2.4", "1.2.5", "1.2.6", "1.2.7", "1.2.8"]);
  });
});
