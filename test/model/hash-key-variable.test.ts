import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HASH_KEY_VARIABLE_PATTERN, isHashKeyVariable } from "../../src/model/hash-key-variable.js";
import { hashKeyValues, missingSecrets, resolveBodySecrets } from "../../src/plan/secrets.js";
import type { DocumentInput } from "../../src/model/transformation.js";
import { planSchemaIssues } from "../../src/report/parse-plan.js";

const defs = JSON.parse(readFileSync(new URL("../../schemas/defs.schema.json", import.meta.url), "utf8")) as {
  $defs: { hashKeyFromEnv: { properties: { fromEnv: { pattern: string } } } };
};

describe("hash key variables", () => {
  it("the schema's pattern on fromEnv is the one the code checks", () => {
    expect(defs.$defs.hashKeyFromEnv.properties.fromEnv.pattern).toBe(HASH_KEY_VARIABLE_PATTERN);
  });

  it("only names that start with TRANSYNC_KEY_ (case-sensitive) and go on", () => {
    expect(["TRANSYNC_KEY_EMAIL", "TRANSYNC_KEY_1"].map(isHashKeyVariable)).toEqual([true, true]);
    expect(["TRANSYNC_KEY_", "transync_key_email", "NPM_TOKEN", "X_TRANSYNC_KEY_A", "TRANSYNC_KEY_A-B"].map(isHashKeyVariable)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("a body that escaped validation still never reads another variable: it counts as unset and is not registered", () => {
    const body = {
      name: "H",
      sourceId: "s",
      enabled: true,
      if: "all",
      hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["properties.e"], key: { fromEnv: "NPM_TOKEN" } },
    } as unknown as DocumentInput;
    const env = { NPM_TOKEN: "npm_secret_value" };
    expect(hashKeyValues([body], env)).toEqual([]);
    expect(missingSecrets([{ name: "H", body }], env)).toEqual([{ name: "H", variable: "NPM_TOKEN" }]);
    expect(() => resolveBodySecrets(body, env, "H")).toThrow(/NPM_TOKEN/);
  });

  it("a plan file whose body names another variable is not a valid plan (apply refuses it)", () => {
    const golden = readFileSync(new URL("../report/golden/plan.json", import.meta.url), "utf8");
    expect(planSchemaIssues(JSON.parse(golden))).toEqual([]);
    const forged = planSchemaIssues(JSON.parse(golden.replace('"fromEnv": "TRANSYNC_KEY_EMAIL"', '"fromEnv": "NPM_TOKEN"')));
    expect(forged.map((i) => i.where)).toContainEqual(expect.stringMatching(/\/hashPropertiesConfiguration\/key\/fromEnv$/));
  });
});
