import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

const SRC = "src_web";
const PROJECT = `apiVersion: transync/v1
environments:
  prod: { sources: { web: ${SRC} } }
defaultEnvironment: prod
connections:
  amplitude-prod: { source: web, destination: { id: dst_amp, slug: amplitude } }
`;
const FILTER = `apiVersion: transync/v1
kind: DestinationFilter
name: "Drop B\\u001b[2J"
destination: amplitude-prod
if: event = 'B'
actions: [{ type: DROP }]
`;

describe("plan --events: samples naming a destination instance run the whole pipeline", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const run = (...args: string[]) =>
    runCli(args, { env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "warn" }, cwd: project.dir });

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [
        {
          ...testWorkspace([{ id: "tfm_a", name: "Rename A", sourceId: SRC, enabled: true, if: "event = 'A'", newEventName: "X" }]),
          sources: [{ id: SRC, slug: "web", destinations: [{ id: "dst_amp", name: "Amplitude prod", metadataId: "meta_amp" }] }],
          volumes: [
            { sourceId: SRC, eventName: "A", eventType: "track", perDay: Array.from({ length: 7 }, () => 1000) },
            { sourceId: SRC, eventName: "C", eventType: "track", perDay: Array.from({ length: 7 }, () => 1000) },
          ],
        },
      ],
      catalog: { destinations: [{ id: "meta_amp", slug: "amplitude", name: "Amplitude" }] },
    });
    project = tempProject({
      "transync.yaml": PROJECT,
      "transformations/all.yaml": docs(doc("Rename A", "web", { if: "event = 'A'", newEventName: "B" })),
      "transformations/filters.yaml": FILTER,
      "events/a.jsonl": `${JSON.stringify({ source: "web", destination: "amplitude-prod", event: { type: "track", event: "A" } })}\n`,
    });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("a rename that now reaches a filter's if: the event is shown dropped by that filter, and the filter's drops counted before and after", async () => {
    const res = await run("plan", "--events", "events");
    expect(res.code, res.stderr).not.toBe(1);
    expect(res.stderr).not.toContain("\u001b[2J");
    expect(res.stdout).not.toContain("\u001b[2J");
    expect(res.stdout).toContain("destination instance amplitude-prod");
    expect(res.stdout).toContain('- {"type":"track","event":"X"}');
    expect(res.stdout).toContain('+ dropped by filter "Drop B\\u001b[2J"');
    expect(res.stdout).toContain('instance amplitude-prod, filter "Drop B\\u001b[2J" stops 0 sample events now, 1 after the plan');
    const md = await run("plan", "--events", "events", "--format", "markdown");
    expect(md.stdout).toContain("+ dropped by filter");
    expect(md.stdout).not.toContain("\u001b[2J");
  });

  it("a filter change no sample ran through (no sample names its instance) is 'not checked', not 'matches no sample event'", async () => {
    project.write("events/a.jsonl", `${JSON.stringify({ source: "web", event: { type: "track", event: "B" } })}\n`);
    const res = await run("plan", "--events", "events");
    expect(res.code, res.stderr).not.toBe(1);
    const line = res.stdout.split("\n").find((l) => l.includes('create DestinationFilter "Drop B') && l.includes("sample"));
    expect(line).toContain("not checked: no sample event names its destination instance");
    expect(line).not.toContain("matches no sample event");
    const md = await run("plan", "--events", "events", "--format", "markdown");
    // Markdown escapes the colon (src/escape/markdown-escape.ts).
    expect(md.stdout).toContain("not checked&#58; no sample event names its destination instance");
    // A sample naming the instance runs it: its count is told again (the rename makes no B event here).
    project.write(
      "events/a.jsonl",
      `${JSON.stringify({ source: "web", destination: "amplitude-prod", event: { type: "track", event: "C" } })}\n`,
    );
    const checked = (await run("plan", "--events", "events")).stdout
      .split("\n")
      .find((l) => l.includes('create DestinationFilter "Drop B') && l.includes("sample"));
    expect(checked).toContain("matches no sample event");
  });

  it("the guards count what a change newly has an instance's filter drop downstream (share of the instance's samples times the source's volume)", async () => {
    project.write("transync.yaml", `${PROJECT}guards:\n  maxDroppedPerDay: 100\n`);
    project.write(
      "events/a.jsonl",
      [
        { source: "web", destination: "amplitude-prod", event: { type: "track", event: "A" } },
        { source: "web", destination: "amplitude-prod", event: { type: "track", event: "C" } },
      ]
        .map((sample) => `${JSON.stringify(sample)}\n`)
        .join(""),
    );
    const res = await run("plan", "--format", "json", "--volumes", "--events", "events");
    expect(res.code, res.stderr).toBe(0);
    const plan = JSON.parse(res.stdout) as { guards?: { action: { name: string }; rule: string; value: number; basis: string }[] };
    // Half of the instance's samples are newly dropped by "Drop B": half of the source's 2,000 events a day.
    expect(plan.guards).toEqual([
      {
        action: { index: 0, kind: "update", name: "Rename A", id: "tfm_a" },
        rule: "maxDroppedPerDay",
        value: 1000,
        limit: 100,
        basis: "estimate",
      },
    ]);
    // Without samples naming the instance, the rename drops nothing at the source: no hit.
    project.write("events/a.jsonl", `${JSON.stringify({ source: "web", event: { type: "track", event: "A" } })}\n`);
    const atSource = JSON.parse((await run("plan", "--format", "json", "--volumes", "--events", "events")).stdout) as {
      guards?: unknown[];
    };
    expect(atSource.guards ?? []).toEqual([]);
  });
});
