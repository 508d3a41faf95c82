import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { forEnvironment, yamlScalar, type CiEnvironment } from "../../src/init/ci-environments.js";
import { pipelineFor, type CiExample } from "../../src/init/ci-pipelines.js";
import { CI_PIPELINES, ciFiles, ciFilesFor, environmentWithToken, INIT_ENVIRONMENT, type CiProvider } from "../../src/init/templates.js";

/** The examples of examples/ci/ written for the environments `init --from-workspace` adopts (issue 34). */
const EXAMPLES = join(import.meta.dirname, "..", "..", "examples", "ci");
const example = (provider: CiProvider, name: string): CiExample => ({ name, text: readFileSync(join(EXAMPLES, provider, name), "utf8") });
const pipeline = (provider: CiProvider): CiExample[] => CI_PIPELINES[provider].script!.map((name) => example(provider, name));

const staging: CiEnvironment = {
  name: "staging",
  readTokenEnv: "SEGMENT_API_TOKEN_STAGING_READ",
  writeTokenEnv: "SEGMENT_API_TOKEN_STAGING",
};
const prod: CiEnvironment = { name: "prod", readTokenEnv: "SEGMENT_API_TOKEN_PRD_RO", writeTokenEnv: "SEGMENT_API_TOKEN_PROD" };
const spec = (name: string): CiEnvironment => {
  const tokens = environmentWithToken(name);
  return { name, readTokenEnv: tokens.planTokenEnv, writeTokenEnv: tokens.tokenEnv };
};

function generated(provider: CiProvider, envs: CiEnvironment[]): Record<string, Record<string, unknown>> {
  const files = pipelineFor(provider, "script", pipeline(provider), envs);
  return Object.fromEntries(files.map((file) => [file.name, parse(file.text) as Record<string, unknown>]));
}

type Job = Record<string, unknown> & { steps?: Array<Record<string, unknown>> };
const jobsOf = (workflow: Record<string, unknown>): Record<string, Job> => workflow.jobs as Record<string, Job>;
/** Every `secrets.NAME` a value reads. */
const secretsIn = (value: unknown): string[] =>
  [...new Set([...JSON.stringify(value).matchAll(/secrets\.(\w+)/g)].map((m) => m[1]!))].sort();

