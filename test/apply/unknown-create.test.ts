import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { HttpLiveApi, resolveApiSettings } from "../../src/live/index.js";
import { executePlan } from "../../src/apply/index.js";
import { silentLogger } from "../../src/log.js";
import { createAction, makePlan } from "./plan-builder.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

/**
 * A create whose reply is lost (the emulator stores it, then drops the
 * connection) is looked up; when that read meets a 500, the create used to be reported "failed"
 * although it existed. Over HTTP, under seeded faults: what apply reports must match what exists.
 */
describe("unknown-outcome creates over HTTP", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });

  it("a create reported failed with a definite error never exists; every 'created' exists exactly once", async () => {
    const api = new HttpLiveApi(
      resolveApiSettings({
        flags: { apiUrl: emulator.url, maxRetries: 3, retryBudget: 5, rate: 1000 },
        env: { SEGMENT_API_TOKEN: TEST_TOKEN },
        projectApiUrl: undefined,
      }),
      {
        logger: silentLogger(),
        retryBaseMs: 2,
      },
    );
    let resolvedAfterLostReply = 0;
    for (const seed of [1, 2, 3, 4]) {
      emulator.setFaults({ seed, dropResponseAfterWrite: 1, rate500: 0.3 });
      const names = Array.from({ length: 6 }, (_, i) => `S${seed}-${i}`);
      const result = await executePlan(makePlan(names.map((n) => createAction(n))), api, {
        logger: silentLogger(),
        checkCreateNames: false,
      });
      emulator.setFaults({ dropResponseAfterWrite: 0, rate500: 0 });
      const stored = emulator.transformations("ws_test");
      for (const outcome of result.actions) {
        const copies = stored.filter((t) => t.name === outcome.name);
        const where = `seed ${seed}, ${outcome.name}: ${outcome.outcome} ${outcome.error?.message ?? ""}`;
        if (outcome.outcome === "created")
          expect(
            copies.map((t) => t.id),
            where,
          ).toEqual([outcome.id]);
        else if (!/is unknown/.test(outcome.error?.message ?? "")) expect(copies, where).toEqual([]);
        if (outcome.note === "the create succeeded though its reply was lost") resolvedAfterLostReply++;
      }
    }
    expect(resolvedAfterLostReply).toBeGreaterThan(5);
  });
});
