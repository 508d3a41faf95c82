import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { quietProgram } from "../helpers/program.js";
import { FORMATS } from "../../src/report/formats.js";

/**
 * The commands and flags the example CI files may use, read off the real commander program (and the
 * one table of formats): a workflow that users copy must never call a flag transync does not have.
 */
function commandFlags(): Map<string, string[]> {
  const { program } = quietProgram(ROOT);
  const global = program.options.map((o) => o.long ?? "");
  return new Map(program.commands.map((c) => [c.name(), [...global, ...c.options.map((o) => o.long ?? "")]]));
}
const FORMATS_OF: Readonly<Record<string, readonly string[]>> = FORMATS;

const ROOT = join(import.meta.dirname, "../../examples/ci");

interface Invocation {
  file: string;
  line: string;
  command: string;
  flags: Array<{ name: string; value?: string }>;
}

/** Every shell script in a workflow: GitHub `steps[].run`, GitLab `script` / `before_script`. */
function scriptsOf(doc: unknown): string[] {
  const out: string[] = [];
  const visit = (node: unknown, key?: string): void => {
    if (typeof node === "string" && (key === "run" || key === "script" || key === "before_script")) out.push(node);
    else if (Array.isArray(node)) node.forEach((n) => visit(n, key === "script" || key === "before_script" ? key : undefined));
    else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) visit(v, k);
  };
  visit(doc);
  return out;
}

