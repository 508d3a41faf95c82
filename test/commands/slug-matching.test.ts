import { beforeEach, describe, expect, it } from "vitest";
import { blockDoc } from "../helpers/project.js";
import { prodWorkspace, stagingWorkspace, useTwoEnvironments } from "../helpers/two-environments.js";

/**
 * Issue 33: what a slug matches. A slug that names nothing resolves to nothing (finding 3), and an
 * unknown slug is blamed where it is written, with the candidate it was a typo of (finding 10).
 */
describe("slugs that name nothing, and unknown slugs blamed where they are written", () => {
  const fixture = useTwoEnvironments();
  const { run } = fixture;
  const document = blockDoc;

  beforeEach(async () => {
    await fixture.start({
      workspaces: [
        stagingWorkspace({
          sources: [
            { id: "src_ios", slug: "ios" },
            { id: "src_io", slug: "io" },
            { id: "src_web", slug: "web" },
          ],
        }),
        prodWorkspace(),
      ],
      catalog: {
        destinations: [
          // A previous name with no Latin letter or digit: it once normalised to "", as did every such slug.
          { id: "meta_braze", slug: "braze", name: "Braze", previousNames: ["ブレイズ", "—"] },
          { id: "meta_amp", slug: "amplitude", name: "Amplitude", previousNames: ["Amplitude Classic"] },
        ],
      },
    });
  });

  it.each(["ö", "'---'", "日本", "'!!'"])(
    "destinationMetadataId { slug: %s } names nothing: exit 1, no previous-name warning",
    async (slug) => {
      fixture.writeProjectFile("");
      fixture.project.write("transformations/a.yaml", document("Nothing", "src_web", [`destinationMetadataId: { slug: ${slug} }`]));
      const plan = await run("plan", "--env", "staging");
      expect(plan.code, plan.stdout).toBe(1);
      expect(plan.stderr).toContain("no destination of Segment's catalog has the slug");
      expect(plan.stderr + plan.stdout).not.toContain("previous name");
      expect(plan.stderr + plan.stdout).not.toContain("meta_braze");
    },
  );

  it("a previous name still resolves when it names something (`Amplitude Classic` as amplitude-classic)", async () => {
    fixture.writeProjectFile("");
    fixture.project.write("transformations/a.yaml", document("Old", "src_web", ["destinationMetadataId: { slug: amplitude-classic }"]));
    const plan = await run("plan", "--env", "staging", "--format", "json");
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('"destinationMetadataId": "meta_amp"');
  });

  it("an alias whose slug is unknown is named once, at its line of transync.yaml; the documents that use it are not blamed", async () => {
    fixture.writeProjectFile(", sources: { app: { slug: iso }, site: { slug: web } }");
    for (let i = 0; i < 8; i++) fixture.project.write(`transformations/d${i}.yaml`, document(`D${i}`, "app"));
    fixture.project.write("transformations/ok.yaml", document("Fine", "site"));
    const plan = await run("plan", "--env", "staging");
    expect(plan.code).toBe(1);
    const issues = plan.stderr.split("\n").filter((line) => /^\s+\S+:\d+:\d+ /.test(line));
    expect(issues).toEqual([
      expect.stringMatching(
        /^ {2}transync\.yaml:3:\d+ environments\.staging\.sources\.app \(used by 8 documents\): no source of the workspace has the slug "iso"; did you mean "ios", "io"\?$/,
      ),
    ]);
    expect(plan.stderr).not.toMatch(/d\d\.yaml/);
  });

  // "iso" is one edit from both: the swap of "ios" first (same length), then "io"; "web" (three edits) is noise, never offered.
  it("a document that writes an unknown slug itself is named, with the candidate it is a typo of; the others are not", async () => {
    fixture.writeProjectFile(", sources: { app: { slug: ios } }");
    for (let i = 0; i < 8; i++) fixture.project.write(`transformations/d${i}.yaml`, document(`D${i}`, "app"));
    fixture.project.write("transformations/typo.yaml", "# a comment\n" + document("Typo", "{ slug: iso }"));
    const plan = await run("plan", "--env", "staging");
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      'transformations/typo.yaml:2:1 "Typo": sourceId: no source of the workspace has the slug "iso"; did you mean "ios", "io"?',
    );
    expect(plan.stderr).not.toMatch(/d\d\.yaml|transync\.yaml:/);
  });
});
