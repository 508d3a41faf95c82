import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { doc, docs, tempProject, type TempProject } from "../helpers/project.js";
import { HEADER } from "./test-fixtures.js";

const PROJECT = `apiVersion: transync/v1
environments:
  staging: { sources: { web: src_stg_web } }
defaultEnvironment: staging
connections:
  amplitude-prod: { source: web, destination: { slug: amplitude, name: Amplitude prod } }
`;

const TRANSFORMATIONS = docs(
  doc("Rename A to B", "web", { if: "event = 'A'", newEventName: "B" }),
  doc("Amplitude seen", "web", {
    if: "all",
    destinationMetadataId: { slug: "amplitude" },
    propertyValueTransformations: [{ propertyPaths: ["properties.seen"], propertyValue: "yes" }],
  }),
);

const filterDoc = (name: string, body: string): string =>
  `apiVersion: transync/v1\nkind: DestinationFilter\nname: ${name}\ndestination: amplitude-prod\n${body}`;

const FILTERS = [
  filterDoc("Drop B", "if: event = 'B'\nactions: [{ type: DROP }]\n"),
  filterDoc("Strip email", "if: all\nactions: [{ type: DROP_PROPERTIES, fields: { properties: [email] } }]\n"),
  filterDoc("Off", "if: all\nactions: [{ type: DROP }]\nenabled: false\n"),
].join("---\n");

describe("transync test: a case whose destination is an instance of connections: runs the whole pipeline", () => {
  let project: TempProject;
  beforeEach(() => {
    project = tempProject({
      "transync.yaml": PROJECT,
      "transformations/all.yaml": TRANSFORMATIONS,
      "transformations/filters.yaml": FILTERS,
    });
  });
  afterEach(() => project.cleanup());
  const run = (...args: string[]) => runCli(["test", ...args], { cwd: project.dir });

  it("source transformations, then the instance's enabled filters, then the type's destination-scoped ones; stoppedBy names the filter", async () => {
    project.write(
      "tests/a.yaml",
      `${HEADER}  - name: renamed to B, then dropped by the filter
    source: web
    destination: amplitude-prod
    event: { type: track, event: A }
    expect: { dropped: true, stoppedBy: Drop B, matched: [Rename A to B] }
  - name: email stripped before the destination-scoped transformation
    source: web
    destination: amplitude-prod
    event: { type: track, event: C, properties: { email: a@b.c } }
    expect: { event: { type: track, event: C, properties: { seen: "yes" } }, matched: [Amplitude seen] }
`,
    );
    const res = await run();
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout.trimEnd().split("\n").at(-1)).toBe("2 passed, 0 failed");
  });

  it("a failing stoppedBy says where the event stopped; --format json carries the instance and stoppedAt", async () => {
    project.write(
      "tests/a.yaml",
      `${HEADER}  - name: wrong filter
    source: web
    destination: amplitude-prod
    event: { type: track, event: A }
    expect: { stoppedBy: Strip email }
`,
    );
    const res = await run();
    expect(res.code).toBe(1);
    expect(res.stdout).toContain('stopped:  dropped by filter "Drop B"');
    expect(res.stdout).toContain('stoppedBy: expected "Strip email" to stop the event; dropped by filter "Drop B"');
    const json = JSON.parse((await run("--format", "json")).stdout) as { cases: Record<string, unknown>[] };
    expect(json.cases[0]).toMatchObject({ instance: "amplitude-prod", dropped: true, stoppedAt: 'dropped by filter "Drop B"' });
  });

  it("sampled is refused (validate error) unless every SAMPLE of the instance's enabled filters has a path", async () => {
    project.write("transformations/sample.yaml", filterDoc("Tenth", "if: all\nactions: [{ type: SAMPLE, percent: 0.1 }]\n"));
    project.write(
      "tests/a.yaml",
      `${HEADER}  - name: sampled
    source: web
    destination: amplitude-prod
    event: { type: track, event: C }
    expect: { sampled: true }
`,
    );
    const res = await run();
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('sampled: instance "amplitude-prod" a SAMPLE of its enabled filters has no path');
    const validate = await runCli(["validate"], { cwd: project.dir });
    expect(validate.code).toBe(1);
    expect(validate.stdout + validate.stderr).toContain("cases.0.expect.sampled");
  });

  it("sampled with a path is deterministic per value", async () => {
    project.write("transformations/sample.yaml", filterDoc("Half", "if: all\nactions: [{ type: SAMPLE, percent: 0.5, path: userId }]\n"));
    const cases = ["u1", "u2", "u3", "u4", "u5", "u6"].map(
      (userId) => `  - name: ${userId}
    source: web
    destination: amplitude-prod
    event: { type: track, event: C, userId: ${userId} }
    expect: { sampled: true }
`,
    );
    project.write("tests/a.yaml", `${HEADER}${cases.join("")}`);
    const first = await run("--format", "json");
    const second = await run("--format", "json");
    expect(first.stdout).toBe(second.stdout);
    const statuses = (JSON.parse(first.stdout) as { cases: { status: string }[] }).cases.map((c) => c.status);
    expect(statuses).toContain("passed");
    expect(statuses).toContain("failed");
  });

  it("a filter document naming the instance by { slug, name } and source is the instance's filter too", async () => {
    project.write(
      "transformations/by-name.yaml",
      "apiVersion: transync/v1\nkind: DestinationFilter\nname: Drop C\nsource: web\ndestination: { slug: amplitude, name: Amplitude prod }\nif: event = 'C'\nactions: [{ type: DROP }]\n",
    );
    project.write(
      "tests/a.yaml",
      `${HEADER}  - name: dropped by the filter named by slug and name
    source: web
    destination: amplitude-prod
    event: { type: track, event: C }
    expect: { stoppedBy: Drop C }
`,
    );
    const res = await run();
    expect(res.code, res.stdout + res.stderr).toBe(0);
  });

  it("a case's source must be the instance's", async () => {
    project.write(
      "transync.yaml",
      PROJECT.replace("staging: { sources: { web: src_stg_web } }", "staging: { sources: { web: src_stg_web, ios: src_ios } }"),
    );
    project.write(
      "tests/a.yaml",
      `${HEADER}  - name: other source
    source: ios
    destination: amplitude-prod
    event: { type: track, event: C }
    expect: { dropped: false }
`,
    );
    const res = await run();
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('destination "amplitude-prod" is an instance of source "web"');
  });
  it("a case on an instance whose filters interact (one's if reads a path another drops) warns, naming both", async () => {
    project.write(
      "transformations/filters.yaml",
      `${FILTERS}---\n${filterDoc("Only emails", "if: properties.email != null\nactions: [{ type: SAMPLE, percent: 0.5, path: userId }]\n")}`,
    );
    project.write(
      "tests/a.yaml",
      `${HEADER}  - name: an event with an email
    source: web
    destination: amplitude-prod
    event: { type: track, event: C, userId: u1, properties: { email: a@b.c } }
    expect: { dropped: false }
`,
    );
    const json = JSON.parse((await run("--format", "json")).stdout) as { cases: Array<{ warnings: string[] }> };
    expect(json.cases[0]!.warnings).toContainEqual(expect.stringContaining('filters "Strip email" and "Only emails" interact'));
  });
});

