import { afterEach, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type RunningEmulator } from "../../src/emulator/index.js";
import { UsageError } from "../../src/errors.js";
import { createLogger } from "../../src/log.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { call, create } from "./http.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "transync-emu-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, "state.jsonl");
}

async function started(file: string): Promise<RunningEmulator> {
  const e = await startTestEmulator({}, { dataFile: file });
  cleanups.push(() => e.close());
  return e;
}

describe("emulator --data-file", () => {
  it("keeps state, ids, write-only fields and audit events across a restart", async () => {
    const file = tempFile();
    const first = await started(file);
    const a = (await create(first, { name: "A", drop: true })).body.data.transformation.id as string;
    const b = (await create(first, { name: "B" })).body.data.transformation.id as string;
    await call(first, "PATCH", `/transformations/${a}`, { body: { enabled: false } });
    await call(first, "DELETE", `/transformations/${b}`);
    await first.close();
    const second = await started(file);
    expect(second.transformations("ws_test")).toEqual([expect.objectContaining({ id: a, name: "A", enabled: false, drop: true })]);
    const events = await call(second, "GET", "/audit-events");
    expect(events.body.data.events).toHaveLength(4);
    // Stored as recorded (random ids), shaped at read time: Segment's ids, newest first.
    expect(events.body.data.events.map((e: { id: string; type: string }) => `${e.id} ${e.type}`)).toEqual([
      expect.stringMatching(/^events\/\d+ Transformation Deleted$/),
      expect.stringMatching(/^events\/\d+ Transformation Updated$/),
      expect.stringMatching(/^events\/\d+ Transformation Created$/),
      expect.stringMatching(/^events\/\d+ Transformation Created$/),
    ]);
    const c = (await create(second, { name: "C" })).body.data.transformation.id as string;
    const list = await call(second, "GET", "/transformations");
    expect(list.body.data.transformations.map((t: { id: string }) => t.id)).toEqual([a, c]);
  });

  it("recovers up to the last whole record of a torn journal, reports it and keeps a copy", async () => {
    const file = tempFile();
    const first = await started(file);
    await create(first, { name: "Whole" });
    await first.close();
    // Simulate a crash mid-append: a torn record after the last whole one.
    appendFileSync(file, '{"op":"put","ws":"ws_test","seq":99,"t":{"id":"torn"');
    let logged = "";
    const second = await startEmulator({
      port: 0,
      config: { workspaces: [{ id: "ws_test", slug: "t", name: "T", tokens: [TEST_TOKEN] }] },
      dataFile: file,
      logger: createLogger({ level: "warn", destination: { write: (s: string) => void (logged += s) } }),
    });
    cleanups.push(() => second.close());
    expect(second.transformations("ws_test").map((t) => t.name)).toEqual(["Whole"]);
    expect(logged).toMatch(/truncated or corrupt/);
    expect(readdirSync(join(file, "..")).some((f) => f.includes(".corrupt-"))).toBe(true);
  });

  it("survives kill -9 of the CLI process", async () => {
    const file = tempFile();
    const { child, url } = await spawnCli(["--data-file", file]);
    const emulator = { url } as RunningEmulator;
    const id = (await create(emulator, { name: "Durable" }, "local-token")).body.data.transformation.id as string;
    child.kill("SIGKILL");
    await new Promise((done) => child.once("exit", done));
    expect(JSON.parse(readFileSync(`${file}.lock`, "utf8"))).toMatchObject({ pid: child.pid }); // left behind: stale
    const after = await startEmulator({ port: 0, dataFile: file });
    expect(JSON.parse(readFileSync(`${file}.lock`, "utf8"))).toMatchObject({ pid: process.pid }); // recovered
    expect(after.transformations("ws_local").map((t) => t.id)).toEqual([id]);
    await after.close();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it("a second emulator process on the same data file refuses (exit 1, naming the holder); the first loses nothing", async () => {
    const file = tempFile();
    const { child, url } = await spawnCli(["--data-file", file]);
    await create({ url } as RunningEmulator, { name: "Acknowledged" }, "local-token");
    const second = await runCliProcess(["emulator", "--port", "0", "--data-file", file]);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`the data file ${file} is in use by another emulator (pid ${child.pid}`);
    expect(second.stderr).toContain(`delete ${file}.lock`);
    expect(second.stderr).not.toMatch(/\n\s+at /); // no stack trace
    await create({ url } as RunningEmulator, { name: "After" }, "local-token");
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGTERM");
    await exited;
    const after = await startEmulator({ port: 0, dataFile: file });
    cleanups.push(() => after.close());
    expect(after.transformations("ws_local").map((t) => t.name)).toEqual(["Acknowledged", "After"]);
  });

  it("in one process too, a second emulator on the same data file is refused; a closed one frees it", async () => {
    const file = tempFile();
    const first = await started(file);
    await expect(startTestEmulator({}, { dataFile: file })).rejects.toThrow(UsageError);
    await first.close();
    const second = await started(file);
    expect(second.transformations("ws_test")).toEqual([]);
  });

  it("a failed start (port in use) releases the lock", async () => {
    const file = tempFile();
    const holder = await startTestEmulator();
    cleanups.push(() => holder.close());
    await expect(startEmulator({ port: holder.port, dataFile: file })).rejects.toThrow();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it("reads a version 1 snapshot (one sequence for all workspaces)", async () => {
    const file = tempFile();
    const t = { id: "tfm_old", workspaceId: "ws_test", name: "Old", sourceId: "s", enabled: true, if: "x" };
    writeFileSync(
      file,
      `${JSON.stringify({ op: "snapshot", snapshot: { version: 1, nextSeq: 40, workspaces: { ws_test: { transformations: [{ seq: 30, t }], audit: [] } } } })}\n`,
    );
    const emulator = await started(file);
    await create(emulator, { name: "New" });
    expect(emulator.transformations("ws_test").map((x) => x.name)).toEqual(["Old", "New"]);
  });

  it("SIGTERM finishes, persists and exits 0", async () => {
    const file = tempFile();
    const { child, url } = await spawnCli(["--data-file", file]);
    await create({ url } as RunningEmulator, { name: "Kept" }, "local-token");
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, "utf8").split("\n").filter(Boolean)).toHaveLength(1); // compacted to one snapshot
    expect(readFileSync(file, "utf8")).toContain("Kept");
  });
});

function cliProcess(args: string[]): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "src/bin.ts", ...args], {
    cwd: join(import.meta.dirname, "..", ".."),
    env: { ...process.env, TRANSYNC_LOG_LEVEL: "warn", TRANSYNC_EMULATOR_TOKEN: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  cleanups.push(() => child.exitCode === null && child.kill("SIGKILL"));
  return child;
}

async function runCliProcess(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = cliProcess(args);
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once("close", done)); // after the last output, unlike 'exit'
  return { code, stderr };
}

async function spawnCli(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = cliProcess(["emulator", "--port", "0", ...args]);
  let out = "";
  const url = await new Promise<string>((done, fail) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^transync emulator listening on (http:\/\/\S+)\n/.exec(out);
      if (match) done(match[1]!);
    });
    child.once("exit", (code) => fail(new Error(`emulator exited ${code}`)));
  });
  return { child, url };
}
