import { afterEach, describe, expect, it } from "vitest";
import { readSampleEvents, toSample } from "../../src/pipeline/read-events.js";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { UsageError, ValidationError } from "../../src/errors.js";
import { tempProject, type TempProject } from "../helpers/project.js";

describe("readSampleEvents", () => {
  let project: TempProject | undefined;
  afterEach(() => project?.cleanup());

  it("a folder: every .json/.jsonl/.ndjson directly inside, in name order; BOM, CRLF and blank lines are fine", async () => {
    project = tempProject({
      "ev/b.ndjson": '\uFEFF{"source":"web","event":{"n":2}}\r\n\r\n{"source":"web","destination":"dst_1","event":{"n":3}}\r\n',
      "ev/a.json": '{"source": "ios", "event": {"n": 1}}',
      "ev/skip.yaml": "not read",
      "ev/sub/c.json": '{"source": "x", "event": {}}',
    });
    const samples = await readSampleEvents(project.dir, "ev");
    expect(samples).toEqual([
      { where: "ev/a.json:1", source: "ios", event: { n: 1 } },
      { where: "ev/b.ndjson:1", source: "web", event: { n: 2 } },
      { where: "ev/b.ndjson:3", source: "web", destination: "dst_1", event: { n: 3 } },
    ]);
  });

  it("lists every bad sample with file:line, not only the first", async () => {
    project = tempProject({ "e.jsonl": '{"source":"web"}\n[1]\n{"source":"web","event":{},"destinaton":"d"}\n' });
    const error = await readSampleEvents(project.dir, "e.jsonl").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.where)).toEqual(["e.jsonl:1", "e.jsonl:2", "e.jsonl:3"]);
    expect((error as ValidationError).issues[2]?.message).toContain('unknown key "destinaton" (did you mean "destination"?)');
  });

  it("a link in the folder (or the path named) that leaves the working directory is refused, naming it; links inside are read", async () => {
    const outside = tempProject({ "secret.json": '{"source":"web","event":{"stolen":"credentials"}}' });
    try {
      project = tempProject({ "fixtures/a.json": '{"source":"web","event":{"n":1}}', "ev/.keep": "" });
      symlinkSync("../fixtures/a.json", join(project.dir, "ev/a.json"));
      expect(await readSampleEvents(project.dir, "ev")).toEqual([{ where: "ev/a.json:1", source: "web", event: { n: 1 } }]);
      symlinkSync(join(outside.dir, "secret.json"), join(project.dir, "ev/b.json"));
      symlinkSync(outside.dir, join(project.dir, "linked"));
      for (const path of ["ev", "ev/b.json", "linked", "linked/secret.json"]) {
        const error = await readSampleEvents(project.dir, path).catch((e: unknown) => e);
        expect(error, path).toBeInstanceOf(UsageError);
        expect((error as Error).message).toMatch(/symbolic link.*outside the working directory/);
        expect((error as Error).message).not.toContain("credentials");
      }
      // A folder named outside the working directory is the user's choice: its own files are read,
      // and a link among them that leads out of it is refused (issue 24).
      expect(await readSampleEvents(project.dir, outside.dir)).toHaveLength(1);
      symlinkSync(join(project.dir, "fixtures", "a.json"), join(outside.dir, "z.json"));
      const linked = await readSampleEvents(project.dir, outside.dir).catch((e: unknown) => e);
      expect(linked).toBeInstanceOf(UsageError);
      expect((linked as Error).message).toMatch(/z\.json: a symbolic link takes it outside the folder .* \(to .*a\.json\)/);
    } finally {
      outside.cleanup();
    }
  });
});

describe("toSample", () => {
  it("checks source, destination and event", () => {
    expect(toSample({ source: "", event: {} }, "f:1")).toMatchObject({ where: "f:1", message: expect.stringContaining('"source"') });
    expect(toSample({ source: "s", destination: 5, event: {} }, "f:1")).toMatchObject({
      message: expect.stringContaining('"destination"'),
    });
    expect(toSample({ source: "s", event: null }, "f:1")).toMatchObject({ message: expect.stringContaining('"event"') });
    expect(toSample("x", "f:1")).toMatchObject({ message: expect.stringContaining("not a sample") });
    let deep: unknown = {};
    for (let i = 0; i < 63; i++) deep = { a: deep }; // 64 levels: at the bound
    expect(toSample({ source: "s", event: { ok: deep } }, "f:2")).toMatchObject({
      where: "f:2",
      message: expect.stringContaining("nested more than 64 levels"),
    });
    expect(toSample({ source: "s", event: deep }, "f:3")).toMatchObject({ where: "f:3", source: "s" });
  });
});