describe("transync simulate --destination <alias of connections:> runs the whole pipeline", () => {
  let project: TempProject;
  beforeEach(() => {
    project = tempProject({
      "transync.yaml": PROJECT,
      "transformations/all.yaml": TRANSFORMATIONS,
      "transformations/filters.yaml": FILTERS,
      "a.json": JSON.stringify({ type: "track", event: "A" }),
      "c.json": JSON.stringify({ type: "track", event: "C", properties: { email: "a@b.c", n: 1 } }),
    });
  });
  afterEach(() => project.cleanup());
  const simulate = (...args: string[]) =>
    runCli(["simulate", "--source", "web", "--destination", "amplitude-prod", ...args], { cwd: project.dir });

  it("text says where the event stopped; json has stoppedAt and each stage's changes", async () => {
    const dropped = await simulate("--event", "a.json");
    expect(dropped.code, dropped.stderr).toBe(0);
    expect(dropped.stdout).toBe('dropped by filter "Drop B"\n');
    const kept = await simulate("--event", "c.json", "--format", "json");
    expect(JSON.parse(kept.stdout)).toEqual({
      dropped: false,
      event: { type: "track", event: "C", properties: { n: 1, seen: "yes" } },
      matched: ["Amplitude seen"],
      warnings: [],
      changes: [
        { stage: "filter", name: "Strip email", paths: ["properties.email"] },
        { stage: "destination transformation", name: "Amplitude seen", paths: ["properties.seen"] },
      ],
      filtersMatched: ["Strip email"],
      keepProbability: 1,
    });
    // Without the instance, the filters do not run: the same event by the type's slug keeps its email.
    const byType = await runCli(["simulate", "--source", "web", "--destination", "slug:amplitude", "--event", "c.json"], {
      cwd: project.dir,
    });
    expect(JSON.parse(byType.stdout)).toMatchObject({ properties: { email: "a@b.c" } });
  });

  it("a filter's name with control characters stays on one line; interacting filters are warned about", async () => {
    project.write(
      "transformations/filters.yaml",
      [
        filterDoc('"Drop\\u001b[31m B\\nx"', "if: event = 'B'\nactions: [{ type: DROP }]\n"),
        filterDoc("Strip plan", "if: all\nactions: [{ type: DROP_PROPERTIES, fields: { properties: [plan] } }]\n"),
        filterDoc("Pro only", "if: properties.plan != 'pro'\nactions: [{ type: DROP }]\n"),
      ].join("---\n"),
    );
    const res = await simulate("--event", "a.json");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toBe('dropped by filter "Drop\\u001b[31m B\\nx"\n');
    const warnings = res.stderr
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(warnings.some((w) => w.startsWith('filters "Strip plan" and "Pro only" interact'))).toBe(true);
    expect(res.stderr).not.toContain("\u001b[31m");
  });
});
