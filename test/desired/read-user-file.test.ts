import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readUserStdin } from "../../src/desired/read-user-file.js";
import { UsageError } from "../../src/errors.js";

describe("readUserStdin", () => {
  it("reads every chunk to the end, strings and buffers alike", async () => {
    expect(await readUserStdin(Readable.from([Buffer.from('{"a":'), "1}"]), "the event")).toBe('{"a":1}');
  });

  it("stops with a UsageError naming what it read once the cap is passed (an endless pipe ends)", async () => {
    async function* endless(): AsyncGenerator<Buffer> {
      for (;;) yield Buffer.alloc(1024, 120);
    }
    const error = await readUserStdin(endless(), "the event", 4 * 1024 * 1024).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe("the event on standard input is over 4 MiB.");
  });
});
