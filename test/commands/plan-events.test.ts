import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

const SRC = "src_web";
const TRANSYNC_KEY_EMAIL = "pepper-secret-4242";
const PROJECT = `apiVersion: transync/v1
environments:
  prod: { sources: { web: ${SRC} } }
defaultEnvironment: prod
`;
const track = (event: string, properties: Record<string, unknown> = {}) => ({ type: "track", event, properties });
const line = (value: unknown) => `${JSON.stringify(value)}\n`;

describe("plan --events: what changes for real events", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const env = () => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "warn", TRANSYNC_KEY_EMAIL });
  const run = (...args: string[]) => runCli(args, { env: env(), cwd: project.dir });

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [
        testWorkspace([
          { id: "tfm_rename", name: "Rename", sourceId: SRC, enabled: true, if: "event = 'Order Completed'", newEventName: "Order Old" },
          { id: "tfm_keep", name: "Keep", sourceId: SRC, enabled: true, if: "event = 'Signed Up'", newEventName: "Signed Up 2" },
          {
            id: "tfm_gone",
            name: "Gone",
            sourceId: SRC,
            enabled: true,
            if: "event = 'Cart Viewed'",
            fqlDefinedProperties: [{ fql: "lowercase(event)", propertyName: "properties.lower" }],
          },
        ]),
      ],
    });
    project = tempProject({
      "transync.yaml": PROJECT,
      "transformations/all.yaml": docs(
        doc("Rename", "web", { if: "event = 'Order Completed'", newEventName: "Order Placed" }),
        doc("Keep", "web", { if: "event = 'Signed Up'", newEventName: "Signed Up 2" }),
        doc("Hash email", "web", {
          if: "event = 'Signed Up'",
          hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["properties.email"], key: { fromEnv: "TRANSYNC_KEY_EMAIL" } },
        }),
      ),
      "events/a.json": JSON.stringify(
        [
          { source: "web", event: track("Order Completed", { n: 1 }) },
          { source: "web", event: track("Signed Up", { email: "a@b.c" }) },
        ],
        null,
        2,
      ),
      "events/b.jsonl":
        [1, 2, 3, 4].map((n) => line({ source: SRC, event: track("Order Completed", { n }) })).join("") +
        line({ source: "web", event: track("Cart Viewed") }),
      "events/notes.txt": "not an event file",
    });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("text: each event that comes out differently once (whole plan before/after, what applied on each side), at most 5 and a count", async () => {
    const res = await run("plan", "--prune", "--events", "events");
    expect(res.code, res.stderr).toBe(0);
    const section = res.stdout.slice(res.stdout.indexOf("What changes for real events"));
    expect(section).toContain("What changes for real events (7 sample events from events,");
    expect(section).toContain(
      "  7 of 7 sample events come out differently (each shown once: - through every live transformation, + through every planned one):",
    );
    // Sources show the alias the samples and documents use, next to the id.
    expect(section).toContain(
      'events/a.json:2 (source web (src_web); changes event)\n        applied now: "Rename"; after the plan: "Rename"',
    );
    expect(section).toContain(`- ${JSON.stringify(track("Order Old", { n: 1 }))}`);
    expect(section).toContain(`+ ${JSON.stringify(track("Order Placed", { n: 1 }))}`);
    expect(section).toContain("events/b.jsonl:3 (source web (src_web); changes event)");
    expect(section).not.toContain("events/b.jsonl:4 (");
    expect(section).toContain("… and 2 more");
    expect(section.match(/events\/a\.json:2 \(/g)).toHaveLength(1);
    // The hash key is resolved (the email is hashed) and never printed; the event lists both transformations that applied after.
    expect(section).toContain('applied now: "Keep"; after the plan: "Hash email", "Keep"');
    expect(section).toMatch(/\+ \{"type":"track","event":"Signed Up 2","properties":\{"email":"[0-9a-f]{64}"\}\}/);
    expect(res.stdout + res.stderr).not.toContain(TRANSYNC_KEY_EMAIL);
    // Each changed transformation with the sample events it applies to; unchanged ones are not listed.
    expect(section).toContain('    ~ update "Rename" (tfm_rename): matches 5 sample events\n');
    expect(section).toContain('    + create "Hash email": matches 1 sample event\n');
    expect(section).toContain('    - delete "Gone" (tfm_gone): matches 1 sample event\n');
    expect(section).not.toMatch(/update "Keep"/);
    expect(section).toContain('No recorded commit knows drop and hashPropertiesConfiguration of the deleted "Gone"');
    // The plan itself shows the alias the document was written with next to the id.
    expect(res.stdout).toContain("      + sourceId: web (src_web)\n");
  });

  it("the deleted object was read with get: its FQL-defined property is in the output before the plan", async () => {
    project.write("cart.jsonl", line({ source: "web", event: track("Cart Viewed") }));
    const res = await run("plan", "--prune", "--events", "cart.jsonl");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(`- ${JSON.stringify(track("Cart Viewed", { lower: "cart viewed" }))}`);
    expect(res.stdout).toContain('applied now: "Gone"; after the plan: none');
  });

  it("markdown: the section the PR comment shows; the saved plan is the same as without --events", async () => {
    const res = await run("plan", "--prune", "--events", "events", "--format", "markdown", "--out", "with.json");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain("### What changes for real events");
    expect(res.stdout).toContain(
      `# events/a.json:2 (source web (src_web); changes event)\n# applied now: "Rename"; after the plan: "Rename"\n- ${JSON.stringify(track("Order Old", { n: 1 }))}\n+ ${JSON.stringify(track("Order Placed", { n: 1 }))}`,
    );
    expect(res.stdout).toContain("- `~` update `Rename` (`tfm_rename`): matches 5 sample events");
    expect(res.stdout.indexOf("### What changes for real events")).toBeLessThan(res.stdout.indexOf("### What this plan read"));
    // The same format: Markdown tries the event volumes by default, and counts that call (docs/impact.md).
    expect((await run("plan", "--prune", "--format", "markdown", "--out", "without.json")).code).toBe(0);
    const read = (file: string) => JSON.parse(readFileSync(join(project.dir, file), "utf8")) as { digest: string };
    expect(read("with.json")).toEqual(read("without.json"));
  });

  it("plan needs no hash key value: it warns, at the document, that apply needs the variable; apply refuses before any write", async () => {
    const res = await runCli(["plan", "--prune"], { env: { ...env(), TRANSYNC_KEY_EMAIL: "" }, cwd: project.dir });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(
      /transformations\/all\.yaml:\d+:1: "Hash email": the hash key comes from the environment variable TRANSYNC_KEY_EMAIL, which is not set; apply needs it/,
    );
    const applied = await runCli(["apply", "--prune", "--auto-approve"], { env: { ...env(), TRANSYNC_KEY_EMAIL: "" }, cwd: project.dir });
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain("1 hash key comes from an unset environment variable; nothing was sent.");
    expect(applied.stderr).toMatch(
      /transformations\/all\.yaml:\d+:1 hashPropertiesConfiguration\.key: the hash key comes from the environment variable TRANSYNC_KEY_EMAIL, which is not set; "Hash email" cannot be sent without it: set TRANSYNC_KEY_EMAIL where transync runs/,
    );
  });

  it("long events are shortened", async () => {
    project.write("long.jsonl", line({ source: "web", event: track("Order Completed", { blob: "x".repeat(5000) }) }));
    const res = await run("plan", "--events", "long.jsonl");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/- \{"type":"track","event":"Order Old","properties":\{"blob":"x+… \(\d+ more characters\)/);
    expect(res.stdout).not.toContain("x".repeat(400));
  });

  it("a bad event file is an error with file:line, exit 1, before any API call", async () => {
    const cases: Array<[string, string, RegExp]> = [
      [
        "bad.jsonl",
        line({ source: "web", event: track("A") }) + '{"source": "web", "event": {"type": tru}}\n',
        /bad\.jsonl:2:37 not valid JSON \(unexpected "t"\)/,
      ],
      [
        "keys.jsonl",
        line({ source: "web", event: track("A") }) + "\n" + line({ sorce: "web", event: track("A") }),
        /keys\.jsonl:3 unknown key "sorce" \(did you mean "source"\?\)/,
      ],
      [
        "array.json",
        '[\n  {"source": "web", "event": {}},\n  {"source": "web", "event": [1]}\n]',
        /array\.json:3 "event" must be the event as a JSON object/,
      ],
      ["syntax.json", '{\n  "source": "web",\n  "event": {,}\n}', /syntax\.json:3:13 not valid JSON/],
      ["nosource.json", '{"event": {}}', /nosource\.json:1 "source" must be the source id/],
    ];
    for (const [file, content, message] of cases) {
      project.write(file, content);
      emulator.resetStats();
      const res = await run("plan", "--events", file);
      expect(res.code, file).toBe(1);
      expect(res.stderr, file).toMatch(message);
      expect(res.stderr).not.toMatch(/\n\s+at /); // no stack trace
      expect(emulator.stats().requests, file).toBe(0);
    }
  });

  it("more than 10,000 sample events is a clear error", async () => {
    project.write("many.jsonl", line({ source: "web", event: track("A") }).repeat(10_001));
    const res = await run("plan", "--events", "many.jsonl");
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      "--events many.jsonl holds more than 10000 sample events (the next one is at many.jsonl:10001); keep a sample of at most 10000.",
    );
  });

  it("an unknown source alias names the sample; a missing path, an empty folder and --format json are usage errors", async () => {
    project.write("alias.jsonl", line({ source: "webb", event: track("A") }));
    const alias = await run("plan", "--events", "alias.jsonl");
    expect(alias.code).toBe(1);
    expect(alias.stderr).toMatch(/alias\.jsonl:1 source: unknown source alias "webb" for environment "prod"; did you mean "web"\?/);
    expect((await run("plan", "--events", "missing")).stderr).toContain("cannot read --events missing: no such file or folder");
    project.write("empty/readme.md", "");
    expect((await run("plan", "--events", "empty")).stderr).toContain(
      "--events empty: the folder has no *.json, *.jsonl or *.ndjson file.",
    );
    const json = await run("plan", "--events", "events", "--format", "json");
    expect(json.code).toBe(1);
    expect(json.stderr).toContain("--events adds a section to the text and Markdown reports");
  });
});
