import { describe, expect, it } from "vitest";
import { fuzzEmulator } from "../chaos/fuzz-emulator.js";

describe("emulator HTTP fuzz (seeded)", () => {
  it("2,000 random requests over raw sockets: every reply carries the envelope, none is a 5xx, every reply is logged", async () => {
    const result = await fuzzEmulator({ seed: 20261123, requests: 2000 });
    expect(result.examples).toEqual([]);
    expect(result).toMatchObject({ requests: 2000, envelopeViolations: 0, serverErrors: 0, unlogged: 0 });
  }, 180_000);
});
