import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { fakeClock } from "../live/helpers.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

const PROJECT = [
  "apiVersion: transync/v1",
  "defaultEnvironment: prod",
  "environments:",
  "  staging: { sources: { web: src_web } }",
  "  prod: { sources: { web: src_web } }",
  "freeze:",
  "  - { name: black-friday, from: 2026-11-26T00:00Z, to: 2026-12-01T00:00Z, environments: [prod] }",
  '  - { name: weekend, cron: "0 18 * * 5", duration: 62h, environments: [staging] }',
  "",
].join("\n");

const INSIDE = Date.parse("2026-11-27T12:00:00Z");
const OUTSIDE = Date.parse("2026-12-02T12:00:00Z"); // a Wednesday: no window is on

/** The emulator's record of writes: every POST, PATCH and DELETE it answered. */
function writes(emulator: RunningEmulator): string[] {
  return Object.keys(emulator.stats().byRoute).filter((route) => /^(POST|PATCH|DELETE) /.test(route));
}

describe("freeze windows (transync.yaml `freeze:`)", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const run = (now: number, ...args: string[]) =>
    runCli(args, {
      env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_CACHE_DIR: `${project.dir}/.cache` },
      cwd: project.dir,
      clock: fakeClock(now),
    });

  beforeEach(async () => {
    emulator = await startTestEmulator();
    project = tempProject({ "transync.yaml": PROJECT, "transformations/a.yaml": doc("A", "web") });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("inside a window apply refuses before any request, naming the window and its end (exit 1)", async () => {
    const r = await run(INSIDE, "apply", "--auto-approve");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('change freeze for environment "prod": window "black-friday" (until 2026-12-01T00:00Z) is on');
    expect(r.stderr).toContain("--break-freeze");
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(emulator.stats().requests).toBe(0); // not even the read under the lock
    expect(emulator.transformations("ws_test")).toEqual([]);
  });

  it("a window for another environment does not hold; outside every window apply applies", async () => {
    const staging = await run(INSIDE, "apply", "--auto-approve", "--env", "staging");
    expect(staging.code, staging.stderr).toBe(0);
    project.write("transformations/a.yaml", doc("A", "web", { if: "event = 'B'" }));
    const prod = await run(OUTSIDE, "apply", "--auto-approve");
    expect(prod.code, prod.stderr).toBe(0);
    expect(emulator.transformations("ws_test").map((t) => t.if)).toEqual(["event = 'B'"]);
  });

  it("the weekly window holds from Friday 18:00 for 62 hours", async () => {
    const friday = await run(Date.parse("2026-12-04T18:30:00Z"), "apply", "--auto-approve", "--env", "staging");
    expect(friday.code).toBe(1);
    expect(friday.stderr).toContain('window "weekend" (until 2026-12-07T08:00Z) is on');
    expect(writes(emulator)).toEqual([]);
    const monday = await run(Date.parse("2026-12-07T08:00:00Z"), "apply", "--auto-approve", "--env", "staging");
    expect(monday.code, monday.stderr).toBe(0);
    expect(emulator.transformations("ws_test")).toHaveLength(1);
  });

  it("--break-freeze applies, and the reason is printed and recorded in the text and JSON output", async () => {
    const text = await run(INSIDE, "apply", "--auto-approve", "--break-freeze", "checkout outage INC-42");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      'Change freeze broken (--break-freeze): window "black-friday" (until 2026-12-01T00:00Z); reason: checkout outage INC-42',
    );
    expect(emulator.transformations("ws_test")).toHaveLength(1);
    project.write("transformations/a.yaml", doc("A", "web", { if: "event = 'B'" }));
    const json = await run(INSIDE, "apply", "--auto-approve", "--format", "json", "--break-freeze", "INC-42");
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout).freezeBroken).toEqual({
      windows: [{ name: "black-friday", endsAt: "2026-12-01T00:00Z" }],
      reason: "INC-42",
    });
  });

  it("a saved plan is refused inside a window too, before the lock and any write", async () => {
    const planned = await run(OUTSIDE, "plan", "--out", "plan.json");
    expect(planned.code, planned.stderr).toBe(0);
    emulator.resetStats();
    const r = await run(INSIDE, "apply", "plan.json", "--auto-approve");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('window "black-friday"');
    expect(emulator.stats().requests).toBe(0);
    const broken = await run(INSIDE, "apply", "plan.json", "--auto-approve", "--break-freeze", "hotfix");
    expect(broken.code, broken.stderr).toBe(0);
    expect(broken.stdout).toContain("reason: hotfix");
    expect(emulator.transformations("ws_test")).toHaveLength(1);
  });

  it("plan says a freeze is on, in text, Markdown and JSON; and nothing when none is", async () => {
    const text = await run(INSIDE, "plan");
    expect(text.stdout).toContain('change freeze on: window "black-friday" (until 2026-12-01T00:00Z)');
    const markdown = await run(INSIDE, "plan", "--format", "markdown");
    expect(markdown.stdout).toMatch(/> - change freeze on&#58; window &quot;black-friday&quot; \(until 2026-12-01T00&#58;00Z\)/);
    const json = JSON.parse((await run(INSIDE, "plan", "--format", "json")).stdout);
    expect(json.warnings).toContainEqual({ message: expect.stringContaining('change freeze on: window "black-friday"') });
    const outside = JSON.parse((await run(OUTSIDE, "plan", "--format", "json")).stdout);
    expect(outside.warnings).toEqual([]);
  });

  it("reconcile skips the apply of a frozen cycle and says so; --break-freeze applies", async () => {
    const frozen = await run(INSIDE, "reconcile", "--once", "--dir", "transformations");
    expect(frozen.code, frozen.stderr).toBe(0);
    expect(frozen.stderr).toContain("change freeze: skipping the apply of this cycle");
    expect(frozen.stderr).toContain('window \\"black-friday\\" (until 2026-12-01T00:00Z) is on');
    expect(emulator.stats().requests).toBe(0);
    const broken = await run(INSIDE, "reconcile", "--once", "--dir", "transformations", "--break-freeze", "INC-7");
    expect(broken.code, broken.stderr).toBe(0);
    expect(broken.stderr).toContain("INC-7");
    expect(emulator.transformations("ws_test")).toHaveLength(1);
  });

  it.each([
    [
      "a bad date",
      "  - { name: x, from: 2026-11-31T00:00Z, to: 2026-12-01T00:00Z }",
      /transync\.yaml:7:\d+.*freeze window "x": expected a UTC instant/,
    ],
    [
      "`to` before `from`",
      "  - { name: x, from: 2026-12-01T00:00Z, to: 2026-11-01T00:00Z }",
      /transync\.yaml:7:\d+.*"to" .* must be after "from"/,
    ],
    ["a bad cron", '  - { name: x, cron: "0 25 * * *", duration: 1h }', /transync\.yaml:7:\d+.*bad hour "25"/],
    [
      "an unknown environment",
      "  - { name: x, from: 2026-11-26T00:00Z, to: 2026-12-01T00:00Z, environments: [prd] }",
      /transync\.yaml:7:\d+.*unknown environment "prd"/,
    ],
  ])("%s in `freeze:` is an error at its line, and nothing is read or written", async (_what, line, message) => {
    const lines = PROJECT.split("\n");
    lines.splice(6, 2, line);
    project.write("transync.yaml", lines.join("\n"));
    const r = await run(OUTSIDE, "apply", "--auto-approve");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(writes(emulator)).toEqual([]);
  });
});
