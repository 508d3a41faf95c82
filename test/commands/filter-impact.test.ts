import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import type { Plan } from "../../src/plan/types.js";

const SRC = "src_web";
const PROJECT = `apiVersion: transync/v1
environments:
  prod: { sources: { web: ${SRC} } }
defaultEnvironment: prod
connections:
  amplitude-prod: { source: web, destination: { id: dst_amp, slug: amplitude } }
guards:
  maxDroppedShare: 0.05
  unknownVolume: refuse
`;
const filter = (name: string, ifText: string, actions = "[{ type: DROP }]") =>
  `apiVersion: transync/v1\nkind: DestinationFilter\nname: ${JSON.stringify(name)}\ndestination: amplitude-prod\nif: ${JSON.stringify(ifText)}\nactions: ${actions}\n`;
const week = (perDay: number) => Array.from({ length: 7 }, () => perDay);
const sample = (event: string) => `${JSON.stringify({ source: "web", destination: "amplitude-prod", event: { type: "track", event } })}\n`;

/** The web source sends 10,000 events a day: A 1,000, B 3,000, page views 6,000. */
describe("a plan's changes to Destination Filters: figures, guards and --events (docs/impact.md)", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const run = (...args: string[]) =>
    runCli(args, { env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "warn" }, cwd: project.dir });
  const filterWrites = () => Object.keys(emulator.stats().byRoute).filter((route) => /^(POST|PATCH|DELETE) \/destination\//.test(route));

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [
        {
          ...testWorkspace([{ id: "tfm_a", name: "Rename A", sourceId: SRC, enabled: true, if: "event = 'A'", newEventName: "X" }]),
          sources: [{ id: SRC, slug: "web", destinations: [{ id: "dst_amp", name: "Amplitude prod", metadataId: "meta_amp" }] }],
          volumes: [
            { sourceId: SRC, eventName: "A", eventType: "track", perDay: week(1000) },
            { sourceId: SRC, eventName: "B", eventType: "track", perDay: week(3000) },
            { sourceId: SRC, eventType: "page", perDay: week(6000) },
          ],
        },
      ],
      catalog: { destinations: [{ id: "meta_amp", slug: "amplitude", name: "Amplitude" }] },
    });
    project = tempProject({
      "transync.yaml": PROJECT,
      "transformations/all.yaml": docs(doc("Rename A", "web", { if: "event = 'A'", newEventName: "X" })),
      "transformations/filters.yaml": filter("Drop B", "event = 'B'"),
      "events/a.jsonl": sample("A") + sample("B"),
    });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("a new DROP filter over maxDroppedShare: its exact figure in JSON, text and Markdown, a hit, refused by apply unless accepted by its name", async () => {
    const plan = JSON.parse((await run("plan", "--format", "json", "--volumes")).stdout) as Plan;
    const action = plan.actions.find((a) => a.resource === "DestinationFilter")!;
    expect(action.volume).toEqual({ after: 3000, basis: "exact", days: 7 });
    expect(plan.guards).toEqual([
      {
        action: { index: plan.actions.indexOf(action), kind: "create", resource: "DestinationFilter", name: "Drop B" },
        rule: "maxDroppedShare",
        value: 0.3,
        limit: 0.05,
        basis: "exact",
      },
    ]);
    const text = await run("plan", "--volumes");
    expect(text.stdout).toMatch(/create DestinationFilter "Drop B" \(web → Amplitude prod\)[^]*~3,000 events\/day \(exact/);
    expect((await run("plan", "--format", "markdown")).stdout).toContain("3,000 events/day");
    const refused = await run("apply", "--auto-approve");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'create DestinationFilter "Drop B": newly drops 30% of its source\'s events/day reaching its instance (exact)',
    );
    expect(refused.stderr).toContain('--accept-blast-radius "Drop B"');
    expect(filterWrites()).toEqual([]);
    const accepted = await run("apply", "--auto-approve", "--accept-blast-radius", "Drop B");
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(filterWrites()).toEqual(["POST /destination/:destinationId/filters"]);
  });

  it("a filter that only drops properties drops nothing; an update widening a drop filter newly drops only what it adds", async () => {
    project.write(
      "transformations/filters.yaml",
      filter("Strip email", "event = 'B'", "[{ type: DROP_PROPERTIES, fields: { properties: [email] } }]"),
    );
    const strip = JSON.parse((await run("plan", "--format", "json", "--volumes")).stdout) as Plan;
    expect(strip.guards).toEqual([]);
    project.write("transformations/filters.yaml", filter("Drop B", "event = 'B'"));
    expect((await run("apply", "--auto-approve", "--accept-blast-radius", "Drop B")).code).toBe(0);
    project.write("transformations/filters.yaml", filter("Drop B", "event = 'B' or event = 'A'"));
    const widened = JSON.parse((await run("plan", "--format", "json", "--volumes")).stdout) as Plan;
    const action = widened.actions.find((a) => a.resource === "DestinationFilter")!;
    expect(action.volume).toEqual({ before: 3000, after: 4000, basis: "exact", days: 7 });
    expect(widened.guards).toEqual([
      {
        action: { index: widened.actions.indexOf(action), kind: "update", resource: "DestinationFilter", name: "Drop B", id: action.id },
        rule: "maxDroppedShare",
        value: 0.1,
        limit: 0.05,
        basis: "exact",
      },
    ]);
  });

  it("a filter whose if reads more than name and type, without samples, is held back under unknownVolume: refuse; its samples estimate it", async () => {
    project.write("transformations/filters.yaml", filter("Drop internal", "properties.internal = true"));
    const plan = JSON.parse((await run("plan", "--format", "json", "--volumes")).stdout) as Plan;
    expect(plan.guards?.map((h) => [h.action.name, h.rule, h.value, h.basis])).toEqual([
      ["Drop internal", "maxDroppedShare", null, "unknown"],
    ]);
    expect((await run("apply", "--auto-approve")).code).toBe(1);
    expect(filterWrites()).toEqual([]);
    const internal = { type: "track", event: "B", properties: { internal: true } };
    project.write(
      "events/a.jsonl",
      [internal, { type: "track", event: "A" }].map((event) => `${JSON.stringify({ source: "web", event })}\n`).join(""),
    );
    const estimated = JSON.parse((await run("plan", "--format", "json", "--volumes", "--events", "events")).stdout) as Plan;
    expect(estimated.actions.find((a) => a.resource === "DestinationFilter")!.volume).toEqual({ after: 5000, basis: "estimate", days: 7 });
    expect(estimated.guards?.map((h) => [h.action.name, h.rule, h.value, h.basis])).toEqual([
      ["Drop internal", "maxDroppedShare", 0.5, "estimate"],
    ]);
  });

  it("plan --events: the live filters run before, the planned ones after, and the change is attributed to the filter action", async () => {
    expect((await run("apply", "--auto-approve", "--accept-blast-radius", "Drop B")).code).toBe(0);
    project.write("transformations/filters.yaml", filter("Drop B", "event = 'X'"));
    const res = await run("plan", "--events", "events");
    expect(res.code, res.stderr).not.toBe(1);
    expect(res.stdout).toContain('- dropped by filter "Drop B"');
    expect(res.stdout).toContain("The transformations and filters this plan changes:");
    expect(res.stdout).toContain('+ dropped by filter "Drop B"');
    expect(res.stdout).toMatch(/update DestinationFilter "Drop B" \(web → Amplitude prod\)[^\n]*: matches 2 sample events/);
    expect(res.stdout).toContain('instance amplitude-prod, filter "Drop B" stops 1 sample event now, 1 after the plan');
    const md = (await run("plan", "--events", "events", "--format", "markdown")).stdout;
    expect(md).toMatch(/update DestinationFilter `Drop B` \(web → Amplitude prod\) \(`[^`]+`\): matches 2 sample events/);
  });
});
