import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_KIND, knownKinds, TRANSFORMATION } from "../../src/kinds/index.js";
import { FIELDS } from "../../src/model/fields.js";
import { HttpLiveApi } from "../../src/live/http-live-api.js";
import { KindClient } from "../../src/live/kind-client.js";
import { silentLogger } from "../../src/log.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { settingsFor } from "../live/helpers.js";

/** The Transformation's descriptor tells the truth: the generic client, given only it, talks to the emulator as HttpLiveApi does. */
describe("the Transformation's descriptor (src/kinds/transformation/index.ts)", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });

  it("is the default kind of transync itself (Destination Filters next), with the field registry", () => {
    expect(knownKinds().map((kind) => kind.name)).toEqual(["Transformation", "DestinationFilter"]);
    expect(DEFAULT_KIND).toBe(TRANSFORMATION);
    expect(TRANSFORMATION.fields).toBe(FIELDS);
  });

  it("its api paths, keys and decode rule read and write real Transformations: KindClient and HttpLiveApi see the same objects", async () => {
    const http = new HttpLiveApi(settingsFor(emulator.url, { token: TEST_TOKEN, rate: undefined }), { logger: silentLogger() });
    const generic = new KindClient(http, TRANSFORMATION);
    const made = await generic.create({
      name: "Via the descriptor",
      sourceId: "src_web",
      enabled: true,
      if: "event = 'A'",
      propertyRenames: [{ oldName: "a", newName: "b" }],
    });
    expect(await http.get(made.id)).toEqual(made);
    const updated = await generic.update(made.id, { enabled: false });
    expect(await http.get(made.id)).toEqual(updated);
    expect((await generic.listAll()).map((t) => t.id)).toEqual((await http.listPage()).items.map((t) => t.id));
    await generic.remove(made.id);
    expect(await generic.listAll()).toEqual([]);
  });
});
