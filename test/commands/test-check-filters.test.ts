import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import type { FilterPreviewConfig, RunningEmulator } from "../../src/emulator/index.js";
import { HEADER } from "./test-fixtures.js";

const PREVIEW = "POST /destination/filters/preview";
const FILTERS = `apiVersion: transync/v1
kind: DestinationFilter
name: Strip email unless test
destination: amplitude-prod
if: "!contains(event, 'Test')"
actions: [{ type: DROP_PROPERTIES, fields: { properties: [email] } }]
---
apiVersion: transync/v1
kind: DestinationFilter
name: Drop B
destination: amplitude-prod
if: event = 'B'
actions: [{ type: DROP }]
`;
const CASES = `${HEADER}  - name: renamed and stripped
    source: web
    destination: amplitude-prod
    event: { type: track, event: A, properties: { email: a@b.c, n: 1 } }
    expect: { event: { type: track, event: C, properties: { n: 1 } } }
`;

/** `test --check-with-segment` on a case of a destination instance: each filter goes to the preview whole, and the whole results are compared. */
describe("transync test --check-with-segment: Destination Filters", () => {
  let emulator: RunningEmulator;
  let project: TempProject;

  async function start(filterPreview?: FilterPreviewConfig): Promise<void> {
    emulator = await startTestEmulator({ workspaces: [{ ...testWorkspace(), ...(filterPreview ? { filterPreview } : {}) }] });
    project = tempProject({
      "transync.yaml": `apiVersion: transync/v1\napiUrl: "${emulator.url}"\nenvironments:\n  staging: { sources: { web: src_stg_web } }\ndefaultEnvironment: staging\nconnections:\n  amplitude-prod: { source: web, destination: { slug: amplitude, name: Amplitude prod } }\n`,
      "transformations/all.yaml": doc("Rename A", "web", { if: "event = 'A'", newEventName: "C" }),
      "transformations/filters.yaml": FILTERS,
      "tests/a.yaml": CASES,
    });
  }
  const run = (...args: string[]) =>
    runCli(["test", "--check-with-segment", ...args], {
      cwd: project.dir,
      env: { SEGMENT_API_TOKEN: TEST_TOKEN, TRANSYNC_ALLOW_API_HOSTS: new URL(emulator.url).host },
    });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("each filter is sent with the event as it reaches it; the whole results agree", async () => {
    await start();
    const res = await run();
    expect(res.code, res.stdout + res.stderr).toBe(0);
    // One if-check for the transformation, one whole-filter check for each of the two filters.
    expect(emulator.stats().byRoute[PREVIEW]).toBe(3);
    expect(res.stdout.trimEnd().split("\n").at(-1)).toBe(
      "3 checks against Segment's engine: 3 agree, 0 disagree; 0 skipped by --max-checks 200",
    );
  });

  it("a result that differs while both keep the event is a disagreement: the whole result is compared", async () => {
    await start({ negateFunction: "contains" });
    const res = await run();
    expect(res.code).toBe(1);
    expect(res.stdout).toContain('× filter "Strip email unless test" of amplitude-prod (transformations/filters.yaml:1)');
    expect(res.stdout).toContain('transync: {"type":"track","event":"C","properties":{"n":1}}');
    expect(res.stdout).toContain('Segment:  {"type":"track","event":"C","properties":{"email":"a@b.c","n":1}}');
    const json = JSON.parse((await run("--format", "json")).stdout) as { segmentChecks: { disagreements: Record<string, unknown>[] } };
    expect(json.segmentChecks.disagreements).toEqual([
      expect.objectContaining({
        filter: "Strip email unless test",
        instance: "amplitude-prod",
        transync: "kept",
        segment: "kept",
        transyncResult: { type: "track", event: "C", properties: { n: 1 } },
        segmentResult: { type: "track", event: "C", properties: { email: "a@b.c", n: 1 } },
      }),
    ]);
  });
});
