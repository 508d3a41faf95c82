import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { loadEmulatorConfig } from "../../src/emulator/config.js";
import { tokenValue, type EmulatorConfig, type RunningEmulator } from "../../src/emulator/index.js";
import { HttpLiveApi } from "../../src/live/http-live-api.js";
import { createEventVolumeReads } from "../../src/live/events-volume.js";
import { silentLogger } from "../../src/log.js";
import type { DailyEventVolume } from "../../src/model/event-volume.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { acceleratedClock } from "../helpers/fast-clock.js";

const EXAMPLES = join(import.meta.dirname, "../../examples");

/** The sources and plain event selectors of examples/transformations (`event = '…'`, `event in [...]`). */
function selectedEvents(): Array<{ alias: string; event: string; name: string }> {
  const found: Array<{ alias: string; event: string; name: string }> = [];
  for (const file of readdirSync(join(EXAMPLES, "transformations"))) {
    for (const doc of parseAllDocuments(readFileSync(join(EXAMPLES, "transformations", file), "utf8"))) {
      const { name, sourceId, if: condition } = doc.toJS() as { name: string; sourceId: string; if: string };
      const equal = /^event = '([^']+)'/.exec(condition);
      const listed = /^event in \[(.*)\]$/.exec(condition);
      const events = equal ? [equal[1]!] : listed ? [...listed[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!) : [];
      for (const event of events) found.push({ alias: sourceId, event, name });
    }
  }
  return found;
}

/** `npm run demo` plans against examples/emulator.yaml: its volumes must give the examples' changes numbers. */
describe("the demo's emulator has a week of volume for every event the examples select", () => {
  let config: EmulatorConfig;
  let emulator: RunningEmulator;
  // The client and the emulator on one fast clock: the reads are paced at the endpoint's one a second.
  const clock = acceleratedClock(50);
  beforeAll(async () => {
    config = await loadEmulatorConfig(join(EXAMPLES, "emulator.yaml"));
    emulator = await startTestEmulator(config, { now: clock.now });
  });
  afterAll(() => emulator.close());

  it("in both workspaces, each selected event of each source has events every day of the last 7", async () => {
    const selected = selectedEvents();
    expect(selected.length).toBeGreaterThanOrEqual(8);
    expect(selected.map((s) => s.event)).toContain("Subscription Renewed");
    for (const workspace of config.workspaces) {
      const api = new HttpLiveApi(
        {
          baseUrl: emulator.url,
          token: tokenValue(workspace.tokens[0]!),
          tokenEnv: "SEGMENT_API_TOKEN",
          maxRetries: 2,
          retryBudgetMs: 5000,
          timeoutMs: 60_000,
          maxReplyBytes: 1 << 20,
        },
        { logger: silentLogger(), ...clock },
      );
      const reads = createEventVolumeReads(api, silentLogger(), clock);
      const bySource = new Map<string, Promise<DailyEventVolume[]>>();
      for (const { alias, event, name } of selected) {
        // The examples name sources by slug aliases (web, ios, server) equal to the slugs.
        const sourceId = workspace.sources!.find((s) => s.slug === alias)!.id;
        if (!bySource.has(sourceId)) bySource.set(sourceId, reads.daily(sourceId, 7));
        const row = (await bySource.get(sourceId)!).find((r) => r.eventName === event);
        expect(
          row?.perDay.every((n) => n > 0),
          `${workspace.slug}: "${event}" of ${alias} (${name})`,
        ).toBe(true);
      }
    }
  });
});
