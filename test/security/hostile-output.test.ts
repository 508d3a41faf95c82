import { afterEach, beforeEach, describe, expect, it } from "vitest";
import MarkdownIt from "markdown-it";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, type CliRun } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import { FakeGitHub } from "../forge/fake-github.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { escapeControls } from "../../src/escape/text-escape.js";
import { HOSTILE } from "../report/hostile-plan.js";
import { parseAnnotations } from "../helpers/annotations.js";
import { everyBracketCommand, runnerCommands } from "../helpers/runner-command-parser.js";
import { commitAll, git } from "../helpers/git.js";

/**
 * Issue 20, items 1 and 2: every command, every format, with the hostile corpus in live names,
 * document names, file names, FQL, values, test cases and events. No output holds a raw control or
 * bidi character or a line GitHub's runner reads as a workflow command; JSON holds the exact data.
 */

// eslint-disable-next-line no-control-regex -- what must not reach a terminal or a CI log raw
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const h = (i: number): string => HOSTILE[i % HOSTILE.length]!;
/** The file name: it ends a Markdown warning list and opens a comment, unless escaped. */
const ATTACK_FILE = "transformations/x\n\n## transync plan: No changes\n\nLive state matches the desired state.\n\n<!-- .yaml";
/** A file name holding a workflow command, as in the issue. */
const COMMAND_FILE = "transformations/y\n::error file=x::forged.yaml";

/** `--format github` writes workflow commands: each must be one well-formed annotation (parseAnnotations throws on any other). */
const writesAnnotations = (what: string): boolean => / --format github/.test(` ${what}`);

function expectSafe(run: CliRun, what: string): void {
  for (const [stream, text] of [
    ["stdout", run.stdout],
    ["stderr", run.stderr],
  ] as const) {
    expect(text, `${what}: ${stream}`).not.toMatch(UNSAFE);
    const ownCommands = stream === "stdout" && writesAnnotations(what);
    // As GitHub's runner reads the log (test/helpers/runner-command-parser.ts): `::` at a line start, `##[` anywhere.
    if (!ownCommands) expect(runnerCommands(text), `${what}: ${stream}`).toEqual([]);
    expect(everyBracketCommand(text), `${what}: ${stream}`).toEqual([]);
    if (ownCommands) parseAnnotations(text);
  }
}

const PROJECT = "apiVersion: transync/v1\nenvironments:\n  staging: { sources: { web: src_web } }\ndefaultEnvironment: staging\n";