/** Splits a shell line into words, honouring quotes; stops at a pipe, redirect or command separator. */
function words(line: string): string[] {
  const tokens = line.match(/"[^"]*"|'[^']*'|[^\s]+/g) ?? [];
  const end = tokens.findIndex((t) => /^(\||>|>>|&&|;|\|\|)$/.test(t));
  return (end === -1 ? tokens : tokens.slice(0, end)).map((t) => t.replace(/^["']|["']$/g, ""));
}

function invocations(file: string, script: string): Invocation[] {
  const lines = script.replace(/\\\n\s*/g, " ").split("\n");
  const found: Invocation[] = [];
  for (const line of lines) {
    const tokens = words(line.trim());
    // `transync ...` as a command of its own (the pinned global install), never an argument.
    const at = tokens.indexOf("transync");
    if (at !== 0) continue;
    const [command = "", ...rest] = tokens.slice(at + 1);
    const flags = rest
      .filter((t) => t.startsWith("--"))
      .map((t) => {
        const [name = "", value] = t.split("=", 2);
        return { name, value: value ?? rest[rest.indexOf(t) + 1] };
      });
    found.push({ file, line: line.trim(), command, flags });
  }
  return found;
}

async function exampleFiles(): Promise<string[]> {
  const entries = await readdir(ROOT, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

describe("examples/ci", () => {
  it("are valid YAML, and every transync call uses only known commands and flags", async () => {
    const files = await exampleFiles();
    expect(files.map((f) => f.slice(ROOT.length + 1))).toEqual([
      "github/transync-action.yml",
      "github/transync-apply.yml",
      "github/transync-drift.yml",
      "github/transync-pr.yml",
      "gitlab/.gitlab-ci.yml",
    ]);
    const all: Invocation[] = [];
    for (const file of files) {
      const doc: unknown = parse(await readFile(file, "utf8"));
      const calls = scriptsOf(doc).flatMap((s) => invocations(file, s));
      // The Action's example runs transync through `uses:` (test/action/action-yml.test.ts checks its inputs).
      const usesAction = /uses: \S+\/transync@/.test(await readFile(file, "utf8"));
      expect(calls.length > 0 || usesAction, `${file} runs transync`).toBe(true);
      all.push(...calls);
    }
    const known = commandFlags();
    for (const call of all) {
      const allowed = known.get(call.command);
      expect(allowed, `${call.file}: unknown command in "${call.line}"`).toBeDefined();
      for (const flag of call.flags) {
        expect(allowed, `${call.file}: "${call.command}" has no ${flag.name} ("${call.line}")`).toContain(flag.name);
        if (flag.name === "--format") expect(FORMATS_OF[call.command]).toContain(flag.value);
        if (flag.name === "--prune" && flag.value !== undefined && !flag.value.startsWith("-"))
          expect(["all", "removed"]).toContain(flag.value);
      }
    }
    expect(new Set(all.map((c) => c.command))).toEqual(new Set(["validate", "test", "plan", "apply", "comment"]));
  });

  it("wire the GitHub workflows as documented", async () => {
    const read = async (name: string): Promise<unknown> => parse(await readFile(join(ROOT, "github", name), "utf8"));
    const steps = (doc: unknown, job: string): unknown[] => dig(doc, "jobs", job, "steps") as unknown[];
    const runs = (doc: unknown, job: string): string =>
      steps(doc, job)
        .map((s) => String(dig(s, "run") ?? ""))
        .join("\n")
        .replace(/\\\n\s*/g, " ");
    const step = (doc: unknown, job: string, uses: string): unknown =>
      steps(doc, job).find((s) => String(dig(s, "uses") ?? "").startsWith(uses));

    const pr = await read("transync-pr.yml");
    expect(Object.keys(dig(pr, "on") as object)).toEqual(["pull_request"]);
    expect(dig(pr, "permissions", "pull-requests")).toBe("write");
    expect(dig(step(pr, "plan", "actions/checkout"), "with", "fetch-depth")).toBe(0);
    expect(dig(step(pr, "plan", "actions/setup-node"), "with", "node-version")).toBe(22);
    const commentStep = steps(pr, "plan").find((s) => String(dig(s, "run") ?? "").includes("transync comment"));
    expect(dig(commentStep, "env", "GITHUB_TOKEN")).toBe("${{ secrets.GITHUB_TOKEN }}");
    expect(runs(pr, "plan")).toMatch(
      /transync plan [^\n]*--base "origin\/\$\{\{ github.base_ref \}\}"[^\n]*--format markdown --out plan.json > plan.md/,
    );
    // The checkout is the pull request's: a plan.md it committed as a link is removed before `>` writes through it.
    expect(runs(pr, "plan")).toMatch(/rm -f plan.md plan.json\ntransync plan [^\n]*> plan.md/);

    const apply = await read("transync-apply.yml");
    expect(dig(apply, "on", "push", "branches")).toEqual(["main"]);
    expect(runs(apply, "apply")).toMatch(/transync plan [^\n]*--out plan.json/);
    expect(runs(apply, "apply")).toMatch(/transync apply plan.json [^\n]*--auto-approve --record-ref/);

    const drift = await read("transync-drift.yml");
    expect(String(dig(drift, "on", "schedule", "0", "cron"))).toMatch(/^\S+ \S+ \S+ \S+ \S+$/);
    expect(runs(drift, "drift")).toMatch(/--refresh full --detailed-exitcode/);
    expect(runs(drift, "drift")).toMatch(/"\$code" -eq 2[\s\S]*GITHUB_STEP_SUMMARY[\s\S]*exit 1/);
  });
});

describe("examples/ci fetch the applied record before every plan", () => {
  it("each job that runs `transync plan` fetches +refs/transync/*:refs/transync/* first (no `|| true`)", async () => {
    const jobs: Array<{ where: string; script: string }> = [];
    for (const file of await exampleFiles()) {
      const doc = parse(await readFile(file, "utf8")) as Record<string, unknown>;
      const container = (doc.jobs ?? doc) as Record<string, unknown>;
      for (const [name, job] of Object.entries(container)) jobs.push({ where: `${file}#${name}`, script: scriptsOf(job).join("\n") });
    }
    const planning = jobs.filter((j) => /transync plan /.test(j.script));
    expect(planning.length).toBeGreaterThanOrEqual(6); // GitHub: pr, apply, drift; GitLab: plan, apply, drift
    for (const job of planning) {
      const fetchAt = job.script.indexOf("git fetch origin '+refs/transync/*:refs/transync/*'");
      expect(fetchAt, job.where).toBeGreaterThanOrEqual(0);
      expect(fetchAt, job.where).toBeLessThan(job.script.indexOf("transync plan "));
      expect(job.script, job.where).not.toMatch(/refs\/transync[^\n]*\|\| true/);
    }
  });
});

describe("examples/ci keep the token away from the repository's own code", () => {
  it("install a pinned transync outside the checkout and never run the repository's packages", async () => {
    // The Action's example installs nothing itself: the action does, outside the checkout (test/action/).
    const scripted = (await exampleFiles()).filter((f) => !f.endsWith("/transync-action.yml"));
    for (const file of scripted) {
      const text = await readFile(file, "utf8");
      const doc = parse(text) as Record<string, unknown>;
      const scripts = scriptsOf(doc).join("\n");
      // The repository's lockfile, package.json and .npmrc must not choose what runs with the token.
      expect(scripts, file).not.toMatch(/\bnpm (ci|install)\b(?![^\n]*transync@\$\{TRANSYNC_VERSION\})|\bnpx\b|\bnpm run\b/);
      expect(scripts, file).toMatch(/npm install --global [^\n]*"transync@\$\{TRANSYNC_VERSION\}"/);
      expect(text, file).toMatch(/TRANSYNC_VERSION: "\d+\.\d+\.\d+"/);
    }
    const github = scripted.filter((f) => f.includes("/github/"));
    for (const file of github) {
      const doc = parse(await readFile(file, "utf8")) as Record<string, unknown>;
      for (const [name, job] of Object.entries(dig(doc, "jobs") as Record<string, unknown>)) {
        const jobTokens = Object.keys((dig(job, "env") ?? {}) as object).filter((k) => k.startsWith("SEGMENT_API_TOKEN"));
        expect(jobTokens, `${file} job ${name}: the token belongs to the steps that call the API`).toEqual([]);
        // Each environment's variable holds that environment's secret only (docs/environments.md).
        for (const step of dig(job, "steps") as unknown[]) {
          for (const [key, value] of Object.entries((dig(step, "env") ?? {}) as Record<string, unknown>)) {
            if (!key.startsWith("SEGMENT_API_TOKEN")) continue;
            expect(String(value).match(/secrets\.\w+/g), `${file} job ${name}: ${key}`).toEqual([`secrets.${key}`]);
          }
        }
        const install = (dig(job, "steps") as unknown[]).find((s) => String(dig(s, "run") ?? "").includes("npm install --global"));
        expect(dig(install, "working-directory"), `${file}: installs outside the checkout`).toBe("${{ runner.temp }}");
        expect(dig(install, "env", "SEGMENT_API_TOKEN")).toBeUndefined();
      }
    }
  });

  it("the Action's example runs no package of the repository and gives the token only to the steps that call the API", async () => {
    const file = join(ROOT, "github/transync-action.yml");
    const doc = parse(await readFile(file, "utf8")) as Record<string, unknown>;
    expect(scriptsOf(doc).join("\n")).not.toMatch(/\bnpm\b|\bnpx\b/);
    for (const job of Object.values(dig(doc, "jobs") as Record<string, unknown>)) {
      expect(dig(job, "env", "SEGMENT_API_TOKEN")).toBeUndefined();
      for (const step of dig(job, "steps") as unknown[]) {
        const command = dig(step, "with", "command");
        if (dig(step, "env", "SEGMENT_API_TOKEN") !== undefined) expect(["plan", "apply"]).toContain(command);
        if (command !== undefined) expect(String(dig(step, "uses"))).toMatch(/^[\w-]+\/transync@v\d+$/);
      }
    }
  });
});

/** Walks parsed YAML by keys (array indexes as strings); undefined when a step is missing. */
function dig(node: unknown, ...keys: string[]): unknown {
  let at = node;
  for (const key of keys) at = at && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}
