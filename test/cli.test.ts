import { describe, expect, it } from "vitest";
import { runCli } from "./helpers/run-cli.js";
import { transyncVersion } from "../src/version.js";

describe("cli", () => {
  it("prints the version from package.json", async () => {
    const run = await runCli(["--version"]);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(transyncVersion());
  });

  it("rejects an unknown command with exit 1 and no stack trace", async () => {
    const run = await runCli(["frobnicate"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/unknown command 'frobnicate'/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
