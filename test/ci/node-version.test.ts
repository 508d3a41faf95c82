import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Node 22 LTS by default everywhere transync is run for a user (Node 20 reached end of life on
// 2026-04-30: https://nodejs.org/en/about/previous-releases); `engines` still admits 20 while it works.

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const read = (file: string): string => readFileSync(join(root, file), "utf8");
const workflows = [
  ...readdirSync(join(root, "examples/ci/github")).map((f) => `examples/ci/github/${f}`),
  ...readdirSync(join(root, ".github/workflows")).map((f) => `.github/workflows/${f}`),
];

describe("the Node version transync runs on by default", () => {
  it.each(workflows)("%s sets up Node 22", (file) => {
    const versions = [...read(file).matchAll(/node-version:\s*"?([\w.]+)"?/g)].map((m) => m[1]);
    expect(versions.every((v) => v === "22")).toBe(true);
  });

  it("the GitLab example and both stages of the image are node:22", () => {
    expect([...read("examples/ci/gitlab/.gitlab-ci.yml").matchAll(/image:\s*(node:\S+)/g)].map((m) => m[1])).toEqual([
      "node:22-bookworm-slim",
    ]);
    expect([...read("Dockerfile").matchAll(/^FROM (node:\S+)/gm)].map((m) => m[1])).toEqual([
      "node:22-bookworm-slim",
      "node:22-bookworm-slim",
    ]);
  });

  it("package.json still admits Node 20 (the tests run on it)", () => {
    expect((JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node).toBe(">=20");
  });
});
