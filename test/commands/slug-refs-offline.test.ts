import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

/**
 * validate, test and simulate stay offline with slug references (issue 22): they check a `{ slug }`
 * reference's syntax and match it by its text, an alias by its name. An emulator that knows the
 * slugs is running, with the token set and its URL in transync.yaml, and hears nothing.
 */
describe("slug references offline: validate, test, simulate", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const run = (...args: string[]) =>
    runCli(args, { cwd: project.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN, TRANSYNC_ALLOW_API_HOSTS: new URL(emulator.url).host } });
  const documents = [
    [
      "apiVersion: transync/v1",
      "kind: Transformation",
      "name: By slug",
      "sourceId: { slug: web }",
      "enabled: true",
      "if: event = 'A'",
      "newEventName: From slug",
    ].join("\n"),
    [
      "apiVersion: transync/v1",
      "kind: Transformation",
      "name: By alias",
      "sourceId: site",
      "enabled: true",
      "if: event = 'B'",
      "newEventName: From alias",
    ].join("\n"),
    [
      "apiVersion: transync/v1",
      "kind: Transformation",
      "name: Amplitude only",
      "sourceId: { slug: web }",
      "destinationMetadataId: { slug: amplitude }",
      "enabled: true",
      "if: event = 'C'",
      "newEventName: For amplitude",
    ].join("\n"),
  ].join("\n---\n");

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [{ ...testWorkspace(), sources: [{ id: "src_web", slug: "web" }] }],
      catalog: { destinations: [{ id: "meta_amp", slug: "amplitude", name: "Amplitude" }] },
    });
    project = tempProject({
      "transync.yaml":
        [
          "apiVersion: transync/v1",
          `apiUrl: "${emulator.url}"`,
          "environments:",
          "  prod: { sources: { site: { slug: web } } }",
          "defaultEnvironment: prod",
          "scope: { sources: [{ slug: web }] }",
        ].join("\n") + "\n",
      "transformations/all.yaml": documents,
      "event-a.json": JSON.stringify({ type: "track", event: "A" }),
      "event-b.json": JSON.stringify({ type: "track", event: "B" }),
      "event-c.json": JSON.stringify({ type: "track", event: "C" }),
    });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("validate accepts { slug } in sourceId, destinationMetadataId, aliases and scope, without a request", async () => {
    const res = await run("validate");
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(emulator.stats().requests).toBe(0);
  });

  it("validate refuses a malformed reference at its line: { slug: '' }, { id: x }", async () => {
    project.write("transformations/all.yaml", documents.replace("sourceId: { slug: web }", "sourceId: { slag: web }"));
    const res = await run("validate");
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/all\.yaml:4:\d+ sourceId/);
    expect(emulator.stats().requests).toBe(0);
  });

  it("test: a case's { slug: web } reaches documents written { slug: web } and the alias whose value is { slug: web }", async () => {
    project.write(
      "tests/cases.yaml",
      [
        "apiVersion: transync/v1",
        "kind: TransformationTest",
        "cases:",
        "  - { name: slug meets slug, source: { slug: web }, event: { type: track, event: A }, expect: { contains: { event: From slug } } }",
        "  - { name: slug meets alias, source: { slug: web }, event: { type: track, event: B }, expect: { contains: { event: From alias } } }",
        "  - { name: alias meets slug, source: site, event: { type: track, event: A }, expect: { contains: { event: From slug } } }",
        "  - { name: destination by slug, source: site, destination: { slug: amplitude }, event: { type: track, event: C }, expect: { contains: { event: For amplitude } } }",
      ].join("\n") + "\n",
    );
    const res = await run("test");
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout.trimEnd().split("\n").at(-1)).toBe("4 passed, 0 failed");
    project.write(
      "tests/other.yaml",
      "apiVersion: transync/v1\nkind: TransformationTest\ncases:\n  - { name: another slug, source: { slug: ios }, event: { type: track, event: A }, expect: { dropped: true } }\n",
    );
    const other = await run("test");
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('no desired transformation has source "slug:ios"');
    expect(emulator.stats().requests).toBe(0);
  });

  it("simulate --source slug:web (and --destination slug:amplitude) matches by text, without a request", async () => {
    const bySlug = await run("simulate", "--source", "slug:web", "--event", "event-b.json");
    expect(bySlug.code, bySlug.stderr).toBe(0);
    expect(JSON.parse(bySlug.stdout)).toMatchObject({ event: "From alias" });
    const destination = await run("simulate", "--source", "site", "--destination", "slug:amplitude", "--event", "event-c.json");
    expect(JSON.parse(destination.stdout)).toMatchObject({ event: "For amplitude" });
    expect(emulator.stats().requests).toBe(0);
  });
});
