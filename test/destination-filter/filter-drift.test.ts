import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EmulatorConfig, RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { commitAll, git } from "../helpers/git.js";
import { runCli } from "../helpers/run-cli.js";
import { tempProject, type TempProject } from "../helpers/project.js";

// `transync drift` on a Destination Filter changed in the emulator behind transync's back, through a
// git repository as test/kinds/toy-kind-pr.test.ts does: exit 2, the filter named with its kind and
// place in text, JSON and Markdown; an acknowledgement counts for it only when it names its kind.
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

const FILTER = `apiVersion: transync/v1
kind: DestinationFilter
name: Drop internal
destination: amplitude-prod
if: "properties.internal = true"
actions: [{ type: DROP }]
`;

/** schemas/drift-report.schema.json: what `drift --format json` promises, `place` included. */
const validDrift = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(readFileSync(new URL("../../schemas/drift-report.schema.json", import.meta.url), "utf8")) as object,
);

const acknowledge = (extra: string, fields: string) =>
  `${PROJECT}drift:\n  acknowledge:\n    - { env: prod, name: Drop internal, fields: [${fields}], until: "2999-01-01", reason: hotfix, owner: ops${extra} }\n`;

describe("drift on a Destination Filter changed behind transync's back (emulator over HTTP, a git repository)", () => {
  let emulator: RunningEmulator;
  let repo: TempProject;
  const run = (...args: string[]) =>
    runCli(args, { cwd: repo.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "warn" } });

  /** The filter disabled in the app: a PATCH to the emulator, not through transync. */
  async function disableBehindTheBack(): Promise<string> {
    const listed = (await (
      await fetch(`${emulator.url}/destination/dst_amp/filters`, { headers: { authorization: `Bearer ${TEST_TOKEN}` } })
    ).json()) as { data: { filters: Array<{ id: string }> } };
    const id = listed.data.filters[0]!.id;
    const patched = await fetch(`${emulator.url}/destination/dst_amp/filters/${id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ enabled: false }),
    });
    expect(patched.status).toBe(200);
    return id;
  }

  beforeEach(async () => {
    emulator = await startTestEmulator(CONFIG);
    repo = tempProject({ "transync.yaml": PROJECT, "transformations/filters.yaml": FILTER });
    git(repo.dir, "init", "-q");
    commitAll(repo.dir, "base");
    const applied = await run("apply", "--env", "prod", "--auto-approve", "--record-ref");
    expect(applied.code, applied.stderr).toBe(0);
  });
  afterEach(async () => {
    await emulator.close();
    repo.cleanup();
  });

  it("exits 2 and names the filter with its kind and place in text, JSON and Markdown", async () => {
    expect((await run("drift", "--env", "prod")).code).toBe(0);
    const id = await disableBehindTheBack();
    const json = await run("drift", "--env", "prod", "--format", "json");
    expect(json.code, json.stderr).toBe(2);
    const report = JSON.parse(json.stdout) as { drifted: Array<Record<string, unknown>> };
    expect(validDrift(report), JSON.stringify(validDrift.errors)).toBe(true);
    const { drifted } = report;
    expect(drifted).toMatchObject([
      { kind: "update", resource: "DestinationFilter", place: "web → Amplitude prod", name: "Drop internal", id, fields: ["enabled"] },
    ]);
    // Who changed it, from the audit trail: the filter's own event.
    expect(drifted[0]!.changedBy).toMatchObject({ type: "Destination Filter Disabled" });
    const text = await run("drift", "--env", "prod");
    expect(text.code).toBe(2);
    expect(text.stdout).toContain(`update DestinationFilter "Drop internal" (web → Amplitude prod) (${id}): enabled`);
    const markdown = await run("drift", "--env", "prod", "--format", "markdown");
    expect(markdown.code).toBe(2);
    expect(markdown.stdout).toContain(`| update | DestinationFilter \`Drop internal\` (web → Amplitude prod) \`${id}\` |`);
  });

  it("an acknowledgement without kind (a Transformation's) does not silence it; one with kind: DestinationFilter does", async () => {
    await disableBehindTheBack();
    repo.write("transync.yaml", acknowledge("", "enabled"));
    const unkinded = await run("drift", "--env", "prod", "--format", "json");
    expect(unkinded.code, unkinded.stderr).toBe(2);
    const report = JSON.parse(unkinded.stdout) as { drifted: Array<Record<string, unknown>>; staleAcknowledgements?: unknown[] };
    expect(report.drifted).toMatchObject([{ resource: "DestinationFilter", name: "Drop internal" }]);
    expect(report.drifted[0]).not.toHaveProperty("acknowledgements");
    repo.write("transync.yaml", acknowledge(", kind: DestinationFilter", "enabled"));
    const kinded = await run("drift", "--env", "prod");
    expect(kinded.code, kinded.stdout + kinded.stderr).toBe(0);
    repo.write("transync.yaml", acknowledge(", kind: DestinationFilter", "colour"));
    const unknown = await run("validate");
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toContain('unknown field "colour"; the fields of a DestinationFilter are:');
  });
});
