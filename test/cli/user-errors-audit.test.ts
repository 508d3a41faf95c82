import { execFileSync } from "node:child_process";
import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { runCli, type CliRun } from "../helpers/run-cli.js";

// More ordinary mistakes found by trying the CLI as a user (issue 14's acceptance audit): each is a
// clear error naming what to fix, exit 1, never "a bug in transync", a raw error code or a hot loop.

let emulator: RunningEmulator;
let project: TempProject;

beforeAll(async () => {
  emulator = await startTestEmulator({
    workspaces: [testWorkspace([{ id: "tfm_b", name: "B", sourceId: "src_web", enabled: true, if: "event = 'B'" }])],
  });
  project = tempProject({ "transformations/a.yaml": doc("A", "src_web"), afile: "x" });
  mkdirSync(join(project.dir, "adir"));
});
afterAll(async () => {
  await emulator.close();
  project.cleanup();
});

const run = (args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> =>
  runCli(args, { cwd: project.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, ...env } });

function expectUserError(result: CliRun, message: RegExp): void {
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/internal error|a bug in transync/);
  expect(result.stderr).not.toMatch(/\n\s+at |: E[A-Z]+\.?\n|\(E[A-Z]+\)/);
  expect(result.code).toBe(1);
}

describe("reconcile --interval", () => {
  it("refuses an interval longer than a timer can wait (it would fire at once, every millisecond)", async () => {
    expectUserError(await run(["reconcile", "--once", "--interval", "1000h"]), /--interval must be at most 596h/);
    expectUserError(await run(["reconcile", "--once", "--interval", "99999999999h"]), /--interval must be at most 596h/);
  });
});

describe("the log level", () => {
  it("a TRANSYNC_LOG_LEVEL or --log-level that is no level is a clear error, not pino's stack", async () => {
    expectUserError(
      await run(["validate"], { TRANSYNC_LOG_LEVEL: "nosuch" }),
      /TRANSYNC_LOG_LEVEL must be one of trace, debug, info, warn, error, silent; got "nosuch"/,
    );
    expectUserError(
      await run(["--log-level", "nosuch", "validate"]),
      /argument 'nosuch' is invalid\. Allowed choices are trace, debug, info, warn, error, silent/,
    );
  });

  it("TRANSYNC_LOG_LEVEL is read in any case (DEBUG is debug); --log-level=debug works as --log-level debug", async () => {
    const result = await run(["plan"], { TRANSYNC_LOG_LEVEL: "DEBUG" });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/"level":20/);
    expect((await run(["--log-level=debug", "plan"])).stderr).toMatch(/"level":20/);
  });
});

describe("flags that become a wait", () => {
  it("refuses --timeout and --retry-budget longer than a timer can wait (was: internal error)", async () => {
    expectUserError(await run(["plan", "--timeout", "99999999"]), /--timeout must be at most 2147483 seconds/);
    expectUserError(await run(["plan", "--retry-budget", "99999999999"]), /--retry-budget must be at most 2147483 seconds/);
    expectUserError(
      await run(["comment", "--pr", "1", "--file", "x.md", "--timeout", "99999999"]),
      /--timeout must be at most 2147483 seconds/,
    );
  });

  it("refuses a --rate below one request per 100 s (--rate 1e-9 hung the run)", async () => {
    expectUserError(
      await run(["plan", "--rate", "1e-9"]),
      /--rate must be at least 0\.01 requests per second \(one per 100 s\), got "1e-9"/,
    );
    expectUserError(await run(["apply", "--rate", "0.001"]), /--rate must be at least 0\.01/);
  });
});

