import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { ScriptedApi } from "../helpers/scripted-api.js";
import type { FilterPreviewConfig, RunningEmulator } from "../../src/emulator/index.js";
import { PASSING, TRANSFORMATIONS } from "./test-fixtures.js";

const PREVIEW = "POST /destination/filters/preview";

/**
 * `transync test --check-with-segment` against the emulator over HTTP: each case's event and each
 * involved transformation's `if` go to the filter preview, whose answers are compared with transync's.
 * The emulator's `filterPreview.negateFunction` plants a disagreement.
 */
describe("transync test --check-with-segment", () => {
  let emulator: RunningEmulator;
  let project: TempProject;

  async function start(filterPreview?: FilterPreviewConfig): Promise<void> {
    emulator = await startTestEmulator({ workspaces: [{ ...testWorkspace(), ...(filterPreview ? { filterPreview } : {}) }] });
    project = tempProject({
      "transync.yaml": `apiVersion: transync/v1\napiUrl: "${emulator.url}"\nenvironments:\n  staging: { sources: { web: src_stg_web } }\ndefaultEnvironment: staging\n`,
      "transformations/all.yaml": TRANSFORMATIONS,
      "tests/a.yaml": PASSING,
    });
  }
  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    SEGMENT_API_TOKEN: TEST_TOKEN,
    TRANSYNC_ALLOW_API_HOSTS: new URL(emulator.url).host,
    ...extra,
  });
  const run = (args: string[], extra?: NodeJS.ProcessEnv) => runCli(["test", ...args], { cwd: project.dir, env: env(extra) });
  const previews = (): number => emulator.stats().byRoute[PREVIEW] ?? 0;

  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  describe("with the emulator evaluating as transync does", () => {
    beforeEach(() => start());

    it("passes when Segment agrees on every case × transformation, and says how many checks ran", async () => {
      const res = await run(["--check-with-segment"]);
      expect(res.code, res.stdout + res.stderr).toBe(0);
      // Two cases of source web, each looked at by its two source-scoped transformations.
      expect(previews()).toBe(4);
      expect(res.stdout).toContain("\n2 passed, 0 failed\n");
      expect(res.stdout.trimEnd().split("\n").at(-1)).toBe(
        "4 checks against Segment's engine: 4 agree, 0 disagree; 0 skipped by --max-checks 200",
      );
    });

    it("without a hash key's variable: the same checks are asked (only ifs, no hash), an exact digest is skipped, exit 0", async () => {
      const hash = { algorithm: "SHA256", paths: ["traits.email"], key: { fromEnv: "TRANSYNC_KEY_PEPPER" } };
      project.write(
        "transformations/hash.yaml",
        doc("Hash email", "src_stg_web", { if: "type = 'identify'", hashPropertiesConfiguration: hash }),
      );
      const digest = createHmac("sha256", "pepper-5f1e").update("a@b.c").digest("hex");
      project.write(
        "tests/hash.yaml",
        `apiVersion: transync/v1\nkind: TransformationTest\ncases:\n  - name: exact\n    source: web\n    event: { type: identify, traits: { email: a@b.c } }\n    expect: { contains: { traits: { email: ${digest} } } }\n`,
      );
      const withKey = await run(["--check-with-segment"], { TRANSYNC_KEY_PEPPER: "pepper-5f1e" });
      expect(withKey.code, withKey.stdout + withKey.stderr).toBe(0);
      const asked = previews();
      const without = await run(["--check-with-segment"]);
      expect(without.code, without.stdout + without.stderr).toBe(0);
      expect(previews()).toBe(2 * asked);
      expect(without.stdout).toContain("SKIP tests/hash.yaml:4 exact (skipped: needs TRANSYNC_KEY_PEPPER)");
      expect(without.stdout).toContain("\n2 passed, 0 failed, 1 skipped\n");
      expect(without.stdout.trimEnd().split("\n").at(-1)).toBe(withKey.stdout.trimEnd().split("\n").at(-1));
    });

    it("without the flag no request is sent, even with a token and the API's URL at hand", async () => {
      const res = await run([]);
      expect(res.code).toBe(0);
      expect(emulator.stats().requests).toBe(0);
      expect(res.stdout).not.toContain("Segment's engine");
    });

    it("--max-checks bounds the previews sent; the rest are counted as skipped", async () => {
      const res = await run(["--check-with-segment", "--max-checks", "1"]);
      expect(res.code, res.stderr).toBe(0);
      expect(previews()).toBe(1);
      expect(res.stdout).toContain("1 check against Segment's engine: 1 agree, 0 disagree; 3 skipped by --max-checks 1");
    });

    it("a bad --max-checks, or --max-checks alone, is a clear error before any request", async () => {
      for (const value of ["0", "-3", "2.5", "many"]) {
        const res = await run(["--check-with-segment", "--max-checks", value]);
        expect(res.code, value).toBe(1);
        expect(res.stderr, value).toContain("--max-checks must be a whole number >= 1");
      }
      const alone = await run(["--max-checks", "5"]);
      expect(alone.code).toBe(1);
      expect(alone.stderr).toContain("--max-checks bounds the requests of --check-with-segment");
      expect(emulator.stats().requests).toBe(0);
    });

    it("without a token: a clear error naming the variable, no request, no case run", async () => {
      const res = await runCli(["test", "--check-with-segment"], {
        cwd: project.dir,
        env: { TRANSYNC_ALLOW_API_HOSTS: new URL(emulator.url).host },
      });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain("--check-with-segment asks Segment's API, and SEGMENT_API_TOKEN is not set");
      expect(res.stdout).toBe("");
      expect(emulator.stats().requests).toBe(0);
    });

    it("--format json carries the checks in segmentChecks", async () => {
      const res = await run(["--check-with-segment", "--format", "json"]);
      expect(res.code, res.stderr).toBe(0);
      const out = JSON.parse(res.stdout) as { totals: unknown; segmentChecks: Record<string, unknown> };
      expect(out.totals).toEqual({ cases: 2, passed: 2, failed: 0, skipped: 0 });
      expect(out.segmentChecks).toEqual({ ran: 4, agreed: 4, disagreed: 0, skipped: 0, maxChecks: 200, disagreements: [], withheld: [] });
    });
  });

  it("a planted disagreement (negateFunction: match) fails the run with both answers, the case and the transformation's file:line", async () => {
    await start({ negateFunction: "match" });
    const res = await run(["--check-with-segment"]);
    expect(res.code).toBe(1);
    expect(res.stdout).toContain("2 passed, 0 failed\n");
    expect(res.stdout).toContain(`DISAGREE tests/a.yaml:10 dropped × "Drop debug" (transformations/all.yaml:3)`);
    expect(res.stdout).toContain(`DISAGREE tests/a.yaml:4 renamed × "Drop debug" (transformations/all.yaml:3)`);
    expect(res.stdout).toContain(
      "    if:       match(event, 'Debug *')\n    transync: dropped (the if matches)\n    Segment:  kept (the if does not match)",
    );
    expect(res.stdout).toContain("    transync: kept (the if does not match)\n    Segment:  dropped (the if matches)");
    expect(res.stdout.trimEnd().split("\n").at(-1)).toBe(
      "4 checks against Segment's engine: 2 agree, 2 disagree; 0 skipped by --max-checks 200",
    );
    const github = await run(["--check-with-segment", "--format", "github"]);
    expect(github.code).toBe(1);
    expect(github.stdout).toMatch(
      /::error file=transformations\/all\.yaml,line=3,title=Segment disagrees%3A Drop debug::DISAGREE tests\/a\.yaml:4 renamed/,
    );
  });

  it("a token that may not read destination filters (401, as the error table says): a clear error naming what the token needs", async () => {
    await start({ permitted: false });
    const res = await run(["--check-with-segment"]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("POST /destination/filters/preview: HTTP 401");
    expect(res.stderr).toContain("--check-with-segment needs a token that may read the destination filters of the cases' sources");
    expect(res.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(res.stderr).not.toContain(TEST_TOKEN);
  });

  it("never sends a hash key: bodies hold the event and the if only; an event holding a key is not sent", async () => {
    await start();
    const key = "pepper-key-5f1e9c2a";
    const relay = new ScriptedApi(emulator.url);
    const relayUrl = await relay.start();
    try {
      project.write(
        "transync.yaml",
        `apiVersion: transync/v1\napiUrl: "${relayUrl}"\nenvironments:\n  staging: { sources: { web: src_stg_web } }\ndefaultEnvironment: staging\n`,
      );
      project.write(
        "transformations/hash.yaml",
        doc("Hash email", "src_stg_web", {
          if: "type = 'identify'",
          hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["traits.email"], key: { fromEnv: "TRANSYNC_KEY_PEPPER" } },
        }),
      );
      project.write(
        "transformations/hash-written.yaml",
        doc("Hash phone", "src_stg_web", {
          if: "type = 'identify'",
          hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["traits.phone"], key: "written-key-0a9b8c7d" },
        }),
      );
      project.write(
        "tests/hash.yaml",
        `apiVersion: transync/v1\nkind: TransformationTest\ncases:\n  - name: hashed\n    source: web\n    event: { type: identify, traits: { email: a@b.c, phone: "555" } }\n    expect: { dropped: false }\n  - name: leaks\n    source: web\n    event: { type: identify, traits: { email: "${key}" } }\n    expect: { dropped: false }\n  - name: leaks written\n    source: web\n    event: { type: identify, traits: { note: written-key-0a9b8c7d } }\n    expect: { dropped: false }\n`,
      );
      const res = await runCli(["test", "--check-with-segment"], {
        cwd: project.dir,
        env: { SEGMENT_API_TOKEN: TEST_TOKEN, TRANSYNC_ALLOW_API_HOSTS: new URL(relayUrl).host, TRANSYNC_KEY_PEPPER: key },
      });
      expect(res.code, res.stdout + res.stderr).toBe(0);
      const bodies = relay.requests.filter((r) => r.path === "/destination/filters/preview").map((r) => r.body);
      // 2 cases of PASSING × 4 transformations, and the hashed case's 4; the two leaking cases' 8 are withheld.
      expect(bodies).toHaveLength(12);
      for (const body of bodies) {
        expect(body).not.toContain(key);
        expect(body).not.toContain("written-key-0a9b8c7d");
        expect(Object.keys(JSON.parse(body) as object).sort()).toEqual(["filter", "payload"]);
        expect(Object.keys((JSON.parse(body) as { filter: object }).filter).sort()).toEqual(["actions", "if"]);
      }
      expect(res.stdout).toContain('NOT SENT tests/hash.yaml:8 leaks × "Drop debug"');
      expect(res.stdout).toContain("8 not sent (the request would hold a secret)");
      expect(res.stdout).not.toContain(key);
    } finally {
      await relay.close();
    }
  });

  it("hostile case names, transformation names and ifs are shown escaped on one line each", async () => {
    await start({ negateFunction: "contains" });
    project.write(
      "transformations/all.yaml",
      doc("Evil\u001b[31m\nname", "src_stg_web", { if: "contains(event, '\u001b[2J\nFAKE')", drop: true }),
    );
    project.write(
      "tests/a.yaml",
      `apiVersion: transync/v1\nkind: TransformationTest\ncases:\n  - name: "case\\u001b[0m\\nPASS forged"\n    source: web\n    event: { type: track, event: "x\\u001b[2J\\nFAKE y" }\n    expect: { dropped: true }\n`,
    );
    const res = await run(["--check-with-segment"]);
    expect(res.code).toBe(1);
    expect(res.stdout).not.toContain("\u001b");
    expect(res.stdout).not.toMatch(/^PASS forged/m);
    expect(res.stdout).not.toMatch(/^FAKE/m);
    expect(res.stdout).toContain('DISAGREE tests/a.yaml:4 case\\u001b[0m\\nPASS forged × "Evil\\u001b[31m\\nname"');
  });
});
