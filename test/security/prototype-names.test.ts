import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN, TEST_WORKSPACE } from "../helpers/emulator.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";
import { commitAll, git } from "../helpers/git.js";

/**
 * Names and ids that are JavaScript's own property names (`__proto__`, `constructor`, `toString`,
 * ...) come from the API, transync.yaml and documents like any other string. A plain object used as a
 * map of them reads `Object.prototype`'s members for them, and drops a write to `__proto__`: each must
 * work exactly as for any other name, or be refused with a clear error.
 */
const PROTO_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];

let emulator: RunningEmulator;
let project: TempProject;
afterEach(async () => {
  await emulator?.close();
  project?.cleanup();
});

const liveOf = (id: string, sourceId: string) => ({ id, name: `tf ${id}`, sourceId, enabled: true, if: "event = 'A'" });

async function start(transformations: Array<Record<string, unknown>>, yaml = "apiVersion: transync/v1\n"): Promise<void> {
  emulator = await startTestEmulator({ workspaces: [testWorkspace(transformations as never)] });
  project = tempProject({ "transync.yaml": yaml });
}
const run = (...args: string[]) =>
  runCli([...args, ...(args[0] === "validate" || args[0] === "test" ? [] : ["--api-url", emulator.url])], {
    env: { SEGMENT_API_TOKEN: TEST_TOKEN },
    cwd: project.dir,
  });

