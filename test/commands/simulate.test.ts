import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli.js";
import { runCli } from "../helpers/run-cli.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";

const PROJECT = `apiVersion: transync/v1
environments:
  staging: { sources: { web: src_stg_web } }
defaultEnvironment: staging
`;

describe("transync simulate", () => {
  let project: TempProject;
  beforeEach(() => {
    project = tempProject({
      "transync.yaml": PROJECT,
      "transformations/all.yaml": docs(
        doc("Rename", "web", { newEventName: "Order Placed", propertyRenames: [{ oldName: "total", newName: "revenue" }] }),
        doc("Drop debug", "web", { if: "match(event, 'Debug *')", drop: true }),
        doc("Hash email", "web", {
          if: "type = 'identify'",
          hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["traits.email"], key: { fromEnv: "TRANSYNC_KEY_SIM" } },
        }),
      ),
      "order.json": JSON.stringify({ type: "track", event: "Order Completed", properties: { total: 10 } }),
      "debug.json": JSON.stringify({ type: "track", event: "Debug ping", properties: {} }),
      "identify.json": JSON.stringify({ type: "identify", traits: { email: "a@b.c" } }),
      "bad.json": "{ not json",
    });
  });
  afterEach(() => project.cleanup());
  const run = (...args: string[]) => runCli(["simulate", ...args], { cwd: project.dir, env: { TRANSYNC_KEY_SIM: "pepper-123456" } });

  it("prints the event that comes out, the source given by alias", async () => {
    const res = await run("--source", "web", "--event", "order.json");
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ type: "track", event: "Order Placed", properties: { revenue: 10 } });
  });

  it("--format json: dropped, event, matched and warnings, exactly these keys", async () => {
    const dropped = await run("--source", "src_stg_web", "--event", "debug.json", "--format", "json");
    expect(dropped.code, dropped.stderr).toBe(0);
    expect(JSON.parse(dropped.stdout)).toEqual({ dropped: true, event: null, matched: ["Drop debug"], warnings: [] });
    expect((await run("--source", "web", "--event", "debug.json")).stdout).toBe("dropped\n");
    const other = JSON.parse((await run("--source", "src_other", "--event", "order.json", "--format", "json")).stdout) as Record<
      string,
      unknown
    >;
    expect(other).toEqual({
      dropped: false,
      event: { type: "track", event: "Order Completed", properties: { total: 10 } },
      matched: [],
      warnings: [],
    });
  });

  it("hashes with a key read from the environment, and never prints the key", async () => {
    const res = await run("--source", "web", "--event", "identify.json");
    expect(res.code, res.stderr).toBe(0);
    const email = (JSON.parse(res.stdout) as { traits: { email: string } }).traits.email;
    expect(email).toMatch(/^[0-9a-f]{64}$/);
    expect(res.stdout + res.stderr).not.toContain("pepper-123456");
  });

  it("a hash key from an unset variable is a clear error naming it, exit 1, for an event that reaches it only", async () => {
    const res = await runCli(["simulate", "--source", "web", "--event", "identify.json"], { cwd: project.dir });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('"Hash email": the hash key comes from the environment variable TRANSYNC_KEY_SIM, which is not set');
    // An event the hashing transformation does not match needs no key (a fork's pull request has none).
    const other = await runCli(["simulate", "--source", "web", "--event", "order.json"], { cwd: project.dir });
    expect(other.code, other.stderr).toBe(0);
    expect(JSON.parse(other.stdout)).toMatchObject({ event: "Order Placed" });
  });

  it("reads the event from standard input", async () => {
    let stdout = "";
    const code = await main(["node", "transync", "simulate", "--source", "web"], {
      cwd: project.dir,
      env: { TRANSYNC_LOG_LEVEL: "warn", TRANSYNC_KEY_SIM: "pepper-123456" },
      stdout: { write: (s: string) => ((stdout += s), true), isTTY: false },
      stderr: { write: () => true, isTTY: false },
      stdin: Readable.from([
        Buffer.from(JSON.stringify({ type: "track", event: "Order Completed", properties: { total: 3 } })),
      ]) as unknown as NodeJS.ReadStream,
    });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ event: "Order Placed", properties: { revenue: 3 } });
  });

  it("Ctrl-C while it waits for the event on standard input ends it with 130 (not only a second Ctrl-C)", async () => {
    const controller = new AbortController();
    let stderr = "";
    const code = await main(["node", "transync", "simulate", "--source", "web"], {
      cwd: project.dir,
      env: { TRANSYNC_LOG_LEVEL: "warn" },
      stdout: { write: () => true, isTTY: false },
      stderr: { write: (s: string) => ((stderr += s), true), isTTY: false },
      // Never ends; Ctrl-C comes once the command asks it for the event (an event, not a delay).
      stdin: new Readable({ read: () => void controller.abort("SIGINT") }) as unknown as NodeJS.ReadStream,
      signal: controller.signal,
    });
    expect(code).toBe(130);
    expect(stderr).toMatch(/Interrupted while reading the event from standard input/);
  });

  it("bad input is a clear error with exit 1: not JSON, not an object, a missing file, an unknown alias", async () => {
    const bad = await run("--source", "web", "--event", "bad.json");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/the event in bad\.json is not valid JSON/);
    project.write("list.json", "[1]");
    expect((await run("--source", "web", "--event", "list.json")).stderr).toMatch(/is not a JSON object/);
    expect((await run("--source", "web", "--event", "missing.json")).stderr).toMatch(/cannot read --event missing\.json: no such file/);
    const alias = await runCli(["simulate", "--source", "web", "--env", "prod", "--event", "order.json"], { cwd: project.dir });
    expect(alias.code).toBe(1);
    const noSource = await runCli(["simulate", "--event", "order.json"], { cwd: project.dir });
    expect(noSource.code).toBe(1);
    expect(noSource.stderr).toMatch(/--source/);
  });

  it("--event inside the project that a symbolic link takes outside it is refused, naming it; --event outside is read", async () => {
    const outside = tempProject({ "creds.json": JSON.stringify({ type: "track", event: "aws-secret-access-key" }) });
    try {
      symlinkSync(join(outside.dir, "creds.json"), join(project.dir, "samples.json"));
      const res = await run("--source", "web", "--event", "samples.json");
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/cannot read --event samples\.json: a symbolic link takes it outside the working directory/);
      expect(res.stdout + res.stderr).not.toContain("aws-secret-access-key");
      expect((await run("--source", "web", "--event", join(outside.dir, "creds.json"))).code).toBe(0);
    } finally {
      outside.cleanup();
    }
  });

  it("warns when no desired transformation has the source (a mistyped id): the event would come out unchanged in silence", async () => {
    const res = await run("--source", "src_typo", "--event", "order.json");
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ type: "track", event: "Order Completed", properties: { total: 10 } });
    expect(res.stderr).toMatch(
      /--source src_typo: no desired transformation has this source \(check the id, or the alias and --env\); the event comes out unchanged/,
    );
    expect((await run("--source", "web", "--event", "order.json")).stderr).not.toMatch(/no desired transformation/);
  });

  it("an event nested deeper than 64 levels is a clear error, exit 1, not a stack overflow", async () => {
    let body = "1";
    for (let i = 0; i < 100_000; i++) body = `{"a":${body}}`;
    project.write("deep.json", `{"type":"page","name":"Home","properties":${body}}`);
    const deep = await run("--source", "web", "--event", "deep.json");
    expect(deep.code).toBe(1);
    expect(deep.stderr).toMatch(/the event in deep\.json is nested more than 64 levels deep/);
    expect(deep.stderr).not.toMatch(/internal error|at .*\.js:\d+/);
  });

  it("prints an output over 1 MiB compact (pretty-printing only multiplies it), smaller ones indented", async () => {
    const many = Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`k${i}`, [i, { v: "x".repeat(20) }]]));
    project.write("big.json", JSON.stringify({ type: "page", name: "Home", properties: many }));
    const big = await run("--source", "web", "--event", "big.json");
    expect(big.code).toBe(0);
    expect(big.stdout.trimEnd().split("\n")).toHaveLength(1);
    expect(JSON.parse(big.stdout).properties.k39999).toEqual([39999, { v: "x".repeat(20) }]);
    const small = await run("--source", "web", "--event", "order.json");
    expect(small.stdout.split("\n").length).toBeGreaterThan(3);
  });
});
