import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import {
  PRD,
  STG,
  prodWorkspace,
  sameTransformations,
  stagingWorkspace,
  useTwoEnvironments,
  type LiveTransformation,
} from "../helpers/two-environments.js";
import { runCli } from "../helpers/run-cli.js";
import { openWithSchema } from "../helpers/schema-resolver.js";

const sources = (prefix: "stg" | "prd") => [
  { id: `src_${prefix}_web`, slug: "web" },
  { id: `src_${prefix}_ios`, slug: "ios" },
  { id: `src_${prefix}_unused`, slug: "unused" },
];

/** `init --from-workspace --env NAME[=VARIABLE]` (issue 34): adopt workspaces that exist. */
describe("transync init --from-workspace", () => {
  const fixture = useTwoEnvironments();
  const readTokens = { SEGMENT_API_TOKEN_STAGING_READ: STG, SEGMENT_API_TOKEN_PROD_READ: PRD };
  const run = (args: string[], env: Record<string, string> = readTokens) =>
    runCli(args, { cwd: fixture.project.dir, env: { ...env, TRANSYNC_ALLOW_API_HOSTS: new URL(fixture.emulator.url).host } });
  const adopt = (...envs: string[]) =>
    run(["init", "--from-workspace", ...envs.flatMap((e) => ["--env", e]), "--api-url", fixture.emulator.url]);

  beforeEach(async () => {
    await fixture.start({
      workspaces: [
        stagingWorkspace({ sources: sources("stg"), transformations: sameTransformations("stg") }),
        prodWorkspace({ sources: sources("prd"), transformations: sameTransformations("prd") }),
      ],
    });
  });

  it("binds each environment to its workspace with slug aliases and read/write tokens, then both plan no changes", async () => {
    const result = await adopt("staging", "prod");
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const project = parse(readFileSync(join(fixture.project.dir, "transync.yaml"), "utf8")) as {
      defaultEnvironment: string;
      apiUrl: string;
      environments: Record<string, { workspace: string; tokenEnv: string; planTokenEnv: string; sources: Record<string, unknown> }>;
    };
    expect(project.defaultEnvironment).toBe("staging");
    expect(project.apiUrl).toBe(fixture.emulator.url);
    expect(project.environments.staging).toEqual({
      workspace: "stg",
      tokenEnv: "SEGMENT_API_TOKEN_STAGING",
      planTokenEnv: "SEGMENT_API_TOKEN_STAGING_READ",
      // A source without transformations gets no alias.
      sources: { ios: { slug: "ios" }, web: { slug: "web" } },
    });
    expect(project.environments.prod).toMatchObject({ workspace: "prd", tokenEnv: "SEGMENT_API_TOKEN_PROD" });
    for (const env of ["staging", "prod"]) {
      const plan = await run(["plan", "--env", env, "--detailed-exitcode"]);
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      expect(plan.stdout).toContain("No changes");
    }
    // Every written file names its schema in .transync/schemas, and opens with it as an editor does.
    const written = [
      "transync.yaml",
      ...readdirSync(join(fixture.project.dir, "transformations"), { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".yaml"))
        .map((f) => join("transformations", f)),
    ];
    expect(written.length).toBeGreaterThan(1);
    for (const file of written) expect(await openWithSchema(join(fixture.project.dir, file)), file).toEqual([]);
    // plan read only the read variables; apply names the write variable it needs.
    const apply = await run(["apply", "--env", "prod", "--auto-approve"]);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain("SEGMENT_API_TOKEN_PROD");
  });

  it("two workspaces that differ (values, objects of one only, a destination only in prod): every difference an override or only:, both plan no changes", async () => {
    await fixture.emulator.close();
    const catalog = { destinations: [{ id: "meta_amp", slug: "amplitude", name: "Amplitude" }] };
    const staging: LiveTransformation[] = [
      {
        id: "tfm_s1",
        name: "Amplitude product fields",
        sourceId: "src_stg_web",
        enabled: true,
        if: "event = 'Product Viewed'",
        allowProperties: ["product_id", "price"],
      },
      { id: "tfm_s2", name: "Debug echo", sourceId: "src_stg_web", enabled: true, if: "event = 'Debug'" },
    ];
    const prod: LiveTransformation[] = [
      {
        id: "tfm_p1",
        name: "Amplitude product fields",
        sourceId: "src_prd_web",
        enabled: false,
        if: "event = 'Product Viewed'",
        allowProperties: ["product_id", "price", "currency"],
      },
      {
        id: "tfm_p3",
        name: "Amplitude only",
        sourceId: "src_prd_ios",
        destinationMetadataId: "meta_amp",
        enabled: true,
        if: "event = 'Order'",
      },
    ];
    await fixture.start({
      catalog,
      workspaces: [
        stagingWorkspace({ sources: sources("stg"), transformations: staging }),
        prodWorkspace({ sources: sources("prd"), transformations: prod }),
      ],
    });
    const result = await adopt("staging", "prod");
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const project = readFileSync(join(fixture.project.dir, "transync.yaml"), "utf8");
    expect(parse(project)).toMatchObject({ destinations: { amplitude: { slug: "amplitude" } } });
    const documents = readdirSync(join(fixture.project.dir, "transformations"))
      .flatMap((file) => parseAllDocuments(readFileSync(join(fixture.project.dir, "transformations", file), "utf8")))
      .map((d) => d.toJS() as Record<string, unknown>);
    const byName = Object.fromEntries(documents.map((d) => [d.name as string, d]));
    expect(byName["Amplitude product fields"]).toMatchObject({
      allowProperties: ["product_id", "price"],
      overrides: { prod: { enabled: false, allowProperties: ["product_id", "price", "currency"] } },
    });
    expect(byName["Debug echo"]).toMatchObject({ only: ["staging"] });
    expect(byName["Amplitude only"]).toMatchObject({ only: ["prod"], destinationMetadataId: "amplitude" });
    for (const env of ["staging", "prod"]) {
      const plan = await run(["plan", "--env", env, "--detailed-exitcode"]);
      expect(plan.code, `${env}: ${plan.stdout}${plan.stderr}`).toBe(0);
      expect((await run(["validate", "--env", env])).code).toBe(0);
    }
  });

  it("NAME=VARIABLE reads the workspace with that variable and writes it as planTokenEnv", async () => {
    const result = await run(["init", "--from-workspace", "--env", "prod=SEGMENT_API_TOKEN_PRD_RO", "--api-url", fixture.emulator.url], {
      SEGMENT_API_TOKEN_PRD_RO: PRD,
    });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const text = readFileSync(join(fixture.project.dir, "transync.yaml"), "utf8");
    expect(text).toContain("planTokenEnv: SEGMENT_API_TOKEN_PRD_RO");
    expect(text).not.toContain(PRD);
    const plan = await run(["plan", "--env", "prod", "--detailed-exitcode"], { SEGMENT_API_TOKEN_PRD_RO: PRD });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  });

  it("a token that may not read sources (403) gets no aliases, a warning, and documents by source id that plan no changes", async () => {
    await fixture.emulator.close();
    await fixture.start({ workspaces: [prodWorkspace({ transformations: sameTransformations("prd") })] });
    const result = await adopt("prod");
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stderr).toContain("may not read the workspace's sources");
    expect(readFileSync(join(fixture.project.dir, "transync.yaml"), "utf8")).not.toContain("sources:");
    const plan = await run(["plan", "--env", "prod", "--detailed-exitcode"]);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  });

  it("a token that is missing stops the run before any file is written, naming the variable", async () => {
    const result = await run(["init", "--from-workspace", "--env", "staging", "--env", "prod", "--api-url", fixture.emulator.url], {
      SEGMENT_API_TOKEN_STAGING_READ: STG,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("SEGMENT_API_TOKEN_PROD_READ");
    expect(existsSync(join(fixture.project.dir, "transync.yaml"))).toBe(false);
    expect(existsSync(join(fixture.project.dir, "transformations"))).toBe(false);
  });

  it("refuses bad --env values, a repeated name, --env alone, CI it cannot write, and an existing project or CI file, before any request", async () => {
    const cases: Array<[string[], RegExp]> = [
      [["--from-workspace"], /needs at least one --env/],
      [["--from-workspace", "--env", "-bad"], /environment name must start/],
      [["--from-workspace", "--env", "prod=MY_TOKEN"], /must be SEGMENT_API_TOKEN or SEGMENT_API_TOKEN_<SUFFIX>/],
      [["--from-workspace", "--env", "prod", "--env", "prod"], /given twice/],
      [["--env", "prod"], /pass --from-workspace too/],
      [["--from-workspace", "--env", "prod", "--ci-style", "script"], /--ci-style chooses the pipeline of --ci; pass --ci too/],
      [
        ["--from-workspace", "--env", "prod", "--ci", "gitlab", "--ci-style", "action"],
        /--ci-style action is not available for --ci gitlab/,
      ],
      [["--from-workspace", "--env", "prod.eu", "--env", "prod_eu", "--ci", "github"], /both name SEGMENT_API_TOKEN_PROD_EU_READ/],
      [
        ["--from-workspace", "--env", "prod=SEGMENT_API_TOKEN_PROD", "--ci", "github"],
        /reads and writes with one variable, SEGMENT_API_TOKEN_PROD/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await run(["init", ...args, "--api-url", fixture.emulator.url]);
      expect(result.code, args.join(" ")).not.toBe(0);
      expect(result.stderr, args.join(" ")).toMatch(message);
    }
    fixture.project.write("transync.yaml", "apiVersion: transync/v1\n");
    const existing = await adopt("prod");
    expect(existing.code).toBe(1);
    expect(existing.stderr).toContain("would write over transync.yaml");
    fixture.project.write(".gitlab-ci.yml", "stages: [test]\n");
    const ci = await run(["init", "--from-workspace", "--env", "prod", "--ci", "gitlab", "--api-url", fixture.emulator.url]);
    expect(ci.code).toBe(1);
    expect(ci.stderr).toContain("would write over transync.yaml, .gitlab-ci.yml;");
    expect(fixture.emulator.stats().requests).toBe(0);
  });
});
