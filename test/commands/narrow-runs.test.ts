import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { commitAll, git } from "../helpers/git.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

const SRC = "src_web";
const IF = "event = 'Order Completed'";

/** Live objects, enabled; each document of the test sets `enabled: false`, so each is an update. */
const LIVE = [
  { id: "tfm_r1", name: "Rename one", sourceId: SRC, enabled: true, if: IF },
  { id: "tfm_r2", name: "Rename two", sourceId: SRC, enabled: true, if: IF },
  { id: "tfm_other", name: "Other", sourceId: SRC, enabled: true, if: IF },
  { id: "tfm_gone", name: "Gone", sourceId: SRC, enabled: true, if: IF },
];

const FILES = {
  "transformations/r1.yaml": doc("Rename one", SRC, { enabled: false }),
  "transformations/r2.yaml": doc("Rename two", SRC, { enabled: false }),
  "transformations/other.yaml": doc("Other", SRC, { enabled: false }),
  "transformations/fresh.yaml": doc("Fresh", SRC),
};

describe("narrow runs: --target and --exclude (issue 35)", () => {
  let emulator: RunningEmulator | undefined;
  let project: TempProject | undefined;
  let journalDir: string | undefined;
  afterEach(async () => {
    await emulator?.close();
    project?.cleanup();
    if (journalDir !== undefined) rmSync(journalDir, { recursive: true, force: true });
    emulator = project = journalDir = undefined;
  });

  /** An emulator keeping its journal (`--data-file`: one line per write), and a project of `files`. */
  async function start(live = LIVE, files: Record<string, string> = FILES): Promise<void> {
    project = tempProject(files);
    journalDir = mkdtempSync(join(tmpdir(), "transync-journal-"));
    emulator = await startTestEmulator({ workspaces: [testWorkspace(live)] }, { dataFile: join(journalDir, "journal.jsonl") });
  }
  const run = (...args: string[]) =>
    runCli(args, { env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator!.url, TRANSYNC_KEY_WEB: "k1" }, cwd: project!.dir });

  /** The writes the emulator journaled (after its opening snapshot): `put NAME` or `del ID`. */
  function journaled(): string[] {
    const lines = readFileSync(join(journalDir!, "journal.jsonl"), "utf8").trim().split("\n").slice(1);
    return lines.map((line) => {
      const record = JSON.parse(line) as { op: "put"; t: { name: string } } | { op: "del"; id: string };
      return record.op === "put" ? `put ${record.t.name}` : `del ${record.id}`;
    });
  }

  /** A change made in the Segment app while a saved plan waits. */
  async function editLive(id: string, body: Record<string, unknown>): Promise<void> {
    const reply = await fetch(`${emulator!.url}/transformations/${id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(reply.status).toBe(200);
  }

  it("apply --target 'Rename*' writes only those objects; the other changes are left out and said", async () => {
    await start();
    const apply = await run("apply", "--auto-approve", "--prune", "--target", "Rename*");
    expect(apply.code, apply.stderr).toBe(0);
    expect(journaled().sort()).toEqual(["put Rename one", "put Rename two"]);
    expect(apply.stdout).toContain('3 other changes left out by --target/--exclude (--target "Rename*").');
    // The rest is still pending, in full: a create, an update and the prune's delete.
    const rest = await run("plan", "--prune", "--format", "json");
    expect(JSON.parse(rest.stdout).summary).toMatchObject({ create: 1, update: 1, delete: 1 });
  });

  it("plan --exclude: the plan holds the rest, counts what it leaves out, in text, JSON and Markdown; a delete is excluded by its live name", async () => {
    await start();
    const json = await run("plan", "--prune", "--exclude", "Gone", "--exclude", "Rename*", "--format", "json");
    expect(json.code, json.stderr).toBe(0);
    const plan = JSON.parse(json.stdout);
    expect(plan.actions.map((a: { name: string }) => a.name)).toEqual(["Other", "Fresh"]);
    expect(plan.selection).toEqual({ target: [], exclude: ["Gone", "Rename*"], leftOut: 3 });
    const text = await run("plan", "--prune", "--exclude", "Gone");
    expect(text.stdout).toContain(
      'Plan: 1 to create, 3 to update, 0 to delete.\n1 other change left out by --target/--exclude (--exclude "Gone").',
    );
    const markdown = await run("plan", "--prune", "--exclude", "Gone", "--format", "markdown");
    expect(markdown.stdout).toContain("> [!NOTE]\n> 1 other change left out by --target/--exclude (--exclude `Gone`).");
    // Without a selection the JSON plan has no `selection` key at all.
    expect(JSON.parse((await run("plan", "--format", "json")).stdout)).not.toHaveProperty("selection");
    expect(journaled()).toEqual([]);
  });

  it("a pattern that names nothing is an error naming it with the nearest names, before any write; one naming only unchanged objects is nothing to do", async () => {
    await start();
    const typo = await run("apply", "--auto-approve", "--target", "Rename on", "--exclude", "Nothing*");
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('--target "Rename on" names no document and no live object (did you mean "Rename one"?)');
    expect(typo.stderr).toContain('--exclude "Nothing*" names no document and no live object');
    expect(journaled()).toEqual([]);
    await run("apply", "--auto-approve", "--target", "Other");
    const idle = await run("plan", "--target", "Other");
    expect(idle.code, idle.stderr).toBe(0);
    expect(idle.stdout).toContain("No changes among the objects --target/--exclude select.");
    // The short report counts the warning; the log says it (JSON lines here, so its quotes are escaped).
    expect(idle.stdout).toContain("Also: 1 warning");
    expect(idle.stderr).toContain('--target \\"Other\\" names no object that needs a change: nothing to do for \\"Other\\".');
  });

  it("a suggestion quoting a hostile live name shows it escaped; a pattern with a control character is refused as given", async () => {
    await start([{ id: "tfm_bell", name: "Bad\u0007name", sourceId: SRC, enabled: true, if: IF }], FILES);
    const typo = await run("plan", "--target", "Bad name");
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('did you mean "Bad\\u0007name"?');
    expect(typo.stderr).not.toContain("\u0007");
    const control = await run("plan", "--target", "a\nb");
    expect(control.code).toBe(1);
    expect(control.stderr).toContain("--target needs a transformation's name, a glob of names (* and ?) or an id, on one line.");
  });

  it("a saved plan records its selection and applies only that; a change elsewhere does not make it stale; --target with a plan file is refused", async () => {
    await start();
    const saved = await run("plan", "--target", "Rename one", "--out", "plan.json");
    expect(saved.code, saved.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(project!.dir, "plan.json"), "utf8")).selection).toEqual({
      target: ["Rename one"],
      exclude: [],
      leftOut: 3,
    });
    const again = await run("apply", "plan.json", "--auto-approve", "--target", "Other");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("--target cannot be used with a plan file");
    // Other has a pending change of its own, and now drifts more: the plan does not touch it, so it is not stale.
    await editLive("tfm_other", { if: "event = 'Changed in the app'" });
    const apply = await run("apply", "plan.json", "--auto-approve");
    expect(apply.code, apply.stderr).toBe(0);
    expect(journaled()).toEqual(["put Other", "put Rename one"]); // the app's edit, then the plan's one write
    // A change to the selected object itself still makes the plan stale.
    await run("plan", "--target", "Rename two", "--out", "two.json");
    await editLive("tfm_r2", { if: "event = 'Also changed'" });
    const stale = await run("apply", "two.json", "--auto-approve");
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('"Rename two" (tfm_r2), which the plan updates, changed since the plan was made');
  });

  it("pruning: a saved plan narrowed to one delete (by the live name) applies it, though it holds no document's change", async () => {
    await start();
    expect((await run("plan", "--prune", "--target", "Gone", "--out", "delete.json")).code).toBe(0);
    const plan = JSON.parse(readFileSync(join(project!.dir, "delete.json"), "utf8"));
    expect(plan.summary).toMatchObject({ create: 0, update: 0, delete: 1, unchanged: 0 });
    // The empty-folder guard reads a saved plan's counts: a narrowed plan comes from a folder with documents.
    const apply = await run("apply", "delete.json", "--auto-approve");
    expect(apply.code, apply.stderr).toBe(0);
    expect(journaled()).toEqual(["del tfm_gone"]);
  });

  it("a narrowed run of an empty desired folder is refused before anything is read or written", async () => {
    await start(LIVE, { "transync.yaml": "apiVersion: transync/v1\n" });
    mkdirSync(join(project!.dir, "transformations"));
    const apply = await run("apply", "--auto-approve", "--prune", "--target", "Gone");
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain("the desired folder has no transformations (empty or missing), so there is nothing to narrow");
    expect(journaled()).toEqual([]);
  });

  it("--record-ref is refused when the selection leaves changes out (the recorded commit would claim them), before any write", async () => {
    await start();
    const apply = await run("apply", "--auto-approve", "--record-ref", "--target", "Rename*");
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain(
      "--record-ref records that the workspace matches the commit, but --target/--exclude leave 2 other changes out",
    );
    expect(journaled()).toEqual([]);
  });

  it("--resend-write-only NAME re-sends only that document's write-only fields; bare, every document's, as before", async () => {
    const keyed = (name: string) => doc(name, SRC, { drop: true });
    await start([], { "transformations/kw.yaml": keyed("Key web"), "transformations/ka.yaml": keyed("Key app") });
    git(project!.dir, "init", "-q");
    commitAll(project!.dir, "keys");
    // Created and recorded: the write-only fields are known from then on, and the plan is quiet.
    expect((await run("apply", "--auto-approve", "--record-ref")).code).toBe(0);
    expect(journaled().sort()).toEqual(["put Key app", "put Key web"]);
    expect(JSON.parse((await run("plan", "--format", "json")).stdout).actions).toEqual([]);
    const one = await run("apply", "--auto-approve", "--resend-write-only", "Key web", "--format", "json");
    expect(one.code, one.stderr).toBe(0);
    expect(journaled().slice(2)).toEqual(["put Key web"]);
    const typo = await run("plan", "--resend-write-only", "Key wbe");
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('--resend-write-only "Key wbe" names no document (did you mean "Key web"?)');
    const all = await run("apply", "--auto-approve", "--resend-write-only");
    expect(all.code, all.stderr).toBe(0);
    expect(journaled().slice(3).sort()).toEqual(["put Key app", "put Key web"]);
    // NAME…: several names after one flag (the form).
    const both = await run("plan", "--resend-write-only", "Key web", "Key app", "--format", "json");
    expect(both.code, both.stderr).toBe(0);
    expect(JSON.parse(both.stdout).options.resendWriteOnly).toEqual(["Key app", "Key web"]);
  });
});