describe("paths of the wrong kind", () => {
  it("--repo naming a file, not a folder", async () => {
    expectUserError(await run(["validate", "--repo", "afile"]), /afile is not a folder; pass --repo with a git checkout or a URL/);
  });

  it("an absolute --dir or --tests is read as the folder it names (test/desired/operator-folders.test.ts has the rest)", async () => {
    const validated = await run(["validate", "--dir", join(project.dir, "transformations")]);
    expect(validated.stdout).toMatch(/Validated 1 transformation in 1 file: 0 errors/);
    project.write(
      "tests/t.yaml",
      "apiVersion: transync/v1\nkind: TransformationTest\ncases: [{ name: c, source: src_web, event: { event: x }, expect: { matched: [] } }]\n",
    );
    const tested = await run(["test", "--tests", join(project.dir, "tests")]);
    expect(tested.code).toBe(0);
    expect((await run(["validate", "--tests", join(project.dir, "tests")])).code).toBe(0);
  });

  it("a file where a folder must be created (import --out, --lock-dir)", async () => {
    expectUserError(
      await run(["import", "--out", "afile"]),
      /cannot write the imported documents \(--out\) .*afile.*: .*is a file, not a folder/,
    );
    expect((await run(["import", "--out", "afile"])).stderr).not.toMatch(/already exists/);
    expectUserError(await run(["apply", "--auto-approve", "--lock-dir", "afile"]), /cannot mkdir .*afile: .*is a file, not a folder/);
  });
});

describe("run from the wrong folder", () => {
  it("a missing documents folder with no transync.yaml either says to run in the project's root", async () => {
    const result = await runCli(["validate"], { cwd: join(project.dir, "transformations") });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /folder "transformations" does not exist; .*there is no transync\.yaml in .*transformations either: run transync in the project's root folder/,
    );
  });
});

describe("plan --out onto what is not a plain file", () => {
  it("a FIFO or a device is refused, never replaced by a file (a reader of the FIFO would wait for ever)", async () => {
    execFileSync("mkfifo", [join(project.dir, "pipe")]);
    expectUserError(
      await run(["plan", "--out", "pipe"]),
      /cannot write the plan \(--out\) pipe: not a regular file \(a FIFO, socket or device\)/,
    );
    expect(lstatSync(join(project.dir, "pipe")).isFIFO()).toBe(true);
  });

  it("a symbolic link is replaced by the plan, never written through (a link a PR committed must not send the write elsewhere)", async () => {
    writeFileSync(join(project.dir, "real.json"), "keep");
    symlinkSync("real.json", join(project.dir, "link.json"));
    const result = await run(["plan", "--out", "link.json"]);
    expect(result.code, result.stderr).toBe(0);
    expect(lstatSync(join(project.dir, "link.json")).isSymbolicLink()).toBe(false);
    expect(JSON.parse(readFileSync(join(project.dir, "link.json"), "utf8"))).toMatchObject({ formatVersion: 1 });
    expect(readFileSync(join(project.dir, "real.json"), "utf8")).toBe("keep");
  });
});

describe("emulator and metrics server", () => {
  it("emulator --host that does not resolve", async () => {
    expectUserError(
      await run(["emulator", "--port", "0", "--host", "nosuch.invalid"]),
      /cannot listen on nosuch\.invalid:0: .*; pick another --host or --port/,
    );
  });

  it("emulator --data-file on a folder, or in a folder that does not exist", async () => {
    expectUserError(await run(["emulator", "--port", "0", "--data-file", "adir"]), /--data-file .*adir: it is a folder, not a file/);
    expectUserError(
      await run(["emulator", "--port", "0", "--data-file", "missing/state.jsonl"]),
      /--data-file .*missing\/state\.jsonl.*: the folder .*missing does not exist/,
    );
  });

  it("reconcile --metrics-port already in use, or a --metrics-host not on this machine, names the address", async () => {
    const port = new URL(emulator.url).port;
    expectUserError(
      await run(["reconcile", "--once", "--dry-run", "--metrics-port", port]),
      new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: the address is already in use; pick another --metrics-host or --metrics-port`),
    );
    expectUserError(
      await run(["reconcile", "--once", "--dry-run", "--metrics-port", "0", "--metrics-host", "192.0.2.123"]),
      /cannot listen on 192\.0\.2\.123:0: the address is not available on this machine/,
    );
  });
});

describe("system errors in words", () => {
  it("--events on a file that cannot be read says why without a bare code", async () => {
    writeFileSync(join(project.dir, "events.json"), "{}");
    const result = await run(["plan", "--events", "/proc/self/mem"]);
    expectUserError(result, /cannot read --events \/proc\/self\/mem: an input\/output error/);
  });
});