describe("live ids that are property names", () => {
  beforeEach(async () => {
    await start(PROTO_NAMES.map((id) => liveOf(id, id)));
  });

  it("import, then plan --format json: every object is matched and fingerprinted by its id", async () => {
    const imported = await run("import");
    expect(imported.code, imported.stderr).toBe(0);
    const plan = await run("plan", "--format", "json");
    expect(plan.code, plan.stderr).toBe(0);
    const json = JSON.parse(plan.stdout) as { fingerprints: Record<string, string>; summary: Record<string, number> };
    expect(Object.keys(json.fingerprints).sort()).toEqual([...PROTO_NAMES].sort());
    expect(json.summary.unchanged).toBe(PROTO_NAMES.length);
  });

  it("import --source __proto__ / constructor imports that source's objects only", async () => {
    for (const source of ["__proto__", "constructor"]) {
      project.remove("transformations");
      const imported = await run("import", "--source", source);
      expect(imported.code, imported.stdout + imported.stderr).toBe(0);
      expect(readdirSync(join(project.dir, "transformations"))).toEqual([`${source}.yaml`]);
    }
  });

  it("drift reports each object whose id is a property name, in text and JSON", async () => {
    project.write("transync.yaml", "apiVersion: transync/v1\nenvironments:\n  constructor: { sources: { toString: __proto__ } }\n");
    expect((await run("import", "--env", "constructor")).code).toBe(0);
    git(project.dir, "init", "-q");
    commitAll(project.dir, "imported");
    const recorded = await run("apply", "--env", "constructor", "--auto-approve", "--record-ref");
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(0);
    for (const id of PROTO_NAMES) {
      const patched = await fetch(`${emulator.url}/transformations/${encodeURIComponent(id)}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ enabled: false }),
      });
      expect(patched.status, id).toBe(200);
    }
    const text = await run("drift", "--env", "constructor");
    expect(text.stdout + text.stderr).not.toMatch(/ {4}at |internal error|TypeError|native code/);
    expect(text.code, text.stdout + text.stderr).toBe(2);
    for (const id of PROTO_NAMES) expect(text.stdout).toContain(`tf ${id}`);
    const json = await run("drift", "--env", "constructor", "--format", "json");
    expect(json.code, json.stderr).toBe(2);
    const report = JSON.parse(json.stdout) as { drifted: Array<{ id: string; fields: string[] }> };
    expect(report.drifted.map((d) => [d.id, d.fields]).sort()).toEqual(PROTO_NAMES.map((id) => [id, ["enabled"]]).sort());
  });

  it("protect: entries __proto__ and constructor protect the live objects of those ids from a prune", async () => {
    project.write("transync.yaml", "apiVersion: transync/v1\nprotect: [__proto__, constructor]\n");
    project.write(
      "transformations/other.yaml",
      "apiVersion: transync/v1\nkind: Transformation\nname: other\nsourceId: src_1\nenabled: true\nif: event = 'A'\n",
    );
    const res = await run("plan", "--prune", "--format", "json");
    const output = res.stdout + res.stderr;
    expect(res.code, output).toBe(1);
    for (const id of ["__proto__", "constructor"]) expect(output).toContain(`tf ${id}`);
    expect(output).not.toContain("tf toString");
    expect(output).not.toMatch(/ {4}at |internal error|TypeError/);
  });

  it("plan in text and Markdown names every object; a saved plan that updates them applies, fingerprints checked", async () => {
    expect((await run("import")).code).toBe(0);
    for (const id of PROTO_NAMES)
      project.write(
        `transformations/${id}.yaml`,
        `apiVersion: transync/v1\nkind: Transformation\nname: tf ${id}\nid: ${id}\nsourceId: ${id}\nenabled: false\nif: event = 'A'\n`,
      );
    for (const format of ["text", "markdown"]) {
      const shown = await run("plan", "--format", format);
      expect(shown.code, shown.stdout + shown.stderr).toBe(0);
      for (const id of PROTO_NAMES) expect(shown.stdout).toContain(`tf ${id}`);
    }
    const saved = await run("plan", "--out", "plan.json");
    expect(saved.code, saved.stderr).toBe(0);
    const applied = await run("apply", "plan.json", "--auto-approve");
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    const after = JSON.parse((await run("plan", "--format", "json")).stdout) as { summary: Record<string, number> };
    expect(after.summary).toMatchObject({ update: 0, create: 0, delete: 0, unchanged: PROTO_NAMES.length });
  });

  it("a live object that appeared since the plan, with an id that is a property name, is not taken as planned", async () => {
    expect((await run("import")).code).toBe(0);
    project.write(
      "transformations/new.yaml",
      "apiVersion: transync/v1\nkind: Transformation\nname: fresh\nsourceId: src_1\nenabled: true\nif: event = 'A'\n",
    );
    expect((await run("plan", "--out", "plan.json")).code).toBe(0);
    const applied = await run("apply", "plan.json", "--auto-approve");
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
  });
});

describe("documents and transync.yaml names that are property names", () => {
  it("documents named __proto__ and constructor are created, then unchanged", async () => {
    await start([]);
    for (const name of PROTO_NAMES)
      project.write(
        `transformations/${name}.yaml`,
        `apiVersion: transync/v1\nkind: Transformation\nname: "${name}"\nsourceId: src_1\nenabled: true\nif: event = 'A'\n`,
      );
    const checked = await run("validate");
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
    const applied = await run("apply", "--auto-approve");
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    const after = JSON.parse((await run("plan", "--format", "json")).stdout) as { summary: Record<string, number> };
    expect(after.summary).toMatchObject({ create: 0, unchanged: PROTO_NAMES.length });
  });

  it("two documents named __proto__ (or constructor) are a duplicate name, as any other two", async () => {
    await start([]);
    for (const name of ["__proto__", "constructor"]) {
      project.remove("transformations");
      for (const file of ["a", "b"])
        project.write(
          `transformations/${file}.yaml`,
          `apiVersion: transync/v1\nkind: Transformation\nname: "${name}"\nsourceId: src_1\nenabled: true\nif: event = 'A'\n`,
        );
      const res = await run("validate");
      const output = res.stdout + res.stderr;
      expect(res.code, output).toBe(1);
      expect(output).toContain(name);
      expect(output).toContain("transformations/b.yaml");
    }
  });

  it("transync test: a case whose source or destination is a property name runs as any other, or is named as unknown", async () => {
    await start([], "apiVersion: transync/v1\nenvironments:\n  prod: { sources: { toString: __proto__ } }\n");
    project.write(
      "transformations/a.yaml",
      "apiVersion: transync/v1\nkind: Transformation\nname: rename\nsourceId: toString\nenabled: true\nif: event = 'A'\nnewEventName: B\n",
    );
    const cases = (source: string, destination?: string) =>
      `apiVersion: transync/v1\nkind: TransformationTest\ncases:\n  - name: c\n    source: "${source}"\n${destination ? `    destination: "${destination}"\n` : ""}    event: { type: track, event: A }\n    expect: { event: { type: track, event: B } }\n`;
    project.write("tests/a.yaml", cases("toString"));
    const ok = await run("test", "--env", "prod");
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    for (const [source, destination] of [["constructor"], ["toString", "constructor"], ["toString", "__proto__"]] as const) {
      project.write("tests/a.yaml", cases(source, destination));
      const res = await run("test", "--env", "prod");
      const output = res.stdout + res.stderr;
      expect(output, `${source} ${destination}`).not.toMatch(/ {4}at |internal error|TypeError|native code/);
      expect(res.code, output).toBe(1);
      expect(output).toMatch(destination === undefined ? `source "${source}"` : `destination "${destination}"`);
    }
  });

  it("FQL calling a function named like a property (constructor, toString, __proto__) is an unknown function", async () => {
    await start([]);
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      project.remove("transformations");
      project.write(
        "transformations/a.yaml",
        `apiVersion: transync/v1\nkind: Transformation\nname: a\nsourceId: src_1\nenabled: true\nif: "${name}(properties.a)"\n`,
      );
      const res = await run("validate");
      const output = res.stdout + res.stderr;
      expect(res.code, output).toBe(1);
      expect(output, name).toContain(`unknown function "${name}"`);
    }
  });

  it("an environment named constructor with a source alias toString resolves as any other", async () => {
    const yaml = "apiVersion: transync/v1\nenvironments:\n  constructor: { sources: { toString: __proto__, valueOf: constructor } }\n";
    await start([liveOf("tf_1", "__proto__")], yaml);
    project.write(
      "transformations/a.yaml",
      "apiVersion: transync/v1\nkind: Transformation\nname: a\nsourceId: toString\nenabled: true\nif: event = 'A'\n",
    );
    project.write(
      "transformations/b.yaml",
      "apiVersion: transync/v1\nkind: Transformation\nname: b\nsourceId: valueOf\nenabled: true\nif: event = 'A'\n",
    );
    expect((await run("validate", "--env", "constructor")).code).toBe(0);
    const plan = await run("plan", "--env", "constructor", "--format", "json");
    expect(plan.code, plan.stderr).toBe(0);
    const json = JSON.parse(plan.stdout) as { actions: Array<{ kind: string; name: string; body?: { sourceId?: string } }> };
    expect(json.actions.map((a) => [a.kind, a.name, a.body?.sourceId])).toEqual([
      ["create", "a", "__proto__"],
      ["create", "b", "constructor"],
    ]);
    const text = await run("plan", "--env", "constructor");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain("toString (__proto__)");
    const saved = await run("plan", "--env", "constructor", "--out", "plan.json");
    expect(saved.code, saved.stderr).toBe(0);
    const shownSaved = await run("plan", "--env", "constructor", "--format", "text");
    expect(shownSaved.stdout).toContain("valueOf (constructor)");
    const applied = await run("apply", "plan.json", "--auto-approve");
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    const idNames = (JSON.parse(readFileSync(join(project.dir, "plan.json"), "utf8")) as { idNames: { sources: object } }).idNames;
    expect(Object.entries(idNames.sources)).toEqual([
      ["__proto__", "toString"],
      ["constructor", "valueOf"],
    ]);
  });

  it("import --env writes the alias of a live source id __proto__, not the id", async () => {
    const yaml = "apiVersion: transync/v1\nenvironments:\n  constructor: { sources: { toString: __proto__ } }\n";
    await start([liveOf("tf_1", "__proto__")], yaml);
    project.write("transformations/.keep", "");
    const imported = await run("import", "--env", "constructor");
    expect(imported.code, imported.stdout + imported.stderr).toBe(0);
    const written = readdirSync(join(project.dir, "transformations")).map((f) =>
      readFileSync(join(project.dir, "transformations", f), "utf8"),
    );
    expect(written.join("")).toContain("sourceId: toString\n");
  });

  it("a source written by slug whose live id is __proto__ is shown by its slug", async () => {
    emulator = await startTestEmulator({ workspaces: [{ ...testWorkspace(), sources: [{ id: "__proto__", slug: "web" }] }] });
    project = tempProject({ "transync.yaml": "apiVersion: transync/v1\n" });
    project.write(
      "transformations/a.yaml",
      "apiVersion: transync/v1\nkind: Transformation\nname: a\nsourceId: { slug: web }\nenabled: true\nif: event = 'A'\n",
    );
    const shown = await run("plan");
    expect(shown.code, shown.stdout + shown.stderr).toBe(0);
    expect(shown.stdout).toContain("sourceId: web (__proto__)");
  });

  it("a sourceId that is a property name but no alias of the environment is an id, not Object.prototype's member", async () => {
    const yaml = "apiVersion: transync/v1\nenvironments:\n  prod: { sources: { web: src_web } }\n";
    await start([], yaml);
    for (const name of PROTO_NAMES)
      project.write(
        `transformations/${name}.yaml`,
        `apiVersion: transync/v1\nkind: Transformation\nname: n-${name}\nsourceId: "${name}"\nenabled: true\nif: event = 'A'\n`,
      );
    for (const command of ["validate", "plan"]) {
      const res = await run(command, "--env", "prod");
      expect(res.code, `${command}: ${res.stdout}${res.stderr}`).not.toBe(3);
      expect(res.stderr).not.toMatch(/ {4}at |internal error|TypeError/);
    }
  });

  it("--env naming a property name that transync.yaml does not define is an unknown environment, for every command", async () => {
    await start([], "apiVersion: transync/v1\nenvironments:\n  prod: { sources: { web: src_web } }\n");
    project.write(
      "transformations/a.yaml",
      "apiVersion: transync/v1\nkind: Transformation\nname: a\nsourceId: web\nenabled: true\nif: event = 'A'\n",
    );
    for (const env of PROTO_NAMES)
      for (const command of [["validate"], ["plan"], ["apply", "--auto-approve"], ["import"], ["drift"]]) {
        const res = await run(...command, "--env", env);
        const output = res.stdout + res.stderr;
        expect(res.code, `${command[0]} --env ${env}: ${output}`).toBe(1);
        expect(output, `${command[0]} --env ${env}`).toContain(env);
        expect(output, `${command[0]} --env ${env}`).not.toMatch(/ {4}at |internal error|TypeError/);
      }
  });

  it("a document key or override key __proto__ is an unknown field, never the document's prototype", async () => {
    const yaml = "apiVersion: transync/v1\nenvironments:\n  prod: { sources: { web: src_web } }\n";
    await start([], yaml);
    const base = "apiVersion: transync/v1\nkind: Transformation\nname: a\nsourceId: web\nenabled: true\nif: event = 'A'\n";
    for (const [file, extra] of [
      ["top.yaml", "__proto__: { drop: true }\n"],
      ["override.yaml", "overrides:\n  prod:\n    __proto__: { drop: true }\n"],
      ["json.yaml", ""],
    ] as const) {
      project.remove("transformations");
      if (file === "json.yaml")
        project.write(
          `transformations/${file}`,
          `{"apiVersion":"transync/v1","kind":"Transformation","name":"a","sourceId":"web","enabled":true,"if":"event = 'A'","__proto__":{"drop":true}}`,
        );
      else project.write(`transformations/${file}`, base + extra);
      for (const command of ["validate", "plan"]) {
        const res = await run(command, "--env", "prod");
        const output = res.stdout + res.stderr;
        expect(res.code, `${file} ${command}: ${output}`).toBe(1);
        expect(output, `${file} ${command}`).toMatch(/__proto__/);
        expect(output, `${file} ${command}`).not.toMatch(/ {4}at |internal error|TypeError/);
      }
    }
  });

  it("__proto__ as an environment, source or destination alias, connection or notification name is refused by the schema at its line", async () => {
    await start([]);
    project.write("transformations/.keep", "");
    for (const [yaml, args] of [
      ["environments:\n  __proto__: { sources: { web: src_web } }\n", ["--env", "__proto__"]],
      ["environments:\n  prod: { sources: { __proto__: src_web } }\n", ["--env", "prod"]],
      ["destinations:\n  __proto__: meta_amp\n", []],
      ["connections:\n  __proto__: { source: src_web, destination: { slug: amplitude, name: A } }\n", []],
      [
        "environments:\n  prod: {}\nnotify:\n  - { name: __proto__, type: slack, urlEnv: TRANSYNC_NOTIFY_SLACK, events: [drift], environments: [prod] }\n",
        [],
      ],
    ] as const) {
      project.write("transync.yaml", `apiVersion: transync/v1\n${yaml}`);
      for (const command of ["validate", "plan"]) {
        const res = await run(command, ...args);
        const output = res.stdout + res.stderr;
        expect(res.code, `${command} ${yaml}: ${output}`).toBe(1);
        expect(output, yaml).toMatch(/transync\.yaml:\d+:\d+ /);
        expect(output, yaml).not.toMatch(/ {4}at |internal error|TypeError/);
      }
    }
  });
});

describe("Destination Filters: connections, instances and filter ids that are property names", () => {
  const project_ = (connection: string) => `apiVersion: transync/v1
defaultEnvironment: prod
environments:
  prod: { sources: { web: __proto__ } }
connections:
  ${connection}: { source: web, destination: { slug: amplitude, name: Amplitude prod } }
`;
  const filterDoc = (name: string, destination: string): string =>
    `apiVersion: transync/v1\nkind: DestinationFilter\nname: "${name}"\ndestination: "${destination}"\nif: "properties.internal = true"\nactions: [{ type: DROP }]\n`;
  const seed = (filters: Array<Record<string, unknown>>) => ({
    workspaces: [
      {
        ...testWorkspace(),
        sources: [
          {
            id: "__proto__",
            slug: "web",
            destinations: [{ id: "constructor", name: "Amplitude prod", metadataId: "meta_amp", filters }],
          },
        ],
      },
    ],
    catalog: { destinations: [{ id: "meta_amp", slug: "amplitude", name: "Amplitude" }] },
  });

  it("a document naming a connection alias that is a property name but not defined is an unknown connection", async () => {
    emulator = await startTestEmulator(seed([]));
    project = tempProject({ "transync.yaml": project_("amplitude-prod") });
    for (const name of PROTO_NAMES) project.write(`transformations/${name}.yaml`, filterDoc(`f-${name}`, name));
    const res = await run("validate");
    expect(res.code, res.stdout + res.stderr).toBe(1);
    for (const name of PROTO_NAMES) expect(res.stdout + res.stderr).toContain(`unknown connection alias "${name}"`);
    expect(res.stdout + res.stderr).not.toMatch(/ {4}at |internal error|TypeError/);
  });

  it("a connection named constructor on a source and instance whose ids are __proto__ and constructor: plan, apply, then no changes", async () => {
    emulator = await startTestEmulator(
      seed([{ id: "__proto__", title: "old", if: "properties.a = 1", actions: [{ type: "DROP" }], enabled: true }]),
    );
    project = tempProject({ "transync.yaml": project_("constructor") });
    for (const name of ["__proto__", "toString"]) project.write(`transformations/${name}.yaml`, filterDoc(name, "constructor"));
    expect((await run("validate")).code).toBe(0);
    const plan = await run("plan", "--format", "json");
    expect(plan.code, plan.stderr).toBe(0);
    const json = JSON.parse(plan.stdout) as { fingerprints: Record<string, string>; actions: Array<{ kind: string; name: string }> };
    expect(Object.hasOwn(json.fingerprints, "__proto__")).toBe(true);
    expect(json.actions.map((a) => `${a.kind} ${a.name}`).sort()).toEqual(["create __proto__", "create toString"]);
    const applied = await run("apply", "--auto-approve");
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    const after = JSON.parse((await run("plan", "--format", "json")).stdout) as { actions: unknown[] };
    expect(after.actions).toEqual([]);
  });

  it("a filter on a source whose id is constructor, with no alias, is placed under that id", async () => {
    const config = seed([]);
    config.workspaces[0]!.sources[0]!.id = "constructor";
    config.workspaces[0]!.sources[0]!.destinations[0]!.id = "dst_amp";
    emulator = await startTestEmulator(config);
    project = tempProject({ "transync.yaml": "apiVersion: transync/v1\n" });
    project.write(
      "transformations/f.yaml",
      'apiVersion: transync/v1\nkind: DestinationFilter\nname: f\nsource: constructor\ndestination: { slug: amplitude, name: Amplitude prod }\nif: "properties.internal = true"\nactions: [{ type: DROP }]\n',
    );
    for (const format of ["text", "markdown", "json"]) {
      const plan = await run("plan", "--format", format);
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      expect(plan.stdout, format).toContain("constructor");
      expect(plan.stdout, format).not.toMatch(/function|native code|\[object Object\]/);
    }
  });
});

describe("the emulator: a workspace whose id is __proto__", () => {
  it("keeps its objects across restarts of a data file (the journal's snapshot)", async () => {
    const folder = tempProject();
    const dataFile = join(folder.dir, "data.jsonl");
    const seed = { workspaces: [{ ...testWorkspace(), id: "__proto__" }] };
    try {
      emulator = await startTestEmulator(seed, { dataFile });
      project = tempProject({ "transync.yaml": "apiVersion: transync/v1\n" });
      project.write(
        "transformations/a.yaml",
        "apiVersion: transync/v1\nkind: Transformation\nname: a\nsourceId: src_1\nenabled: true\nif: event = 'A'\n",
      );
      const applied = await run("apply", "--auto-approve");
      expect(applied.code, applied.stdout + applied.stderr).toBe(0);
      for (let restart = 0; restart < 2; restart++) {
        await emulator.close();
        emulator = await startTestEmulator(seed, { dataFile });
      }
      expect(emulator.transformations("__proto__").map((t) => t.name)).toEqual(["a"]);
    } finally {
      await emulator.close();
      folder.cleanup();
    }
  });
});

describe("the emulator: request bodies with keys that are property names", () => {
  const send = (method: string, path: string, body: string) =>
    fetch(`${emulator.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" },
      body,
    });

  it("a create or update naming __proto__ or constructor as a field is refused as an unknown field; nothing changes", async () => {
    await start([liveOf("tf_1", "src_1")]);
    const base = `"name":"n","sourceId":"src_1","enabled":true,"if":"event = 'A'"`;
    for (const key of ["__proto__", "constructor"]) {
      const created = await send("POST", "/transformations", `{${base},"${key}":{"drop":true}}`);
      expect([400, 422], key).toContain(created.status);
      const updated = await send("PATCH", "/transformations/tf_1", `{"${key}":{"enabled":false}}`);
      expect([400, 422], key).toContain(updated.status);
      expect(await updated.text(), key).toContain(key);
    }
    expect(emulator.transformations(TEST_WORKSPACE).map((t) => [t.id, t.enabled])).toEqual([["tf_1", true]]);
  });
});
