import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";

// No Docker engine runs where the tests run, so the image is checked for what the project promises
// (multi-stage, the bundle only, git, non-root, entrypoint transync) by reading it.
const dockerfile = readFileSync(join(import.meta.dirname, "..", "Dockerfile"), "utf8");
const instructions = dockerfile
  .replace(/\\\n/g, " ")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line !== "" && !line.startsWith("#"));

describe("Dockerfile", () => {
  it("bundles in one stage and runs from another that copies only the bundle: no node_modules, no sources", () => {
    const stages = instructions.filter((line) => line.startsWith("FROM "));
    expect(stages).toHaveLength(2);
    expect(stages[0]).toMatch(/^FROM node:22\S* AS build$/);
    expect(instructions.some((line) => /^RUN npm run bundle$/.test(line))).toBe(true);
    const copies = instructions.filter((line) => line.startsWith("COPY --from=build"));
    expect(copies.map((line) => line.split(/\s+/).at(-2))).toEqual(expect.arrayContaining(["/app/dist/bundle"]));
    expect(copies.some((line) => /\/app\/(src|node_modules)\b/.test(line))).toBe(false);
    const ignore = readFileSync(join(import.meta.dirname, "..", ".dockerignore"), "utf8").split("\n");
    expect(ignore).toContain("!scripts/bundle.mjs");
  });

  it("has git, runs as a non-root user, and its entrypoint is transync", () => {
    const runtime = instructions.slice(instructions.findLastIndex((line) => line.startsWith("FROM ")));
    expect(runtime.some((line) => /apt-get install .*\bgit\b/.test(line))).toBe(true);
    const user = runtime.filter((line) => line.startsWith("USER ")).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)$/);
    const entrypoint = runtime.find((line) => line.startsWith("ENTRYPOINT "));
    expect(JSON.parse(entrypoint!.slice("ENTRYPOINT ".length)).at(-1)).toBe("transync");
  });

  // A GitHub-hosted runner's checkout belongs to uid 1001; the image's own user is uid 1000. Jobs run
  // the image with `--user "$(id -u):$(id -g)"`, so nothing the image writes may need an owner.
  it("works under any uid: HOME and the cache are world-writable (sticky), no file is chowned to a user", () => {
    const runtime = instructions.slice(instructions.findLastIndex((line) => line.startsWith("FROM ")));
    const env = Object.fromEntries(
      runtime
        .filter((line) => line.startsWith("ENV "))
        .flatMap((line) => line.slice(4).trim().split(/\s+/))
        .map((pair) => pair.split("=", 2) as [string, string]),
    );
    expect(env.HOME).toMatch(/^\/\S+$/);
    expect(env.TRANSYNC_CACHE_DIR?.startsWith(`${env.HOME}/`)).toBe(true);
    const chmods = runtime
      .filter((line) => line.startsWith("RUN "))
      .flatMap((line) => [...line.matchAll(/chmod 1777 ([^&]+)/g)].flatMap((m) => m[1]!.trim().split(/\s+/)));
    // Every folder from HOME down to the cache: any uid creates its files there.
    const chain = env
      .TRANSYNC_CACHE_DIR!.slice(env.HOME!.length)
      .split("/")
      .filter(Boolean)
      .map((_, i, parts) => [env.HOME, ...parts.slice(0, i + 1)].join("/"));
    for (const dir of [env.HOME!, ...chain]) expect(chmods, dir).toContain(dir);
    expect(runtime.filter((line) => /(^|[\s;&])chown\s/.test(line))).toEqual([]);
    expect(runtime.filter((line) => /--chown=/.test(line)).every((line) => line.includes("--chown=root:root"))).toBe(true);
    expect(runtime.some((line) => /git config --system --add safe.directory '\*'/.test(line))).toBe(true);
  });

  it("the docs run it on a checkout as the checkout's user", () => {
    const docs = ["gitops.md", "kubernetes.md"]
      .map((name) => readFileSync(join(import.meta.dirname, "..", "docs", name), "utf8"))
      .join("\n");
    const runs = docs
      .replace(/\\\n\s*/g, " ")
      .split("\n")
      .filter((line) => /docker run .*-v "\$PWD:\/work"/.test(line));
    expect(runs.length).toBeGreaterThan(0);
    for (const line of runs) expect(line).toContain(`--user "$(id -u):$(id -g)"`);
  });
  it("ships what the installed package ships: the schemas and the CI examples of `init --ci` (not ignored by .dockerignore)", () => {
    const runtime = instructions.slice(instructions.findLastIndex((line) => line.startsWith("FROM ")));
    const copied = runtime.filter((line) => line.startsWith("COPY --from=build")).map((line) => line.split(/\s+/).at(-2));
    expect(copied).toEqual(expect.arrayContaining(["/app/schemas", "/app/examples/ci"]));
    const ignore = readFileSync(join(import.meta.dirname, "..", ".dockerignore"), "utf8").split("\n");
    expect(ignore).toContain("!examples/ci");
    expect(ignore.indexOf("!examples/ci")).toBeGreaterThan(ignore.indexOf("examples"));
  });
});
