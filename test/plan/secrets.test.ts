import { afterEach, describe, expect, it } from "vitest";
import { ValidationError } from "../../src/errors.js";
import { createLogger } from "../../src/log.js";
import { assertPlanSecrets, computePlan, missingSecrets, resolveBodySecrets } from "../../src/plan/index.js";
import { runCli } from "../helpers/run-cli.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import { doc, liveState, options } from "./builders.js";

const hash = { algorithm: "SHA256", paths: ["properties.email"], key: { fromEnv: "TRANSYNC_KEY_EMAIL" } };

describe("hash keys from the environment", () => {
  it("are resolved only when a body is sent", () => {
    const body = { name: "H", sourceId: "s", enabled: true, if: "event = 'H'", hashPropertiesConfiguration: hash };
    expect(resolveBodySecrets(body, { TRANSYNC_KEY_EMAIL: "v" }, "H").hashPropertiesConfiguration).toEqual({ ...hash, key: "v" });
    expect(body.hashPropertiesConfiguration.key).toEqual({ fromEnv: "TRANSYNC_KEY_EMAIL" }); // the plan is not changed
    expect(() => resolveBodySecrets(body, {}, "H")).toThrow(
      /"H": the hash key comes from the environment variable TRANSYNC_KEY_EMAIL, which is not set/,
    );
    expect(resolveBodySecrets({ enabled: false }, {}, "U")).toEqual({ enabled: false });
  });

  it("an unset or empty variable is missing; literal keys need nothing", () => {
    const bodies = [
      { name: "A", body: { hashPropertiesConfiguration: hash } },
      { name: "B", body: { hashPropertiesConfiguration: { ...hash, key: "literal" } } },
    ];
    expect(missingSecrets(bodies, { TRANSYNC_KEY_EMAIL: "" })).toEqual([{ name: "A", variable: "TRANSYNC_KEY_EMAIL" }]);
    expect(missingSecrets(bodies, { TRANSYNC_KEY_EMAIL: "x" })).toEqual([]);
  });

  it("apply refuses a plan whose variables are unset before any write, naming each", () => {
    const plan = computePlan([doc("H", { hashPropertiesConfiguration: hash })], liveState([]), options());
    expect(() => assertPlanSecrets(plan, {})).toThrow(ValidationError);
    expect(() => assertPlanSecrets(plan, { TRANSYNC_KEY_EMAIL: "x" })).not.toThrow();
  });
});

describe("the YAML syntax `key: { fromEnv: VAR }`", () => {
  let project: TempProject;
  afterEach(() => project.cleanup());
  const yaml = (key: string) =>
    `apiVersion: transync/v1\nkind: Transformation\nname: H\nsourceId: s\nenabled: true\nif: event = 'H'\nhashPropertiesConfiguration:\n  algorithm: SHA256\n  paths: [properties.email]\n  key: ${key}\n`;

  it("validates a variable name and refuses anything else at file:line", async () => {
    project = tempProject({ "transformations/h.yaml": yaml("{ fromEnv: TRANSYNC_KEY_EMAIL }") });
    expect((await runCli(["validate"], { cwd: project.dir })).code).toBe(0);
    project.write("transformations/h.yaml", yaml("{ fromEnv: 1-bad }"));
    const bad = await runCli(["validate"], { cwd: project.dir });
    expect(bad.code).toBe(1);
    expect(bad.stdout + bad.stderr).toMatch(/h\.yaml:10:\d+/);
    project.write("transformations/h.yaml", yaml("{ fromFile: /etc/passwd }"));
    expect((await runCli(["validate"], { cwd: project.dir })).code).toBe(1);
  });
});

describe("logs", () => {
  it("show a hash key as (sensitive) wherever a body is logged", () => {
    let out = "";
    const logger = createLogger({ level: "info", destination: { write: (s: string) => void (out += s) } as never });
    logger.info({ body: { hashPropertiesConfiguration: { algorithm: "SHA256", key: "s3cret" } } }, "sending");
    logger.info({ hashPropertiesConfiguration: { key: "s3cret" } }, "spec");
    expect(out).not.toContain("s3cret");
    expect(out.match(/\(sensitive\)/g)).toHaveLength(2);
  });
});
