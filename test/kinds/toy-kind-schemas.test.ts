import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { registerKind } from "../../src/kinds/index.js";
import { projectSchemaFiles } from "../../src/import/project-schemas.js";
import { transyncVersion } from "../../src/version.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";
import { WIDGET } from "./toy-kind.js";

/**
 * A kind whose descriptor asks for an editors' schema (`editorSchema`, test/kinds/toy-kind.ts) has it
 * copied into a project's `.transync/schemas/` by `transync schemas --write` (and by init and import),
 * and checked by `transync schemas`, with no edit outside its descriptor: the copies come from the
 * kind registry (src/import/project-schemas.ts), each made from its descriptor as `npm run schemas`
 * makes it. (Import's `$schema` line naming it: test/kinds/toy-kind-commands.test.ts.)
 */
describe("a registered kind's editor schema in a project's .transync/schemas/", () => {
  let project: TempProject | undefined;
  let unregister: (() => void) | undefined;
  afterEach(() => {
    unregister?.();
    unregister = undefined;
    project?.cleanup();
  });
  const files = () => readdirSync(join(project!.dir, ".transync/schemas")).sort();

  it("transync schemas --write copies it, made from the descriptor; a missing copy is named stale; unregistered, it is not copied", async () => {
    project = tempProject();
    expect((await runCli(["schemas", "--write"], { cwd: project.dir })).code).toBe(0);
    expect(files()).not.toContain("widget.schema.json");
    expect(files()).toContain("destination-filter.schema.json");
    unregister = registerKind(WIDGET);
    const stale = await runCli(["schemas"], { cwd: project.dir });
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain(".transync/schemas/widget.schema.json");
    expect((await runCli(["schemas", "--write"], { cwd: project.dir })).code).toBe(0);
    expect(files()).toContain("widget.schema.json");
    const copy = JSON.parse(readFileSync(join(project.dir, ".transync/schemas/widget.schema.json"), "utf8")) as Record<string, unknown> & {
      properties: Record<string, { const?: unknown }>;
    };
    expect(copy.$id).toBeUndefined();
    expect(copy.$comment).toContain(`transync ${transyncVersion()}`);
    expect(copy.properties.kind!.const).toBe("Widget");
    expect(Object.keys(copy.properties)).toEqual(["apiVersion", "kind", "id", "protect", "name", "colors"]);
    expect((await runCli(["schemas"], { cwd: project.dir })).code).toBe(0);
  });

  it("the project's copies are the registry's kinds' schemas and the files they $ref, besides the project files' own", () => {
    const names = () =>
      projectSchemaFiles("0.0.0")
        .map((f) => f.path)
        .sort();
    expect(names()).not.toContain(".transync/schemas/widget.schema.json");
    unregister = registerKind(WIDGET);
    expect(names()).toEqual(
      [
        "defs.schema.json",
        "destination-filter.schema.json",
        "transformation-test.schema.json",
        "transformation.schema.json",
        "transync.schema.json",
        "widget.schema.json",
      ]
        .map((name) => `.transync/schemas/${name}`)
        .sort(),
    );
  });
});
