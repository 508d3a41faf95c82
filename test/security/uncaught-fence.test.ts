import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { tempProject, type TempProject } from "../helpers/project.js";

const ROOT = join(import.meta.dirname, "..", "..");
const TSX_LOADER = pathToFileURL(join(ROOT, "node_modules", "tsx", "dist", "loader.mjs")).href;
const TOKEN = "sgp_uncaught_SECRET_0123456789";

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

/**
 * The real entry (src/bin.ts) as a process, with a module loaded before it that fails outside every
 * command (`how`): from a timer, or a promise nobody awaits, while `transync emulator` runs.
 */
function runWithFailure(how: "throw" | "reject"): Promise<{ code: number | null; stderr: string }> {
  project = tempProject();
  const failure = `new Error("::error::forged ##[warning]also " + process.env.SEGMENT_API_TOKEN)`;
  const fail = how === "throw" ? `throw ${failure};` : `void Promise.reject(${failure});`;
  // Fails once the entry has installed its handlers (its imports load first), as a bug in a handler would.
  const body = `const timer = setInterval(() => { if (process.listenerCount("uncaughtException") === 0) return; clearInterval(timer); ${fail} }, 20);`;
  const preload = join(project.dir, "fail.mjs");
  writeFileSync(preload, `${body}\n`);
  const child = spawn(
    process.execPath,
    ["--import", TSX_LOADER, "--import", pathToFileURL(preload).href, join(ROOT, "src", "bin.ts"), "emulator", "--port", "0"],
    {
      cwd: project.dir,
      env: { PATH: process.env.PATH, SEGMENT_API_TOKEN: TOKEN, TRANSYNC_LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stderr })));
}

describe("an error outside every command's handling (src/bin.ts, reportUncaught)", () => {
  for (const how of ["throw", "reject"] as const) {
    it(`${how}: leaves through the fence and the redactor, with no stack, and ends the run with exit 1`, async () => {
      const { code, stderr } = await runWithFailure(how);
      expect(code).toBe(1);
      expect(stderr).toContain("forged");
      expect(stderr).not.toContain(TOKEN);
      expect(stderr).not.toMatch(/^::error::/m);
      expect(stderr).not.toContain("##[warning]");
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(stderr).toContain("This is a bug of transync");
    });
  }
});