describe("the CI of init for the environments of transync.yaml", () => {
  it("for production and its default variables alone is the shipped examples, byte for byte (what `init --ci` writes)", async () => {
    for (const provider of Object.keys(CI_PIPELINES) as CiProvider[]) {
      for (const style of Object.keys(CI_PIPELINES[provider]) as Array<"script" | "action">) {
        const env = { name: INIT_ENVIRONMENT.name, readTokenEnv: INIT_ENVIRONMENT.planTokenEnv, writeTokenEnv: INIT_ENVIRONMENT.tokenEnv };
        expect(await ciFilesFor(provider, style, [env])).toEqual(await ciFiles(provider, style));
      }
    }
  });

  it("for one other environment is the examples with its names: no `production` and no example variable left but prose", () => {
    for (const provider of ["github", "gitlab"] as const) {
      for (const style of Object.keys(CI_PIPELINES[provider]) as Array<"script" | "action">) {
        const examples = CI_PIPELINES[provider][style]!.map((name) => example(provider, name));
        for (const file of pipelineFor(provider, style, examples, [prod])) {
          expect(file.text.replace("the production key", ""), file.name).not.toMatch(/production|SEGMENT_API_TOKEN_PRODUCTION/);
          expect(file.text.split("\n").length, file.name).toBe(example(provider, file.name).text.split("\n").length);
        }
      }
    }
  });

  it("GitHub: the PR matrix lists every environment, each mapped to its own read variable; no write secret", () => {
    const pr = jobsOf(generated("github", [staging, prod])["transync-pr.yml"]!).plan!;
    expect((pr.strategy as { matrix: { environment: string[] } }).matrix.environment).toEqual(["staging", "prod"]);
    const plan = pr.steps!.find((step) => step.name === "Plan")!;
    expect(plan.env).toEqual({
      SEGMENT_API_TOKEN_STAGING_READ: "${{ matrix.environment == 'staging' && secrets.SEGMENT_API_TOKEN_STAGING_READ || '' }}",
      SEGMENT_API_TOKEN_PRD_RO: "${{ matrix.environment == 'prod' && secrets.SEGMENT_API_TOKEN_PRD_RO || '' }}",
    });
    expect(secretsIn(pr)).toEqual(["GITHUB_TOKEN", "SEGMENT_API_TOKEN_PRD_RO", "SEGMENT_API_TOKEN_STAGING_READ"]);
  });

  it("GitHub: one apply job per environment, in order, chained, each in its environment and group with its own secrets only", () => {
    const jobs = jobsOf(generated("github", [staging, prod])["transync-apply.yml"]!);
    expect(Object.keys(jobs)).toEqual(["apply-staging", "apply-prod"]);
    expect(jobs["apply-staging"]).toMatchObject({ environment: "staging", concurrency: { group: "transync-apply-staging" } });
    expect(jobs["apply-staging"]!.needs).toBeUndefined();
    expect(jobs["apply-prod"]).toMatchObject({
      environment: "prod",
      needs: "apply-staging",
      concurrency: { group: "transync-apply-prod" },
    });
    expect(jobs["apply-prod"]!.env).toMatchObject({ TRANSYNC_ENV: "prod" });
    expect(secretsIn(jobs["apply-staging"])).toEqual(["SEGMENT_API_TOKEN_STAGING", "SEGMENT_API_TOKEN_STAGING_READ"]);
    expect(secretsIn(jobs["apply-prod"])).toEqual(["SEGMENT_API_TOKEN_PRD_RO", "SEGMENT_API_TOKEN_PROD"]);
  });

  it("GitHub: one drift job per environment with its read secret only", () => {
    const jobs = jobsOf(generated("github", [staging, prod])["transync-drift.yml"]!);
    expect(Object.keys(jobs)).toEqual(["drift-staging", "drift-prod"]);
    expect(secretsIn(jobs["drift-staging"])).toEqual(["SEGMENT_API_TOKEN_STAGING_READ"]);
    expect(secretsIn(jobs["drift-prod"])).toEqual(["SEGMENT_API_TOKEN_PRD_RO"]);
  });

  it("GitHub: the header names every environment's variables", () => {
    const [pr] = pipelineFor("github", "script", [example("github", "transync-pr.yml")], [staging, prod]);
    expect(pr!.text).toContain("# - SEGMENT_API_TOKEN_STAGING_READ (transync.yaml: environments.staging.planTokenEnv)\n");
    expect(pr!.text).toContain("# - SEGMENT_API_TOKEN_PRD_RO (transync.yaml: environments.prod.planTokenEnv)\n");
  });

  it("GitLab: validate, plan, apply and drift per environment, each with its TRANSYNC_ENV, the applies chained and grouped per environment", () => {
    const [file] = pipelineFor("gitlab", "script", pipeline("gitlab"), [staging, prod]);
    const ci = parse(file!.text) as Record<string, Record<string, unknown>>;
    const jobs = Object.keys(ci).filter((key) => !["default", "variables", "stages"].includes(key));
    expect(jobs).toEqual([
      "validate:staging",
      "validate:prod",
      "plan:staging",
      "plan:prod",
      "apply:staging",
      "apply:prod",
      "drift:staging",
      "drift:prod",
    ]);
    expect(ci.variables!.TRANSYNC_ENV).toBeUndefined();
    for (const job of jobs) expect(ci[job]!.variables, job).toEqual({ TRANSYNC_ENV: job.split(":")[1] });
    expect(ci["apply:staging"]).toMatchObject({ resource_group: "transync-apply-staging" });
    expect(ci["apply:staging"]!.needs).toBeUndefined();
    expect(ci["apply:prod"]).toMatchObject({ resource_group: "transync-apply-prod", needs: ["apply:staging"], environment: "prod" });
    // Each write token scoped to its GitLab environment: an apply job gets its own only.
    expect(ci["apply:staging"]).toMatchObject({ environment: "staging" });
    // The header lists every variable, protected or not, as the example does for its one environment.
    expect(file!.text).toMatch(/# - SEGMENT_API_TOKEN_STAGING_READ \(masked, NOT protected\b/);
    expect(file!.text).toMatch(/# - SEGMENT_API_TOKEN_PRD_RO \(masked, NOT protected\b/);
    expect(file!.text).toMatch(/# - SEGMENT_API_TOKEN_STAGING \(masked, PROTECTED\b/);
    expect(file!.text).toMatch(/# - SEGMENT_API_TOKEN_PROD \(masked, PROTECTED, environment scope `prod`/);
  });

  it("GitHub Action style: a plan job and an apply job per environment, each with its own secrets, group and applied ref", () => {
    const [file] = pipelineFor("github", "action", [example("github", "transync-action.yml")], [staging, prod]);
    const jobs = jobsOf(parse(file!.text) as Record<string, unknown>);
    expect(Object.keys(jobs)).toEqual(["plan-staging", "plan-prod", "apply-staging", "apply-prod"]);
    expect(secretsIn(jobs["plan-staging"])).toEqual(["SEGMENT_API_TOKEN_STAGING_READ"]);
    expect(secretsIn(jobs["plan-prod"])).toEqual(["SEGMENT_API_TOKEN_PRD_RO"]);
    expect(secretsIn(jobs["apply-prod"])).toEqual(["SEGMENT_API_TOKEN_PROD"]);
    expect(jobs["apply-prod"]).toMatchObject({
      environment: "prod",
      needs: "apply-staging",
      concurrency: { group: "transync-apply-prod" },
    });
    // Two plan jobs of one pull request in one group would cancel each other.
    expect((jobs["plan-staging"]!.concurrency as { group: string }).group).not.toBe(
      (jobs["plan-prod"]!.concurrency as { group: string }).group,
    );
    expect(JSON.stringify(jobs["apply-prod"])).toContain("git push --force origin refs/transync/applied/prod");
    expect(jobs["apply-prod"]!.steps!.flatMap((step) => Object.values((step.with ?? {}) as object))).toContain("prod");
  });

  it("names YAML would read as another type are quoted; names with dots make valid GitHub job ids", () => {
    expect(["prod.eu", "1st", "1.5", "on", "true", "eu-west_1"].map(yamlScalar)).toEqual([
      "prod.eu",
      '"1st"',
      '"1.5"',
      '"on"',
      '"true"',
      "eu-west_1",
    ]);
    expect(forEnvironment("      TRANSYNC_ENV: production # note", spec("1.5"))).toBe('      TRANSYNC_ENV: "1.5" # note');
    expect(forEnvironment("      group: transync-apply-production", spec("1.5"))).toBe("      group: transync-apply-1.5");
    const envs = [spec("prod.eu"), spec("on"), spec("1.5")];
    const apply = jobsOf(generated("github", envs)["transync-apply.yml"]!);
    expect(Object.keys(apply)).toEqual(["apply-prod_eu", "apply-on", "apply-1_5"]);
    expect(Object.values(apply).map((job) => [job.environment, (job.env as Record<string, unknown>).TRANSYNC_ENV, job.needs])).toEqual([
      ["prod.eu", "prod.eu", undefined],
      ["on", "on", "apply-prod_eu"],
      ["1.5", "1.5", "apply-on"],
    ]);
    const pr = jobsOf(generated("github", envs)["transync-pr.yml"]!).plan!;
    expect((pr.strategy as { matrix: { environment: unknown[] } }).matrix.environment).toEqual(["prod.eu", "on", "1.5"]);
    const gitlab = parse(pipelineFor("gitlab", "script", pipeline("gitlab"), envs)[0]!.text) as Record<string, { variables?: unknown }>;
    expect(gitlab["apply:1.5"]!.variables).toEqual({ TRANSYNC_ENV: "1.5" });
  });

  it("without tests, no step runs `transync test`, with the comment above it, and the files still parse", () => {
    for (const provider of ["github", "gitlab"] as const) {
      for (const style of Object.keys(CI_PIPELINES[provider]) as Array<"script" | "action">) {
        const examples = CI_PIPELINES[provider][style]!.map((name) => example(provider, name));
        for (const file of pipelineFor(provider, style, examples, [prod], false)) {
          expect(file.text, file.name).not.toMatch(/transync test\b|command: test\b|TransformationTest cases|test hashes with/);
          expect(file.text, file.name).not.toMatch(/\n\s*\n\s*\n/);
          expect(() => parse(file.text)).not.toThrow();
        }
      }
    }
    const [pr] = pipelineFor("github", "script", [example("github", "transync-pr.yml")], [staging, prod], false);
    const steps = jobsOf(parse(pr!.text) as Record<string, unknown>).plan!.steps!.map((step) => step.name);
    expect(steps).toEqual([undefined, undefined, "Install transync", "Validate", "Fetch the last applied commit", "Plan", "Comment"]);
  });

  it("refuses one variable for two environments, and read = write", () => {
    const shared = { ...prod, readTokenEnv: staging.readTokenEnv };
    expect(() => pipelineFor("github", "script", pipeline("github"), [staging, shared])).toThrow(
      /environments staging and prod both name SEGMENT_API_TOKEN_STAGING_READ/,
    );
    // prod.eu and prod_eu: one write variable by the naming rule, SEGMENT_API_TOKEN_PROD_EU.
    expect(() =>
      pipelineFor("gitlab", "script", pipeline("gitlab"), [spec("prod.eu"), { ...spec("prod_eu"), readTokenEnv: "SEGMENT_API_TOKEN_X" }]),
    ).toThrow(/environments prod.eu and prod_eu both name SEGMENT_API_TOKEN_PROD_EU;/);
    expect(() => pipelineFor("gitlab", "script", pipeline("gitlab"), [{ ...prod, readTokenEnv: prod.writeTokenEnv }])).toThrow(
      /reads and writes with one variable, SEGMENT_API_TOKEN_PROD/,
    );
  });
});
