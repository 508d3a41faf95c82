import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";

// No Docker engine runs where the tests run, so the image is checked for what the project promises
// (multi-stage, production dependencies only, git, non-root, entrypoint transync) by reading it.
const dockerfile = readFileSync(join(import.meta.dirname, "..", "Dockerfile"), "utf8");
const instructions = dockerfile
  .replace(/\\\n/g, " ")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line !== "" && !line.startsWith("#"));

describe("Dockerfile", () => {
  it("builds in one stage and runs from another that copies only the build output and production modules", () => {
    const stages = instructions.filter((line) => line.startsWith("FROM "));
    expect(stages).toHaveLength(2);
    expect(stages[0]).toMatch(/^FROM node:20\S* AS build$/);
    expect(instructions.some((line) => /npm prune --omit=dev/.test(line))).toBe(true);
    const copies = instructions.filter((line) => line.startsWith("COPY --from=build"));
    expect(copies.map((line) => line.split(/\s+/).at(-2))).toEqual(expect.arrayContaining(["/app/node_modules", "/app/dist/src"]));
    expect(copies.some((line) => /\/app\/src\b/.test(line))).toBe(false);
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
});
