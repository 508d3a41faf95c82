import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { prodWorkspace, sameTransformations, stagingWorkspace, useTwoEnvironments } from "../helpers/two-environments.js";
import type { LiveTransformation as Live } from "../helpers/two-environments.js";

/** `import --env E` adds E's pin to the documents that exist (issue 22: import staging, then prod, plans "No changes" in both). */
describe("import --env E pins E's ids in the documents already there", () => {
  const fixture = useTwoEnvironments();
  const { run } = fixture;
  const read = (path: string) => readFileSync(join(fixture.project.dir, "transformations", path), "utf8");
  const start = async (staging: Live[], prod: Live[]) => {
    await fixture.start({
      workspaces: [stagingWorkspace({ transformations: staging }), prodWorkspace({ transformations: prod })],
    });
    fixture.writeProjectFile({
      staging: ", sources: { web: src_stg_web, ios: src_stg_ios }",
      prod: ", sources: { web: src_prd_web, ios: src_prd_ios }",
    });
  };

  it("import staging then prod: one set of documents, pinned per environment, that plans No changes in both", async () => {
    await start(sameTransformations("stg"), sameTransformations("prd"));
    const staging = await run("import", "--env", "staging");
    expect(staging.code, staging.stderr).toBe(0);
    expect(staging.stdout).toContain("new document");
    const prod = await run("import", "--env", "prod");
    expect(prod.code, prod.stderr).toBe(0);
    expect(prod.stdout).toMatch(/^ {2}pin added +transformations\/web\.yaml +"Mask IP" \(tfm_prd_2\)$/m);
    expect(prod.stdout).not.toContain("new document");
    expect(readdirSync(join(fixture.project.dir, "transformations")).sort()).toEqual(["ios.yaml", "web.yaml"]);
    const docs = parseAllDocuments(read("web.yaml")).map((d) => d.toJS() as { name: string; id: unknown });
    expect(docs.map((d) => [d.name, d.id])).toEqual([
      ["Mask IP", { staging: "tfm_stg_2", prod: "tfm_prd_2" }],
      ["Rename Order Completed", { staging: "tfm_stg_1", prod: "tfm_prd_1" }],
    ]);
    for (const env of ["staging", "prod"]) {
      const plan = await run("plan", "--env", env, "--detailed-exitcode");
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      expect(plan.stdout).toContain("No changes");
    }
  });

  it("--split: the second environment's import fills the pins of the same files, one document each", async () => {
    await start(sameTransformations("stg"), sameTransformations("prd"));
    for (const env of ["staging", "prod"]) expect((await run("import", "--env", env, "--split")).code).toBe(0);
    const files = ["ios/snake-case-traits.yaml", "web/mask-ip.yaml", "web/rename-order-completed.yaml"];
    expect(
      readdirSync(join(fixture.project.dir, "transformations"), { recursive: true })
        .filter((f) => String(f).endsWith(".yaml"))
        .sort(),
    ).toEqual(files);
    for (const file of files)
      expect(Object.keys((parseAllDocuments(read(file))[0]!.toJS() as { id: object }).id)).toEqual(["staging", "prod"]);
    const plan = await run("plan", "--env", "prod", "--detailed-exitcode");
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  });

  it("running the same import again changes no file and says every pin is unchanged", async () => {
    await start(sameTransformations("stg"), sameTransformations("prd"));
    for (const env of ["staging", "prod"]) expect((await run("import", "--env", env)).code).toBe(0);
    const before = ["web.yaml", "ios.yaml"].map((f) => [read(f), statSync(join(fixture.project.dir, "transformations", f)).mtimeMs]);
    const again = await run("import", "--env", "prod");
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.match(/pin unchanged/g)).toHaveLength(3);
    expect(again.stdout).toContain("No file changed.");
    expect(["web.yaml", "ios.yaml"].map((f) => [read(f), statSync(join(fixture.project.dir, "transformations", f)).mtimeMs])).toEqual(
      before,
    );
  });

  it("a hand-written file keeps every byte but the new pin; an object no document matches is appended as a new document", async () => {
    await start(
      sameTransformations("stg"),
      sameTransformations("prd", [{ id: "tfm_prd_9", name: "Prod only", sourceId: "src_prd_web", enabled: true, if: "event = 'P'" }]),
    );
    const mine = [
      "# Checkout team's transformations.",
      "apiVersion: transync/v1",
      "kind: Transformation",
      'name: "Rename Order Completed"  # the name is the key',
      "id:",
      "  staging: tfm_stg_1",
      "sourceId: web",
      "enabled: true",
      "if: \"event = 'Order Completed'\"",
      "newEventName: Order Placed",
      // transync's own key, never sent: import keeps it as written (docs/desired-state.md, "Warnings and `lint`").
      "lint:",
      "  ignore: [{ rule: same-property, reason: the checkout team's rename wins }]",
      "",
    ].join("\n");
    fixture.project.write("transformations/web.yaml", mine);
    const res = await run("import", "--env", "prod", "--source", "web");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/pin added +transformations\/web\.yaml +"Rename Order Completed" \(tfm_prd_1\)/);
    expect(res.stdout).toMatch(/new document +transformations\/web\.yaml +"Mask IP" \(tfm_prd_2\)/);
    const text = read("web.yaml");
    expect(text.startsWith(mine.replace("  staging: tfm_stg_1\n", "  staging: tfm_stg_1\n  prod: tfm_prd_1\n"))).toBe(true);
    expect(parseAllDocuments(text).map((d) => (d.toJS() as { name: string; id: unknown }).id)).toEqual([
      { staging: "tfm_stg_1", prod: "tfm_prd_1" },
      { prod: "tfm_prd_2" },
      { prod: "tfm_prd_9" },
    ]);
    const plan = await run("plan", "--env", "prod", "--detailed-exitcode");
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  });

  it("a pin to an object that is gone is updated to the live object of that name and source", async () => {
    await start(sameTransformations("stg"), sameTransformations("prd"));
    fixture.project.write(
      "transformations/web.yaml",
      docText("Mask IP", "id: { staging: tfm_stg_2, prod: tfm_deleted }", "type = 'track'"),
    );
    const res = await run("import", "--env", "prod", "--source", "web");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/pin updated +transformations\/web\.yaml +"Mask IP" \(tfm_deleted -> tfm_prd_2\)/);
    expect(read("web.yaml")).toContain("id: { staging: tfm_stg_2, prod: tfm_prd_2 }");
  });

  it("a plain id: converted to E's entry when E's workspace has it; refused, naming the file, when it does not", async () => {
    await start(sameTransformations("stg"), sameTransformations("prd"));
    // The live object's values: import writes only the pin (a value that differed would be an override, import-env-differences.test.ts).
    const plain = docText(
      "Mask IP",
      "id: tfm_stg_2",
      "type = 'track'",
      'propertyValueTransformations: [{ propertyPaths: [context.ip], propertyValue: "0.0.0.0" }]',
    );
    fixture.project.write("transformations/web.yaml", plain);
    const prod = await run("import", "--env", "prod", "--source", "web");
    expect(prod.code).toBe(1);
    expect(prod.stderr).toContain("transformations/web.yaml");
    expect(prod.stderr).toContain('"Mask IP" has a plain `id: tfm_stg_2`');
    expect(prod.stderr).toContain("id: { <its environment>: tfm_stg_2, prod: tfm_prd_2 }");
    expect(prod.stderr).toMatch(/nothing was written/i);
    expect(read("web.yaml")).toBe(plain);
    const staging = await run("import", "--env", "staging", "--source", "web");
    expect(staging.code, staging.stderr).toBe(0);
    expect(staging.stdout).toMatch(
      /pin converted +transformations\/web\.yaml +"Mask IP" \(id: tfm_stg_2 -> id: \{ staging: tfm_stg_2 \}\)/,
    );
    expect(read("web.yaml").startsWith(`${plain.replace("id: tfm_stg_2", "id: { staging: tfm_stg_2 }")}---\n`)).toBe(true);
    expect((await run("import", "--env", "prod", "--source", "web")).code).toBe(0);
    expect(read("web.yaml")).toContain("id: { staging: tfm_stg_2, prod: tfm_prd_2 }");
  });

  it("--force with --env is refused: it would overwrite other environments' pins", async () => {
    await start(sameTransformations("stg"), sameTransformations("prd"));
    const res = await run("import", "--env", "prod", "--force");
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/--force .*--env/);
  });

  it("hostile names in the live data cannot break the YAML: import both, plan No changes in both", async () => {
    const names = ['Quote " and: colon # hash', "{ flow, map }", "- dash\nnew line", "yes"];
    const hostile = (prefix: "stg" | "prd") =>
      names.map((name, i): Live => ({
        id: `tfm_${prefix}_h${i}`,
        name,
        sourceId: `src_${prefix}_web`,
        enabled: true,
        if: `event = 'E${i}'`,
      }));
    await start(hostile("stg"), hostile("prd"));
    for (const env of ["staging", "prod"]) {
      const res = await run("import", "--env", env);
      expect(res.code, res.stderr).toBe(0);
    }
    const docs = parseAllDocuments(read("web.yaml")).map((d) => d.toJS() as { name: string; id: Record<string, string> });
    expect(docs.map((d) => d.name).sort()).toEqual([...names].sort());
    for (const d of docs) expect(Object.keys(d.id)).toEqual(["staging", "prod"]);
    for (const env of ["staging", "prod"]) {
      const plan = await run("plan", "--env", env, "--detailed-exitcode");
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    }
  });
});

function docText(name: string, idLine: string, condition: string, ...more: string[]): string {
  return [
    "apiVersion: transync/v1",
    "kind: Transformation",
    `name: ${name}`,
    idLine,
    "sourceId: web",
    "enabled: true",
    `if: "${condition}"`,
    ...more,
    "",
  ].join("\n");
}
