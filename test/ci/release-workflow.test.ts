import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// GitHub runs the release workflow only on a tag; what it must do is read here: npm with
// provenance (which needs id-token: write), and a multi-architecture image on GHCR.

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  permissions?: Record<string, string>;
  steps: Step[];
  needs?: string;
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
});
