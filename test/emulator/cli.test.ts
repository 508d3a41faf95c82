import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { main } from "../../src/cli.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function configFile(text: string): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "transync-emu-cli-"));
  dirs.push(dir);
  writeFileSync(join(dir, "emulator.yaml"), text);
  return { dir, file: "emulator.yaml" };
}

describe("transync emulator (CLI)", () => {
  it("prints exactly one listening line, serves the config, and exits 0 on abort", async () => {
    const { dir, file } = configFile(
      "workspaces:\n  - { id: ws_demo, slug: demo, name: Demo, tokens: [demo-token], transformations: [{ id: tfm_1, name: A, sourceId: s, enabled: true, if: x }] }\n",
    );
    const controller = new AbortController();
    let stdout = "";
    let stderr = "";
    let listening: (url: string) => void = () => {};
    const url = new Promise<string>((done) => (listening = done));
    const run = main(["node", "transync", "emulator", "--port", "0", "--config", file], {
      cwd: dir,
      env: { TRANSYNC_LOG_LEVEL: "info" },
      signal: controller.signal,
      stdout: { write: (s: string) => ((stdout += s), listening(/on (\S+)/.exec(s)?.[1] ?? ""), true) },
      stderr: { write: (s: string) => ((stderr += s), true) },
    });
    const res = await fetch(`${await url}/transformations/tfm_1`, { headers: { authorization: "Bearer demo-token" } });
    expect(res.status).toBe(200);
    controller.abort();
    expect(await run).toBe(0);
    expect(stdout).toMatch(/^transync emulator listening on http:\/\/127\.0\.0\.1:\d+\n$/);
    expect(stderr).toContain("/transformations/tfm_1");
    expect(stdout + stderr).not.toContain("demo-token");
  });

  it("reports config mistakes with file and field", async () => {
    const { dir, file } = configFile(
      "workspaces:\n  - id: ws_demo\n    slug: demo\n    tokens: []\n    transformations:\n      - { name: A, enabled: maybe, if: x }\nfaults: { rate429: 2 }\n",
    );
    const res = await runCli(["emulator", "--port", "0", "--config", file], { cwd: dir });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("emulator.yaml");
    expect(res.stderr).toContain("workspaces.0.name");
    expect(res.stderr).toContain("workspaces.0.tokens");
    expect(res.stderr).toContain("faults.rate429");
    // Each field named once: where it is, then what is wrong.
    expect(res.stderr).toContain("emulator.yaml: workspaces.0.name is required\n");
    expect(res.stderr).not.toMatch(/workspaces\.0\.name "workspaces\.0\.name"/);
    const seeds = configFile(
      "workspaces:\n  - { id: w, slug: w, name: W, tokens: [t], transformations: [{ name: A, enabled: maybe, if: x }] }\n",
    );
    const bad = await runCli(["emulator", "--port", "0", "--config", seeds.file], { cwd: seeds.dir });
    expect(bad.stderr).toContain("workspaces.0.transformations.0.enabled");
    expect(bad.stderr).toContain("emulator.yaml: workspaces.0.transformations.0.sourceId is required\n");
    const yaml = configFile("workspaces: [\n");
    expect((await runCli(["emulator", "--config", yaml.file], { cwd: yaml.dir })).stderr).toMatch(/not valid YAML/);
  });

  it("a config that is not a regular file is a clear error at once (no endless read of /dev/zero)", async () => {
    const res = await runCli(["emulator", "--port", "0", "--config", "/dev/zero"]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("cannot read the emulator config /dev/zero: not a regular file");
  });
});
