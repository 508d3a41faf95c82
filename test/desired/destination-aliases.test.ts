import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

// transync.yaml's `destinations:` (alias -> destination metadata id) is accepted wherever a
// destination metadata id is written: documents, test cases, simulate, plan --events; import writes it back.
const BLUESHIFT = "547610a5db31d978f14a5c4e";
const SRC = "src_web";
const PROJECT = `apiVersion: transync/v1
environments:
  prod: { sources: { web: ${SRC} } }
defaultEnvironment: prod
destinations:
  blueshift: ${BLUESHIFT}
`;
const signup = { type: "track", event: "Signed Up", properties: { plan: "pro", secret: "x" } };

describe("destination aliases (transync.yaml destinations:)", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const run = (...args: string[]) =>
    runCli(args, { cwd: project.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "warn" } });

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [
        testWorkspace([
          {
            id: "tfm_bs",
            name: "Blueshift fields",
            sourceId: SRC,
            destinationMetadataId: BLUESHIFT,
            enabled: true,
            if: "event = 'Signed Up'",
            allowProperties: ["plan", "secret"],
          },
        ]),
      ],
    });
    project = tempProject({
      "transync.yaml": PROJECT,
      "transformations/all.yaml": docs(
        doc("Blueshift fields", "web", { destinationMetadataId: "blueshift", if: "event = 'Signed Up'", allowProperties: ["plan"] }),
      ),
      "tests/blueshift.yaml": [
        "apiVersion: transync/v1",
        "kind: TransformationTest",
        "cases:",
        "  - name: Blueshift sees only the plan",
        "    source: web",
        "    destination: blueshift",
        `    event: ${JSON.stringify(signup)}`,
        "    expect: { event: { type: track, event: Signed Up, properties: { plan: pro } }, matched: [Blueshift fields] }",
        "",
      ].join("\n"),
      "event.json": JSON.stringify(signup),
      "events.jsonl": `${JSON.stringify({ source: "web", destination: "blueshift", event: signup })}\n`,
    });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("a document's alias becomes the metadata id: the plan compares and sends the id", async () => {
    const res = await run("plan", "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    const plan = JSON.parse(res.stdout) as {
      actions: Array<{ kind: string; body?: Record<string, unknown>; changes?: Array<{ field: string }> }>;
    };
    const update = plan.actions.find((a) => a.kind === "update");
    expect(update?.changes?.map((c) => c.field)).toEqual(["allowProperties"]);
    expect(plan.actions.some((a) => a.kind === "create")).toBe(false);
  });

  it("a misspelt alias is an error at its line with a suggestion, never taken as an id", async () => {
    project.write(
      "transformations/all.yaml",
      [
        "apiVersion: transync/v1",
        "kind: Transformation",
        "name: Typo",
        "sourceId: web",
        "enabled: true",
        "if: all",
        "destinationMetadataId: blueshfit",
        "",
      ].join("\n"),
    );
    const res = await run("validate");
    expect(res.code).toBe(1);
    expect(res.stdout + res.stderr).toMatch(
      /transformations\/all\.yaml:7:\d+ .*unknown destination alias "blueshfit"; did you mean "blueshift"\?/,
    );
  });

  it("transync test and validate resolve a case's destination alias; a misspelt one is an error at file:line", async () => {
    const ok = await run("test");
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout.trim().split("\n").at(-1)).toBe("1 passed, 0 failed");
    project.write(
      "tests/blueshift.yaml",
      readFileSync(join(project.dir, "tests/blueshift.yaml"), "utf8").replace("destination: blueshift", "destination: blueshfit"),
    );
    for (const command of ["test", "validate"]) {
      const bad = await run(command);
      expect(bad.code).toBe(1);
      expect(bad.stdout + bad.stderr).toMatch(/tests\/blueshift\.yaml:6:\d+ .*did you mean "blueshift"/);
    }
  });

  it("simulate --destination takes the alias; a misspelt one is a usage error", async () => {
    const res = await run("simulate", "--source", "web", "--destination", "blueshift", "--event", "event.json", "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ dropped: false, matched: ["Blueshift fields"], event: { properties: { plan: "pro" } } });
    const bad = await run("simulate", "--source", "web", "--destination", "blueshfit", "--event", "event.json");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--destination: unknown destination alias "blueshfit"; did you mean "blueshift"?');
  });

  it("plan --events: a sample's destination alias selects the destination-scoped transformation", async () => {
    // The document names the id itself, so only the sample's alias is resolved here.
    project.write(
      "transformations/all.yaml",
      doc("Blueshift fields", "web", { destinationMetadataId: BLUESHIFT, if: "event = 'Signed Up'", allowProperties: ["plan"] }),
    );
    const res = await run("plan", "--events", "events.jsonl");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('~ update "Blueshift fields" (tfm_bs): matches 1 sample event\n');
    expect(res.stdout).toContain(`events.jsonl:1 (source web (src_web), destination blueshift (${BLUESHIFT}); changes properties.secret)`);
  });

  it("import writes the alias back, and what it writes reads back to the same id", async () => {
    project.remove("transformations");
    const res = await run("import", "--env", "prod");
    expect(res.code, res.stderr).toBe(0);
    const [file] = readdirSync(join(project.dir, "transformations"));
    expect(readFileSync(join(project.dir, "transformations", file!), "utf8")).toMatch(/^destinationMetadataId: blueshift$/m);
    const plan = await run("plan", "--format", "json");
    expect(plan.code, plan.stderr).toBe(0);
    expect((JSON.parse(plan.stdout) as { summary: Record<string, number> }).summary).toMatchObject({ create: 0, update: 0, delete: 0 });
  });
});