describe("every command's output of hostile names, files, FQL and values", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const env = () => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "info" });
  const run = async (...args: string[]): Promise<CliRun> => {
    const result = await runCli(args, { env: env(), cwd: project.dir });
    expectSafe(result, args.join(" "));
    return result;
  };

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [
        {
          ...testWorkspace([
            { id: "tfm_live1", name: h(1), sourceId: "src_web", enabled: true, if: "event = 'A'" },
            { id: "tfm_live2", name: h(6), sourceId: "src_web", enabled: true, if: "event = 'B'" },
            { id: "tfm_live3", name: h(9), sourceId: "src_web", enabled: true, if: `event = '${h(4)}'`, newEventName: h(8) },
          ]),
          sources: [{ id: "src_web", slug: "web" }],
        },
      ],
    });
    project = tempProject({
      "transync.yaml": PROJECT,
      // A warning (drop with other transforms) about a file whose name is the attack.
      [ATTACK_FILE]: docs(doc(h(2), "web", { drop: true, newEventName: h(3) })),
      [COMMAND_FILE]: docs(doc(h(1), "web", { if: `event = '${h(5)}'`, newEventName: h(7), allowProperties: HOSTILE })),
      [`transformations/${h(9).replace(/\//g, "_")}.yaml`]: docs(doc(h(9), "web", { if: `event = '${h(4)}'`, newEventName: h(8) })),
      "events.jsonl": `${JSON.stringify({ source: "web", event: { type: "track", event: h(5), properties: Object.fromEntries(HOSTILE.map((text, i) => [text, h(i + 1)])) } })}\n`,
      "event.json": JSON.stringify({ type: "track", event: h(5), properties: { [h(0)]: h(1) } }),
      [`tests/${h(10).trim()}.yaml`]: `apiVersion: transync/v1\nkind: TransformationTest\ncases:\n  - name: ${JSON.stringify(h(0))}\n    source: web\n    event: ${JSON.stringify({ type: "track", event: h(5), properties: { [h(2)]: h(3) } })}\n    expect: { contains: ${JSON.stringify({ properties: { [h(6)]: h(7) } })}, matched: [${JSON.stringify(h(8))}] }\n`,
    });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("validate: text and JSON; the warning names the attack file escaped, on one line", async () => {
    const text = await run("validate");
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`${escapeControls(ATTACK_FILE)}:1:`);
    const json = JSON.parse((await run("validate", "--format", "json")).stdout) as {
      diagnostics: Array<{ file: string; message: string }>;
    };
    expect(json.diagnostics.map((d) => d.file)).toContain(ATTACK_FILE);
    // Annotations: one per finding, no other command; file names and messages read back whole.
    const annotations = parseAnnotations((await run("validate", "--format", "github")).stdout);
    expect(annotations).toHaveLength(json.diagnostics.length);
    expect(annotations.map((a) => a.properties.file)).toContain(ATTACK_FILE);
    const sarif = JSON.parse((await run("validate", "--format", "sarif")).stdout) as { runs: Array<{ results: unknown[] }> };
    expect(sarif.runs[0]!.results).toHaveLength(json.diagnostics.length);
  });

  it("plan: text, JSON (exact), Markdown (one plan heading, no comment opened by data) and the event section", async () => {
    const text = await run("plan", "--prune", "--events", "events.jsonl");
    expect(text.stdout).toContain(`delete "${escapeControls(h(6))}"`);
    expect(text.stdout).toContain("Plan: 1 to create, 1 to update, 1 to delete.");
    const json = JSON.parse((await run("plan", "--prune", "--format", "json")).stdout) as { actions: Array<{ name: string }> };
    expect(json.actions.map((a) => a.name).sort()).toEqual([h(1), h(2), h(6)].sort());
    const markdown = (await run("plan", "--prune", "--format", "markdown", "--events", "events.jsonl")).stdout;
    const tokens = new MarkdownIt({ html: true, linkify: true }).parse(markdown, {});
    const headings = tokens.flatMap((t, i) => (t.type === "heading_open" ? [tokens[i + 1]!.content] : []));
    expect(headings.filter((line) => line.includes("transync plan"))).toEqual(["transync plan: 1 to create, 1 to update, 1 to delete"]);
    expect(tokens.filter((t) => t.type === "html_block" && t.content.includes("<!--"))).toHaveLength(1);
    expect(markdown).toContain(escapeControls(h(6)));
  });

  it("plan: a rename hint between hostile names, in text, JSON (exact) and Markdown", async () => {
    // Equal to the live h(6) in every field but the name: a delete and a create that look like a rename.
    project.write("transformations/renamed.yaml", doc(h(11), "web", { if: "event = 'B'" }));
    const text = await run("plan", "--prune");
    expect(text.stdout).toContain(`"${escapeControls(h(6))}" (deleted) and`);
    expect(text.stdout).toContain(`"${escapeControls(h(11))}" (created)`);
    expect(text.stdout).toContain("      id: { staging: tfm_live2 }\n");
    const json = JSON.parse((await run("plan", "--prune", "--format", "json")).stdout) as { renameHints: unknown };
    expect(json.renameHints).toEqual([{ delete: h(6), create: h(11), idLine: "id: { staging: tfm_live2 }" }]);
    const markdown = (await run("plan", "--prune", "--format", "markdown")).stdout;
    expect(markdown).toContain("> Looks like a rename:");
    expect(markdown).toContain("`id: { staging: tfm_live2 }`");
  });

  it("apply: the plan it shows before asking, its text and JSON results", async () => {
    const asked = await run("apply", "--prune");
    expect(asked.code).toBe(1);
    expect(asked.stdout).toContain(`delete "${escapeControls(h(6))}"`);
    const applied = await run("apply", "--prune", "--auto-approve");
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain(`deleted  delete "${escapeControls(h(6))}"`);
    project.write(COMMAND_FILE, docs(doc(h(1), "web", { if: `event = '${h(7)}'` })));
    const json = JSON.parse((await run("apply", "--auto-approve", "--format", "json")).stdout) as { actions: Array<{ name: string }> };
    expect(json.actions.map((a) => a.name)).toEqual([h(1)]);
  });

  it("guards: the changes over a limit, named in plan's text and Markdown and in apply's refusal, escaped", async () => {
    // The emulator's workspace has no volumes: every figure is unknown, and unknownVolume: refuse makes each a hit.
    project.write("transync.yaml", `${PROJECT}guards: { maxDroppedPerDay: 1 }\n`);
    const json = JSON.parse((await run("plan", "--format", "json")).stdout) as { guards: Array<{ action: { name: string } }> };
    expect(json.guards.map((g) => g.action.name)).toContain(h(2));
    expect((await run("plan")).stdout).toContain("Blast radius:");
    expect((await run("plan", "--format", "markdown")).stdout).toContain("[!CAUTION]");
    const refused = await run("apply", "--auto-approve");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(escapeControls(h(2)));
  });

  it("test: text, JSON (exact) and JUnit, a failing case named and fed hostile strings", async () => {
    const text = await run("test");
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(`FAIL tests/${escapeControls(h(10).trim())}.yaml:4 ${escapeControls(h(0))}`);
    const json = JSON.parse((await run("test", "--format", "json")).stdout) as { cases: Array<{ name: string }> };
    expect(json.cases.map((c) => c.name)).toEqual([h(0)]);
    await run("test", "--format", "junit");
    const annotations = parseAnnotations((await run("test", "--format", "github")).stdout);
    expect(annotations.map((a) => [a.level, a.properties.title])).toEqual([["error", `test failed: ${h(0)}`]]);
  });

  it("simulate: the event that comes out, text and JSON (exact)", async () => {
    const text = await run("simulate", "--source", "web", "--event", "event.json");
    expect(text.code, text.stderr).toBe(0);
    const json = JSON.parse((await run("simulate", "--source", "web", "--event", "event.json", "--format", "json")).stdout) as {
      event: { properties: Record<string, string> };
    };
    expect(json.event.properties[h(0)]).toBe(h(1));
    expect(JSON.parse(text.stdout)).toEqual(json.event);
  });

  it("import: file names made from live names; reconcile: its log lines", async () => {
    const imported = await run("import", "--out", "imported", "--split");
    expect(imported.code, imported.stderr).toBe(0);
    for (const file of readdirSync(join(project.dir, "imported"))) expect(imported.stdout).toContain(escapeControls(file));
    const reconciled = await run("reconcile", "--once", "--dry-run", "--prune");
    expect(reconciled.code, reconciled.stderr).toBe(0);
    // A cycle that writes logs each object it created, updated or deleted by name: escaped too.
    const applied = await run("reconcile", "--once", "--prune");
    expect(applied.stderr).toMatch(/apply: (created|updated|deleted)/);
  });

  it("status: workspace, commit subject and lagging document names from files, escaped; JSON keeps them exact", async () => {
    const workspace = JSON.stringify(h(3));
    project.write(
      "transync.yaml",
      `apiVersion: transync/v1\nenvironments:\n  staging: { sources: { web: src_web }, workspace: ${workspace} }\n  prod: { sources: { web: src_web }, after: staging }\n`,
    );
    git(project.dir, "init", "-q");
    commitAll(project.dir, `${h(5)} ${h(7)}`);
    git(project.dir, "update-ref", "refs/transync/applied/staging", "HEAD");
    const text = await run("status");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(escapeControls(`workspace ${h(3)}`));
    const json = JSON.parse((await run("status", "--format", "json")).stdout) as {
      environments: Array<{ workspace: string | null }>;
      lags: Array<{ documents: string[] }>;
    };
    expect(json.environments[0]!.workspace).toBe(h(3));
    expect(json.lags[0]!.documents).toContain(h(9));
  });

  it("drift: live and document names, fields from the API and files, escaped; JSON keeps them exact", async () => {
    git(project.dir, "init", "-q");
    commitAll(project.dir, h(5));
    git(project.dir, "update-ref", "refs/transync/applied/staging", "HEAD");
    const text = await run("drift", "--env", "staging", "--format", "text");
    expect(text.code, text.stderr).toBe(2);
    expect(text.stdout).toContain(escapeControls(`update ${JSON.stringify(h(1))} (tfm_live1)`));
    const json = JSON.parse((await run("drift", "--env", "staging", "--format", "json")).stdout) as { drifted: Array<{ name: string }> };
    expect(json.drifted.map((d) => d.name)).toContain(h(1));
    // Markdown: one heading (no name forges another), no HTML block, no link a name or a reason wrote.
    project.write(
      "transync.yaml",
      `${PROJECT}drift:\n  acknowledge:\n    - { env: staging, name: ${JSON.stringify(h(1))}, fields: [if], until: "2999-01-01", reason: ${JSON.stringify(h(4))}, owner: ${JSON.stringify(h(3))} }\n`,
    );
    commitAll(project.dir, h(6));
    const markdown = (await run("drift", "--env", "staging", "--format", "markdown")).stdout;
    const tokens = new MarkdownIt({ html: true, linkify: true }).parse(markdown, {});
    const headings = tokens.flatMap((t, i) => (t.type === "heading_open" ? [tokens[i + 1]!.content] : []));
    expect(headings.filter((line) => line.includes("transync drift"))).toHaveLength(1);
    expect(tokens.filter((t) => t.type === "html_block")).toEqual([]);
    expect(tokens.flatMap((t) => t.children ?? []).filter((t) => t.type === "link_open" || t.type === "html_inline")).toEqual([]);
    expect(markdown).toContain("acknowledged until 2999-01-01 (if)");
  });

  it("an error that quotes hostile names goes to stderr escaped", async () => {
    project.write(COMMAND_FILE, docs(doc(h(1), "web", { enabled: h(2) })));
    const failed = await run("plan");
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(escapeControls(COMMAND_FILE));
    project.write(COMMAND_FILE, docs(doc(h(1), "web", { id: `tfm_gone${h(2)}` })));
    const unmatched = await run("plan");
    expect(unmatched.code).toBe(1);
    // The error's first line and one line for its one issue: no line forged by a name.
    expect(unmatched.stderr.trimEnd().split("\n"), unmatched.stderr).toHaveLength(2);
  });

  it("comment: posts the plan's Markdown as rendered, prints one line", async () => {
    const github = new FakeGitHub();
    await github.start();
    try {
      const markdown = (await run("plan", "--prune", "--format", "markdown")).stdout;
      project.write("plan.md", markdown);
      const posted = await runCli(["comment", "--pr", "7", "--file", "plan.md"], {
        cwd: project.dir,
        env: { GITHUB_TOKEN: "gh-token", GITHUB_REPOSITORY: github.slug, GITHUB_API_URL: github.url },
      });
      expectSafe(posted, "comment");
      expect(posted.code, posted.stderr).toBe(0);
      expect(github.comments.get(7)![0]!.body).toContain(markdown.trim());
      expect(readFileSync(join(project.dir, "plan.md"), "utf8")).toBe(markdown);
    } finally {
      await github.stop();
    }
  });
});

