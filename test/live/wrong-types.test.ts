import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { apiErrorOf, makeApi, TOKEN, useScriptedApi } from "./helpers.js";

/**
 * A reply whose field has the wrong type is refused where replies are decoded, with an error that
 * names the field's path and the object's id (issue 21, item 10); nothing above live/ sees it.
 */
const fake = useScriptedApi();

const good = { id: "tf_1", name: "A", sourceId: "src_1", enabled: true, if: "event = 'A'", propertyRenames: [], allowProperties: [] };
const listOf = (items: unknown[], pagination: unknown = { current: "MA==", next: null, totalEntries: items.length }) => ({
  body: { data: { transformations: items, pagination } },
});

describe("plan against a list with a wrong-typed field", () => {
  let project: TempProject;
  beforeEach(() => {
    project = tempProject({ "transformations/a.yaml": doc("A", "src_1") });
  });
  afterEach(() => project.cleanup());

  it("propertyValueTransformations {a: 1}: exit 1, 'malformed reply from the API' naming the field and the id, no internal error", async () => {
    fake.server.script.push(listOf([{ ...good, propertyValueTransformations: { a: 1 } }]));
    const res = await runCli(["plan"], { env: { SEGMENT_API_TOKEN: TOKEN, SEGMENT_API_URL: fake.url }, cwd: project.dir });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("malformed reply from the API");
    expect(res.stderr).toContain(
      '`data.transformations[0].propertyValueTransformations` of transformation "tf_1" is an object, not an array of',
    );
    expect(res.stderr).not.toMatch(/internal error|bug, please report|\n\s+at /i);
  });
});

describe("every field of a transformation is type-checked, in list, get, create and update replies", () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    [
      "a nested rename",
      { propertyRenames: [{ oldName: "a", newName: 5 }] },
      '.propertyRenames[0].newName` of transformation "tf_1" is the number 5, not a string',
    ],
    [
      "a value path",
      { propertyValueTransformations: [{ propertyPaths: ["properties.a", 7], propertyValue: "x" }] },
      '.propertyValueTransformations[0].propertyPaths[1]` of transformation "tf_1" is the number 7',
    ],
    [
      "an fql property",
      { fqlDefinedProperties: [{ fql: "x", propertyName: null }] },
      '.fqlDefinedProperties[0].propertyName` of transformation "tf_1" is null, not a string',
    ],
    [
      "the hash configuration",
      { hashPropertiesConfiguration: { algorithm: "SHA256", paths: "properties.email" } },
      '.hashPropertiesConfiguration.paths` of transformation "tf_1" is a string, not an array of strings',
    ],
    ["enabled", { enabled: "yes" }, '.enabled` of transformation "tf_1" is a string, not true or false'],
    ["a missing if", { if: undefined }, '.if` of transformation "tf_1" is absent, not a string'],
    ["allowProperties", { allowProperties: [["nested"]] }, '.allowProperties[0]` of transformation "tf_1" is an array, not a string'],
    ["propertyDrops", { propertyDrops: {} }, '.propertyDrops` of transformation "tf_1" is an object, not an array of strings'],
    ["drop", { drop: 0 }, '.drop` of transformation "tf_1" is the number 0, not true or false'],
    ["workspaceId", { workspaceId: 12 }, '.workspaceId` of transformation "tf_1" is the number 12'],
  ];

  it.each(cases)("%s: list", async (_what, change, message) => {
    fake.server.script.push(listOf([{ ...good, ...change }]));
    const { api } = makeApi(fake.url);
    const error = await apiErrorOf(api.listPage());
    expect(error.message).toContain("GET /transformations: HTTP 200: malformed reply from the API: `data.transformations[0]");
    expect(error.message).toContain(message);
  });

  it.each(cases)("%s: get, create, update", async (_what, change, message) => {
    const reply = { body: { data: { transformation: { ...good, ...change } } } };
    fake.server.script.push(reply, reply, reply);
    const { api } = makeApi(fake.url);
    for (const call of [
      api.get("tf_1"),
      api.create({ name: "A", sourceId: "src_1", enabled: true, if: "all" }),
      api.update("tf_1", { name: "A" }),
    ]) {
      expect((await apiErrorOf(call)).message).toContain(`\`data.transformation${message}`);
    }
  });

  it("an object without an id is named by its place", async () => {
    fake.server.script.push(listOf([good, { ...good, id: 42 }]));
    const { api } = makeApi(fake.url);
    expect((await apiErrorOf(api.listPage())).message).toContain(
      "`data.transformations[1].id` (a transformation without an id) is the number 42, not a non-empty string",
    );
  });

  it("null stands for absent in optional fields; unknown fields pass", async () => {
    const nulls = {
      ...good,
      destinationMetadataId: null,
      newEventName: null,
      propertyRenames: null,
      fqlDefinedProperties: null,
      hashPropertiesConfiguration: null,
      surprise: { a: 1 },
    };
    fake.server.script.push(listOf([nulls]));
    const { api } = makeApi(fake.url);
    expect((await api.listPage()).items).toEqual([nulls]);
  });
});

describe("the envelope is type-checked", () => {
  it.each([
    ["pagination", "oops", "`data.pagination` is a string, not an object"],
    ["pagination", { current: "MA==", next: 3 }, "`data.pagination.next` is the number 3, not a string"],
    ["pagination", { current: 1 }, "`data.pagination.current` is the number 1, not a string"],
    ["pagination", { current: "MA==", totalEntries: "10" }, "`data.pagination.totalEntries` is a string, not a whole number"],
    ["pagination", { current: "MA==", totalEntries: -1 }, "`data.pagination.totalEntries` is the number -1, not a whole number"],
    ["transformations", { a: 1 }, "`data.transformations` is an object, not an array"],
  ])("%s = %j", async (key, value, message) => {
    fake.server.script.push({ body: { data: { transformations: [], pagination: { current: "MA==" }, [key]: value } } });
    const { api } = makeApi(fake.url);
    expect((await apiErrorOf(api.listPage())).message).toContain(message);
  });

  it("the workspace and a delete's status", async () => {
    fake.server.script.push({ body: { data: { workspace: { id: "ws_1", slug: 3 } } } }, { body: { data: { status: ["SUCCESS"] } } });
    const { api } = makeApi(fake.url);
    expect((await apiErrorOf(api.getWorkspace())).message).toContain("`data.workspace.slug` is the number 3, not a string");
    expect((await apiErrorOf(api.remove("tf_1"))).message).toContain("`data.status` is an array, not a string");
  });
});
