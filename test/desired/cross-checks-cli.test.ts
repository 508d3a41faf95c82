import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";

const projects: TempProject[] = [];
afterEach(() => projects.splice(0).forEach((p) => p.cleanup()));

describe("transync validate: warnings across transformations", () => {
  it("warns (exit 0) with file:line of both documents, and points into a never-true comparison", async () => {
    const project = tempProject({
      "transync.yaml": "apiVersion: transync/v1\n",
      "transformations/a.yaml": doc("Tier A", "src_web", {
        propertyValueTransformations: [{ propertyPaths: ["properties.tier"], propertyValue: "a" }],
      }),
      "transformations/b.yaml": [
        "# second",
        "apiVersion: transync/v1",
        "kind: Transformation",
        "name: Tier B",
        "sourceId: src_web",
        "enabled: true",
        "if: event = 'Order Completed' and properties.day > '2024-01-01'",
        "propertyValueTransformations:",
        "  - propertyPaths:",
        "      - properties.tier",
        "    propertyValue: b",
        "",
      ].join("\n"),
    });
    projects.push(project);
    const run = await runCli(["validate"], { cwd: project.dir });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    // Each warning points at the field that conflicts (the line of `if`, of the property path), not at the document.
    expect(lines).toEqual([
      expect.stringMatching(
        /^transformations\/b\.yaml:7:5 warning\[same-scope\]: if: "Tier A" \(transformations\/a\.yaml:1\) and "Tier B" \(transformations\/b\.yaml:2\) both transform event "Order Completed" of source src_web: Segment allows one transformation/,
      ),
      expect.stringMatching(
        /^transformations\/b\.yaml:7:\d+ warning\[fql-compare-type\]: if: > '2024-01-01' is never true: FQL's <, <=, >, >= compare numbers only/,
      ),
      expect.stringMatching(
        /^transformations\/b\.yaml:10:9 warning\[same-property\]: propertyValueTransformations\.0\.propertyPaths\.0: "Tier A" \(transformations\/a\.yaml:1\) and "Tier B" \(transformations\/b\.yaml:2\) both give properties\.tier a value/,
      ),
      "Validated 2 transformations in 2 files: 0 errors, 3 warnings.",
    ]);
    const json = await runCli(["validate", "--format", "json"], { cwd: project.dir });
    expect(JSON.parse(json.stdout).diagnostics.map((d: { rule: string }) => d.rule)).toEqual([
      "same-scope",
      "fql-compare-type",
      "same-property",
    ]);
  });

  it("says nothing for transformations of different events", async () => {
    const project = tempProject({
      "transync.yaml": "apiVersion: transync/v1\n",
      "transformations/a.yaml": doc("A", "src_web", { newEventName: "Placed" }),
      "transformations/b.yaml": doc("B", "src_web", { if: "event = 'Signed Up'", newEventName: "Joined" }),
    });
    projects.push(project);
    const run = await runCli(["validate"], { cwd: project.dir });
    expect(run.stdout).toBe("Validated 2 transformations in 2 files: 0 errors, 0 warnings.\n");
  });
});