/** Issue 22: slugs come from the workspace and the catalog (anyone who names a source writes them): every format escapes them. */
describe("hostile source and destination slugs", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const run = async (...args: string[]): Promise<CliRun> => {
    const result = await runCli(args, {
      env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "info" },
      cwd: project.dir,
    });
    expectSafe(result, args.join(" "));
    return result;
  };
  const document = (name: string, source: string, destination: string) =>
    `apiVersion: transync/v1\nkind: Transformation\nname: ${name}\nsourceId: { slug: ${JSON.stringify(source)} }\ndestinationMetadataId: { slug: ${JSON.stringify(destination)} }\nenabled: true\nif: event = 'A'\n`;

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [{ ...testWorkspace(), sources: HOSTILE.map((slug, i) => ({ id: `src_${i}`, slug })) }],
      catalog: { destinations: HOSTILE.map((slug, i) => ({ id: `meta_${i}`, slug, name: `Destination ${i}` })) },
    });
    project = tempProject({
      "transync.yaml": PROJECT,
      "transformations/a.yaml": document("A", h(1), h(2)) + "---\n" + document("B", h(3), h(5)),
    });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("plan text, Markdown and JSON show them escaped beside their ids; the never-runs warning too", async () => {
    const text = await run("plan");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`${escapeControls(JSON.stringify(h(1)))} (src_1)`);
    expect(text.stdout).toContain("never runs");
    const markdown = (await run("plan", "--format", "markdown")).stdout;
    const tokens = new MarkdownIt({ html: true, linkify: true }).parse(markdown, {});
    const headings = tokens.flatMap((t, i) => (t.type === "heading_open" ? [tokens[i + 1]!.content] : []));
    expect(headings.filter((line) => line.includes("transync plan"))).toEqual(["transync plan: 2 to create, 0 to update, 0 to delete"]);
    expect(tokens.filter((t) => (t.type === "html_block" || t.type === "html_inline") && t.content.includes("<img"))).toEqual([]);
    expect(headings.join("\n")).not.toMatch(/forged|heading/);
    const json = JSON.parse((await run("plan", "--format", "json")).stdout) as {
      actions: Array<{ body: { sourceId: string; destinationMetadataId: string } }>;
    };
    expect(json.actions.map((a) => [a.body.sourceId, a.body.destinationMetadataId])).toEqual([
      ["src_1", "meta_2"],
      ["src_3", "meta_5"],
    ]);
  });

  it("an unknown slug's error quotes it and its nearest slugs escaped", async () => {
    project.write("transformations/a.yaml", document("A", `${h(1)}x`, h(2)));
    const failed = await run("plan");
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("did you mean");
  });
});
