import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// GitHub runs the release workflow only on a tag; what it must do is read here: npm with
// provenance (which needs id-token: write), a multi-architecture image on GHCR, and the single
// executables (scripts/sea.mjs) of four platforms, each built and checked on a runner of its own
// platform, attached to the GitHub release with a SHA256SUMS file.

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  shell?: string;
}
interface Job {
  permissions?: Record<string, string>;
  steps: Step[];
  needs?: string | string[];
  "runs-on"?: string;
  strategy?: { "fail-fast"?: boolean; matrix: { include: { target: string; runner: string; file: string }[] } };
}
const workflow = parse(readFileSync(join(root, ".github/workflows/release.yml"), "utf8")) as {
  on: { push: { tags: string[] } };
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
};

describe(".github/workflows/release.yml", () => {
  it("runs on v* tags only, read-only by default", () => {
    expect(workflow.on).toEqual({ push: { tags: ["v*"] } });
    expect(workflow.permissions).toEqual({ contents: "read" });
  });

  it("publishes to npm with provenance after .ci/run, from a tag that is package.json's version", () => {
    const npm = workflow.jobs.npm!;
    expect(npm.permissions).toMatchObject({ "id-token": "write" });
    const runs = npm.steps.map((s) => s.run ?? "");
    const publish = runs.findIndex((r) => /^npm publish --provenance\b/.test(r));
    expect(publish).toBeGreaterThan(runs.indexOf(".ci/run"));
    expect(runs.indexOf(".ci/run")).toBeGreaterThan(runs.findIndex((r) => r.includes('require("./package.json").version')));
    expect(npm.steps.find((s) => s.uses?.startsWith("actions/setup-node"))?.with).toMatchObject({
      "node-version": 22,
      "registry-url": "https://registry.npmjs.org",
    });
  });

  it("pushes an amd64 + arm64 image to ghcr.io with QEMU and Buildx, after npm", () => {
    const image = workflow.jobs.image!;
    expect(image.needs).toBe("npm");
    expect(image.permissions).toMatchObject({ packages: "write" });
    const uses = image.steps.map((s) => s.uses?.split("@")[0]);
    expect(uses).toEqual(
      expect.arrayContaining(["docker/setup-qemu-action", "docker/setup-buildx-action", "docker/login-action", "docker/build-push-action"]),
    );
    const build = image.steps.find((s) => s.uses?.startsWith("docker/build-push-action"))!;
    expect(build.with).toMatchObject({ platforms: "linux/amd64,linux/arm64", push: true });
    expect(image.steps.find((s) => s.uses?.startsWith("docker/login-action"))?.with).toMatchObject({ registry: "ghcr.io" });
  });

  describe("the single executables", () => {
    const binaries: Job = workflow.jobs.binaries ?? { steps: [] };
    const include = binaries.strategy?.matrix.include ?? [];
    const runs = (job: Job): string => job.steps.map((s) => s.run ?? "").join("\n");

    it("builds linux-x64, linux-arm64, darwin-arm64 and windows-x64, each on a runner of that platform", () => {
      expect(include.map((e) => [e.target, e.runner, e.file])).toEqual([
        ["linux-x64", "ubuntu-24.04", "transync-linux-x64"],
        ["linux-arm64", "ubuntu-24.04-arm", "transync-linux-arm64"],
        ["darwin-arm64", "macos-15", "transync-darwin-arm64"],
        ["windows-x64", "windows-2025", "transync-windows-x64.exe"],
      ]);
      expect(binaries["runs-on"]).toBe("${{ matrix.runner }}");
      // The runner's own platform is checked before the build: a relabelled runner fails the job, not a user.
      expect(runs(binaries)).toContain(`= "\${{ matrix.target }}"`);
      expect(runs(binaries)).toMatch(/process\.platform[^\n]*process\.arch/);
    });

    it("each is built by npm run sea's script on Node 22 and run by check-sea before it is kept", () => {
      expect(binaries.steps.find((s) => s.uses?.startsWith("actions/setup-node"))?.with).toMatchObject({ "node-version": 22 });
      const order = [
        "npm ci",
        "node scripts/sea.mjs --out dist/sea/${{ matrix.file }}",
        "node scripts/check-sea.mjs --bin dist/sea/${{ matrix.file }}",
      ];
      const at = order.map((command) => binaries.steps.findIndex((s) => s.run?.trim().startsWith(command)));
      expect(at.every((i) => i >= 0) && at[0]! < at[1]! && at[1]! < at[2]!, JSON.stringify(at)).toBe(true);
      const upload = binaries.steps.findIndex((s) => s.uses?.startsWith("actions/upload-artifact"));
      expect(upload).toBeGreaterThan(at[2]!);
      expect(binaries.steps[upload]!.with).toMatchObject({ path: "dist/sea/${{ matrix.file }}" });
    });

    it("attaches the four files and their SHA256SUMS to the release, once the tests passed", () => {
      const release = workflow.jobs["release-binaries"]!;
      expect(release.needs).toEqual(["npm", "binaries"]);
      expect(release.permissions).toEqual({ contents: "write" });
      const script = runs(release);
      const files = include.map((e) => e.file);
      expect(script).toContain(`sha256sum ${files.join(" ")} > SHA256SUMS`);
      expect(script).toContain(`gh release upload "$GITHUB_REF_NAME" ${files.join(" ")} SHA256SUMS --clobber`);
      expect(release.steps.find((s) => s.uses?.startsWith("actions/download-artifact"))?.with).toMatchObject({ "merge-multiple": true });
    });
  });
});
