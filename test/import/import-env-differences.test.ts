import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { PRD, prodWorkspace, stagingWorkspace, useTwoEnvironments, type LiveTransformation as Live } from "../helpers/two-environments.js";

/**
 * Issue 34: importing two workspaces that differ never converges them. Each difference of values is
 * written as an override of the environment imported second, objects in one workspace only get
 * `only:`, and both environments then plan "No changes".
 */
describe("import --env into documents that exist: differences become overrides and only:", () => {
  const fixture = useTwoEnvironments();
  const { run } = fixture;
  const folder = () => join(fixture.project.dir, "transformations");
  const read = (path: string) => readFileSync(join(folder(), path), "utf8");
  const snapshot = () => Object.fromEntries(readdirSync(folder()).map((f) => [f, read(f)]));
  const documents = (path: string) => parseAllDocuments(read(path)).map((d) => d.toJS() as Record<string, unknown>);

  const amplitude = (prefix: string, id: string, allow: string[], extra: Partial<Live> = {}): Live => ({
    id,
    name: "Amplitude product fields",
    sourceId: `src_${prefix}_web`,
    enabled: true,
    if: "event = 'Product Viewed'",
    allowProperties: allow,
    ...extra,
  });
  const staging: Live[] = [
    amplitude("stg", "tfm_stg_1", ["product_id", "price"], { newEventName: "Product Seen" }),
    { id: "tfm_stg_2", name: "Debug echo", sourceId: "src_stg_web", enabled: true, if: "event = 'Debug'" },
    { id: "tfm_stg_3", name: "Mask IP", sourceId: "src_stg_web", enabled: true, if: "type = 'track'" },
  ];
  const prod: Live[] = [
    amplitude("prd", "tfm_prd_1", ["product_id", "price", "currency"], { enabled: false }),
    { id: "tfm_prd_3", name: "Mask IP address", sourceId: "src_prd_web", enabled: true, if: "type = 'track'" },
    { id: "tfm_prd_4", name: "Prod destination rule", sourceId: "src_prd_web", enabled: true, if: "event = 'Order'" },
  ];

  const start = async () => {
    await fixture.start({ workspaces: [stagingWorkspace({ transformations: staging }), prodWorkspace({ transformations: prod })] });
    fixture.writeProjectFile({ staging: ", sources: { web: src_stg_web }", prod: ", sources: { web: src_prd_web }" });
  };
  const noChanges = async (env: string) => {
    const plan = await run("plan", "--env", env, "--detailed-exitcode");
    expect(plan.code, `${env}: ${plan.stdout}${plan.stderr}`).toBe(0);
  };

  it("staging then prod: prod's values are overrides, objects of one workspace get only:, both plan No changes", async () => {
    await start();
    expect((await run("import", "--env", "staging")).code).toBe(0);
    const stagingFirst = snapshot();
    const second = await run("import", "--env", "prod");
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/values written +transformations\/web\.yaml +"Amplitude product fields" \(overrides\.prod: /);
    expect(second.stdout).toMatch(/not in workspace +transformations\/web\.yaml +"Debug echo" \(only: staging\)/);
    const docs = Object.fromEntries(documents("web.yaml").map((d) => [d.name as string, d]));
    // The base values stay staging's; every difference is prod's override.
    expect(docs["Amplitude product fields"]).toMatchObject({
      allowProperties: ["product_id", "price"],
      enabled: true,
      newEventName: "Product Seen",
      id: { staging: "tfm_stg_1", prod: "tfm_prd_1" },
      overrides: { prod: { enabled: false, newEventName: null, allowProperties: ["product_id", "price", "currency"] } },
    });
    expect(docs["Debug echo"]).toMatchObject({ only: ["staging"] });
    expect(docs["Mask IP"]).toMatchObject({ only: ["staging"] });
    expect(docs["Mask IP address"]).toMatchObject({ only: ["prod"], id: { prod: "tfm_prd_3" } });
    expect(docs["Prod destination rule"]).toMatchObject({ only: ["prod"] });
    // Staging's documents changed only where prod differs: each staging line is still there.
    for (const line of stagingFirst["web.yaml"]!.split("\n").filter((l) => !l.startsWith("id:"))) expect(read("web.yaml")).toContain(line);
    await noChanges("staging");
    await noChanges("prod");
    for (const env of ["staging", "prod"]) {
      const validate = await run("validate", "--env", env);
      expect(validate.code, validate.stdout).toBe(0);
    }
  });

  it("re-importing either environment is idempotent, byte for byte; a hand-written protect: true stays", async () => {
    await start();
    expect((await run("import", "--env", "staging")).code).toBe(0);
    const text = read("web.yaml").replace("name: Amplitude product fields\n", "name: Amplitude product fields\nprotect: true # keep\n");
    fixture.project.write("transformations/web.yaml", text);
    expect((await run("import", "--env", "prod")).code).toBe(0);
    const settled = snapshot();
    expect(settled["web.yaml"]).toContain("protect: true # keep\n");
    for (const env of ["staging", "prod", "staging"]) {
      const again = await run("import", "--env", env);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain("No file changed.");
      expect(snapshot()).toEqual(settled);
    }
  });

  it("an override that prod no longer needs is removed; a value that changed again is replaced", async () => {
    await start();
    for (const env of ["staging", "prod"]) expect((await run("import", "--env", env)).code).toBe(0);
    // Prod now matches staging's allow-list and is enabled; its event name still differs.
    const patched = await fetch(`${fixture.emulator.url}/transformations/tfm_prd_1`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${PRD}`, "content-type": "application/json" },
      body: JSON.stringify({ allowProperties: ["price", "product_id"], enabled: true }),
    });
    expect(patched.status).toBe(200);
    const again = await run("import", "--env", "prod");
    expect(again.code, again.stderr).toBe(0);
    const doc = documents("web.yaml").find((d) => d.name === "Amplitude product fields")!;
    expect(doc.overrides).toEqual({ prod: { newEventName: null } });
    await noChanges("prod");
    await noChanges("staging");
  });
});
