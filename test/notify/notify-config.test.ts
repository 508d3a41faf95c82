import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";
import { NOTIFY_VARIABLE_PATTERN } from "../../src/model/notify-target.js";
import { secretsFromEnv } from "../../src/secrets/redact.js";

const schema = JSON.parse(readFileSync(new URL("../../schemas/transync.schema.json", import.meta.url), "utf8")) as {
  $defs: { notifyTarget: { properties: Record<string, { pattern?: string }> } };
};

/** `notify:` of transync.yaml: what validate refuses, at its line and column. */
describe("notify: in transync.yaml", () => {
  let project: TempProject | undefined;
  afterEach(() => project?.cleanup());

  const validate = async (notify: string[]) => {
    project = tempProject({ "transformations/a.yaml": doc("A", "src_web") });
    project.write("transync.yaml", ["apiVersion: transync/v1", "environments:", "  prod: {}", "notify:", ...notify, ""].join("\n"));
    return runCli(["validate"], { cwd: project.dir, env: {} });
  };
  const target = (fields: Record<string, string>) => [
    `  - name: ${fields.name ?? "hook"}`,
    `    type: ${fields.type ?? "webhook"}`,
    `    urlEnv: ${fields.urlEnv ?? "TRANSYNC_NOTIFY_URL"}`,
    ...(fields.secretEnv !== undefined ? [`    secretEnv: ${fields.secretEnv}`] : []),
    "    events: [drift]",
    `    environments: [${fields.environments ?? "prod"}]`,
  ];

  it("a valid target passes", async () => {
    const result = await validate(target({ secretEnv: "TRANSYNC_NOTIFY_SECRET" }));
    expect(result.code, result.stderr + result.stdout).toBe(0);
  });

  it.each([
    ["urlEnv", { urlEnv: "SEGMENT_API_TOKEN" }, 7, "SEGMENT_API_TOKEN"],
    ["secretEnv", { secretEnv: "GITHUB_TOKEN" }, 8, "GITHUB_TOKEN"],
  ])(
    "a %s without the TRANSYNC_NOTIFY_ prefix is refused at its line (a pull request cannot post another secret)",
    async (_f, fields, line, name) => {
      const result = await validate(target(fields));
      expect(result.code).toBe(1);
      const output = result.stdout + result.stderr;
      expect(output).toMatch(new RegExp(`transync\\.yaml:${line}:\\d+`));
      expect(output).toContain(`"${name}" is not a notification variable`);
      expect(output).toContain("TRANSYNC_NOTIFY_");
    },
  );

  it("two targets of one name, an unknown environment and a signed Slack target are refused, each at its field", async () => {
    const result = await validate([...target({}), ...target({ type: "slack", secretEnv: "TRANSYNC_NOTIFY_S", environments: "prod, qa" })]);
    expect(result.code).toBe(1);
    const output = result.stdout + result.stderr;
    expect(output).toMatch(/transync\.yaml:10:\d+.*the name is taken by notify\[0\]/);
    expect(output).toMatch(/transync\.yaml:13:\d+.*secretEnv is for `type: webhook` only/);
    expect(output).toMatch(/transync\.yaml:15:\d+.*names unknown environment "qa"/);
  });

  it("the schema's pattern is the one the code checks, and every TRANSYNC_NOTIFY_ value is a secret from the start", () => {
    expect(schema.$defs.notifyTarget.properties.urlEnv!.pattern).toBe(NOTIFY_VARIABLE_PATTERN);
    expect(schema.$defs.notifyTarget.properties.secretEnv!.pattern).toBe(NOTIFY_VARIABLE_PATTERN);
    const secrets = secretsFromEnv({ TRANSYNC_NOTIFY_HOOK_URL: "https://hooks.example/T0/B0/xyz123", OTHER: "not-a-secret" });
    expect(secrets.redact("posting to https://hooks.example/T0/B0/xyz123; not-a-secret")).toBe("posting to [redacted]; not-a-secret");
  });
});
