import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EmulatorConfig, RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { runCli } from "../helpers/run-cli.js";
import { tempProject, type TempProject } from "../helpers/project.js";

// Interacting Destination Filters on one instance (src/kinds/destination-filter/interactions.ts): what
// `simulate` and `test` say, `validate` and `plan` say too, as the warning `filter-interaction` at the
// later document naming both at file:line, silenced by that document's `lint.ignore`.
const PROJECT = `apiVersion: transync/v1
defaultEnvironment: prod
environments:
  prod: { sources: { web: src_web } }
connections:
  amplitude-prod: { source: web, destination: { slug: amplitude, name: Amplitude prod } }
`;

const CONFIG: EmulatorConfig = {
  workspaces: [
    {
      ...testWorkspace(),
      sources: [{ id: "src_web", slug: "web", destinations: [{ id: "dst_amp", name: "Amplitude prod", metadataId: "meta_amp" }] }],
    },
  ],
  catalog: { destinations: [{ id: "meta_amp", slug: "amplitude", name: "Amplitude" }] },
};

const STRIP = [
  "apiVersion: transync/v1",
  "kind: DestinationFilter",
  "name: Strip email",
  "destination: amplitude-prod",
  "if: \"type = 'track'\"",
  "actions: [{ type: DROP_PROPERTIES, fields: { properties: [email] } }]",
];
/** Names the same instance by `{ slug, name }` and its source, not by the alias. */
const BY_EMAIL = (lint: string[] = []): string[] => [
  "apiVersion: transync/v1",
  "kind: DestinationFilter",
  "name: Drop staff",
  "source: web",
  "destination: { slug: amplitude, name: Amplitude prod }",
  "if: \"contains(properties.email, '@acme.com')\"",
  "actions: [{ type: DROP }]",
  ...lint,
];
const IGNORE = ["lint:", "  ignore:", "    - rule: filter-interaction", "      reason: the strip runs after this filter in the workspace"];

const file = (...docs: string[][]): string => docs.map((d) => d.join("\n") + "\n").join("---\n");

describe("filter-interaction: validate and plan warn about interacting filters of one instance", () => {
  let project: TempProject;
  let emulator: RunningEmulator | undefined;
  beforeEach(() => {
    project = tempProject({ "transync.yaml": PROJECT });
  });
  afterEach(async () => {
    await emulator?.close();
    emulator = undefined;
    project.cleanup();
  });

  it("validate warns at the later document, naming both at file:line; --strict fails on it", async () => {
    project.write("transformations/filters.yaml", file(STRIP, BY_EMAIL()));
    const run = await runCli(["validate"], { cwd: project.dir });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^transformations\/filters\.yaml:8:1 warning\[filter-interaction\]: /);
    expect(lines[0]).toContain('"Strip email" (transformations/filters.yaml:1)');
    expect(lines[0]).toContain('"Drop staff" (transformations/filters.yaml:8)');
    expect(lines[0]).toContain("properties.email");
    expect(lines[0]).toContain("amplitude-prod");
    expect(lines.at(-1)).toContain("0 errors, 1 warning.");
    expect((await runCli(["validate", "--strict"], { cwd: project.dir })).code).toBe(1);
  });

  it("the later document's lint.ignore silences it (no unused ignore); filters on other instances or disabled do not interact", async () => {
    project.write("transformations/filters.yaml", file(STRIP, BY_EMAIL(IGNORE)));
    const silenced = await runCli(["validate", "--strict"], { cwd: project.dir });
    expect(silenced.code, silenced.stdout + silenced.stderr).toBe(0);
    expect(silenced.stdout).toBe("Validated 0 transformations and 2 destination filters in 1 file: 0 errors, 1 warning (1 silenced).\n");

    project.write("transformations/filters.yaml", file([...STRIP, "enabled: false"], BY_EMAIL()));
    const disabled = await runCli(["validate"], { cwd: project.dir });
    expect(disabled.stdout).toBe("Validated 0 transformations and 2 destination filters in 1 file: 0 errors, 0 warnings.\n");
  });

  it("refuses a lint.ignore of a DestinationFilter that names no warning id, or has no reason", async () => {
    project.write(
      "transformations/filters.yaml",
      file(STRIP, BY_EMAIL(["lint:", "  ignore:", "    - rule: filter-interactoin", "      reason: x"])),
    );
    const run = await runCli(["validate"], { cwd: project.dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('unknown warning id "filter-interactoin"; did you mean filter-interaction?');
    project.write("transformations/filters.yaml", file(STRIP, BY_EMAIL(["lint:", "  ignore:", "    - rule: filter-interaction"])));
    const missing = await runCli(["validate"], { cwd: project.dir });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain("lint.ignore.0");
    // lint holds in every environment: an override cannot set it.
    project.write("transformations/filters.yaml", file(STRIP, BY_EMAIL(["overrides:", "  prod: { lint: { ignore: [] } }"])));
    const overridden = await runCli(["validate"], { cwd: project.dir });
    expect(overridden.code).toBe(1);
    expect(overridden.stdout).toContain("overrides.prod.lint: lint cannot be set per environment");
  });

  it("plan shows the warning with its id, and not once silenced", async () => {
    emulator = await startTestEmulator(CONFIG);
    const env = { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "warn" };
    // A hostile name stays one line, escaped, in text and Markdown.
    const hostile = STRIP.map((line) => (line === "name: Strip email" ? 'name: "Strip email\\u001b[2J"' : line));
    project.write("transformations/filters.yaml", file(hostile, BY_EMAIL()));
    const planned = await runCli(["plan"], { cwd: project.dir, env });
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toMatch(/transformations\/filters\.yaml:8:1: \[filter-interaction\] [^\n]*"Strip email\\u001b\[2J"/);
    expect(planned.stdout).not.toContain("\u001b");
    const markdown = await runCli(["plan", "--format", "markdown"], { cwd: project.dir, env });
    expect(markdown.stdout).toContain("filter-interaction");
    expect(markdown.stdout).not.toContain("\u001b");
    project.write("transformations/filters.yaml", file(hostile, BY_EMAIL(IGNORE)));
    expect((await runCli(["plan"], { cwd: project.dir, env })).stdout).not.toContain("filter-interaction");
  });
});
