import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import type { Plan } from "../../src/plan/types.js";
import { planDigest } from "../../src/plan/digest.js";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { doc, docs, tempProject, type TempProject } from "../helpers/project.js";

const SRC = "src_web";
const PEPPER = "pepper-in-a-name-77";
const HASH = { algorithm: "SHA256", paths: ["properties.email"], key: { fromEnv: "TRANSYNC_KEY_EMAIL" } };

/**
 * A saved plan carries nothing the shown plan hides: a document's text that holds a secret of the run (a hash
 * key's value in a name or a condition) is `[redacted]` in the saved body as in the shown plan, with the variable
 * it is read back from; `apply PLANFILE` sends the document's text as written.
 */
describe("plan --out: the saved body holds no secret, and apply PLANFILE sends the text as written", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const env = (extra: Record<string, string> = {}) => ({
    SEGMENT_API_TOKEN: TEST_TOKEN,
    SEGMENT_API_URL: emulator.url,
    TRANSYNC_KEY_EMAIL: PEPPER,
    ...extra,
  });
  const run = (args: string[], extra?: Record<string, string>) => runCli(args, { env: env(extra), cwd: project.dir });
  const saved = () => readFileSync(join(project.dir, "plan.json"), "utf8");
  const liveNames = () => emulator.transformations("ws_test").map((t) => t.name);

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [testWorkspace([{ id: "tfm_old", name: "Old", sourceId: SRC, enabled: true, if: "event = 'O'" }])],
    });
    project = tempProject({
      "transformations/all.yaml": docs(
        doc(`Hash ${PEPPER} emails`, SRC, { if: `event = '${PEPPER}' or event = 'H'`, hashPropertiesConfiguration: HASH }),
        doc(`Old ${PEPPER}`, SRC, { id: "tfm_old", if: "event = 'O'" }),
      ),
    });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("the file and stdout hold the secret in no string, bodies included; apply of the file creates and renames with the text as written", async () => {
    const planned = await run(["plan", "--format", "json", "--out", "plan.json"]);
    expect(planned.code, planned.stderr).toBe(0);
    const text = saved();
    expect(text).not.toContain(PEPPER);
    expect(planned.stdout).toBe(text);
    const plan = JSON.parse(text) as Plan;
    const create = plan.actions.find((a) => a.kind === "create")!;
    expect(create.body.name).toBe("Hash [redacted] emails");
    expect(create.body.if).toBe("event = '[redacted]' or event = 'H'");
    expect(create.bodySecrets).toEqual([
      { path: ["if"], parts: ["event = '", { fromEnv: "TRANSYNC_KEY_EMAIL" }, "' or event = 'H'"] },
      { path: ["name"], parts: ["Hash ", { fromEnv: "TRANSYNC_KEY_EMAIL" }, " emails"] },
    ]);

    const applied = await run(["apply", "plan.json", "--auto-approve", "--format", "json"]);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(JSON.parse(applied.stdout)).toMatchObject({ converged: true, summary: { created: 1, updated: 1, failed: 0 } });
    expect(liveNames().sort()).toEqual([`Hash ${PEPPER} emails`, `Old ${PEPPER}`]);
    expect(emulator.transformations("ws_test").find((t) => t.name.startsWith("Hash"))!.if).toBe(`event = '${PEPPER}' or event = 'H'`);
    expect(applied.stdout + applied.stderr).not.toContain(PEPPER);
  });

  it("apply of the file where the variable is unset: refused before any write, naming the variable", async () => {
    // No hash key to send: only the name needs the variable.
    project.write("transformations/all.yaml", docs(doc(`Old ${PEPPER}`, SRC, { id: "tfm_old", if: "event = 'O'" })));
    expect((await run(["plan", "--out", "plan.json"])).code).toBe(0);
    const applied = await run(["apply", "plan.json", "--auto-approve"], { TRANSYNC_KEY_EMAIL: "" });
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain("TRANSYNC_KEY_EMAIL, which is not set");
    expect(applied.stderr).not.toMatch(/\n\s+at /);
    expect(liveNames()).toEqual(["Old"]);
  });

  it("a file whose bodySecrets name another secret (the API token), digest made again: refused, the token never sent", async () => {
    expect((await run(["plan", "--out", "plan.json"])).code).toBe(0);
    const plan = JSON.parse(saved()) as Plan;
    const create = plan.actions.find((a) => a.kind === "create")!;
    create.bodySecrets = create.bodySecrets!.map((secret) =>
      secret.path[0] === "name" ? { path: ["name"], parts: ["Hash ", { fromEnv: "SEGMENT_API_TOKEN" }, " emails"] } : secret,
    );
    const { digest: _old, ...rest } = plan;
    writeFileSync(join(project.dir, "plan.json"), JSON.stringify({ ...rest, digest: planDigest(rest) }));
    const applied = await run(["apply", "plan.json", "--auto-approve"]);
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain("its body held the value of SEGMENT_API_TOKEN");
    expect(liveNames()).toEqual(["Old"]);
    expect(
      emulator
        .transformations("ws_test")
        .map((t) => t.name)
        .join(),
    ).not.toContain(TEST_TOKEN);
  });

  it("a document holding the API token's value: plan --out refuses to save it, naming the document's field and the variable, never the value", async () => {
    project.write("transformations/all.yaml", docs(doc(`Token ${TEST_TOKEN} named`, SRC, { if: "event = 'T'" })));
    const planned = await run(["plan", "--out", "plan.json"]);
    expect(planned.code).toBe(1);
    expect(planned.stderr).toContain("SEGMENT_API_TOKEN");
    expect(planned.stderr).toContain('"Token [redacted] named" name');
    expect(planned.stdout + planned.stderr).not.toContain(TEST_TOKEN);
    expect(() => saved()).toThrow();
  });
});
