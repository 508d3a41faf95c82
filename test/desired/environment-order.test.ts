import { afterEach, describe, expect, it } from "vitest";
import { documentsThatDiffer, readEnvironmentOrder } from "../../src/desired/environment-order.js";
import type { DesiredResource } from "../../src/model/desired-resource.js";
import { runCli } from "../helpers/run-cli.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";

function read(environments: unknown): { order: Map<string, string>; errors: string[] } {
  const errors: string[] = [];
  const order = readEnvironmentOrder(environments, {
    report: (_s, rule, path, message) => errors.push(`${rule} ${path.join(".")}: ${message}`),
  });
  return { order, errors };
}

const resource = (name: string, spec: Record<string, unknown>, file = "t/a.yaml"): DesiredResource =>
  ({ name, spec: { name, ...spec }, location: { file, line: 1, col: 1 } }) as unknown as DesiredResource;

describe("environments.<env>.after (staging first)", () => {
  it("keeps each pair that holds", () => {
    expect(read({ dev: {}, staging: { after: "dev" }, prod: { after: "staging" } })).toEqual({
      order: new Map([
        ["staging", "dev"],
        ["prod", "staging"],
      ]),
      errors: [],
    });
  });

  it("an unknown environment, itself and every link of a cycle are errors at the `after`", () => {
    expect(read({ staging: { after: "stagin" }, prod: { after: "prod" } }).errors).toEqual([
      'unknown-environment environments.staging.after: "after" names unknown environment "stagin"; transync.yaml defines: staging, prod',
      'environment-order environments.prod.after: environment "prod" cannot come after itself',
    ]);
    const cycle = read({ a: { after: "c" }, b: { after: "a" }, c: { after: "b" }, d: { after: "a" } });
    expect(cycle.errors).toEqual([
      'environment-order environments.a.after: "after" forms a cycle: a -> c -> b -> a',
      'environment-order environments.c.after: "after" forms a cycle: a -> c -> b -> a',
      'environment-order environments.b.after: "after" forms a cycle: a -> c -> b -> a',
    ]);
    expect(cycle.order).toEqual(new Map([["d", "a"]]));
  });
});

describe("documentsThatDiffer: effective content at two commits", () => {
  const a = resource("A", { sourceId: "s", if: "x", enabled: true });
  it("same content in another key order or file is the same; other content, or one side only, differs", () => {
    const moved = resource("A", { enabled: true, if: "x", sourceId: "s" }, "t/moved.yaml");
    expect(documentsThatDiffer([a], [moved])).toEqual([]);
    expect(documentsThatDiffer([resource("A", { sourceId: "s", if: "y", enabled: true })], [a])).toEqual(["A"]);
    expect(documentsThatDiffer([a, resource("B", {})], [a, resource("C", {})])).toEqual(["B", "C"]);
    expect(documentsThatDiffer([resource("B", {})], [], ["A"])).toEqual([]);
  });
});

describe("validate: a bad `after` is an error at file:line:col", () => {
  let project: TempProject | undefined;
  afterEach(() => project?.cleanup());

  it("names the file, line and column of the `after`", async () => {
    project = tempProject({
      "transync.yaml": ["apiVersion: transync/v1", "environments:", "  staging: {}", "  prod:", "    after: prod", ""].join("\n"),
      "transformations/a.yaml": doc("A", "src_web"),
    });
    const r = await runCli(["validate"], { cwd: project.dir });
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/transync\.yaml:5:\d+.*environment "prod" cannot come after itself/);
  });
});
