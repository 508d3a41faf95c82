/**
 * Benchmark of `transync apply` (issue 5): N creates, then N updates, against the emulator (child
 * process) with a server rate limit of R requests/s. Prints achieved calls/s as a fraction of R, the
 * 429s received, and the end-state check. Run: `npm run bench:apply -- [N] [R]` (default 2000, 100).
 */
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cli, startChildEmulator, writeJson } from "./support.js";

const N = Number(process.argv[2] ?? 2000);
const R = Number(process.argv[3] ?? 100);
const TOKEN = "bench-token";
const dir = mkdtempSync(join(tmpdir(), "transync-bench-apply-"));

function writeDesired(variant: string): void {
  mkdirSync(join(dir, "transformations"), { recursive: true });
  const docs = Array.from({ length: N }, (_, i) =>
    JSON.stringify({ apiVersion: "transync/v1", kind: "Transformation", name: `Bench ${i}`, sourceId: `src_${i % 10}`, enabled: true, if: `event = '${variant} ${i}'` }),
  );
  writeFileSync(join(dir, "transformations", "bench.yaml"), docs.join("\n---\n"));
}

interface ApplyJson {
  summary: Record<string, number>;
  api?: { calls?: number; retries?: number; byStatus?: Record<string, number> };
}

async function phase(label: string, env: NodeJS.ProcessEnv): Promise<{ calls: number; rejected: number; ok: boolean }> {
  const start = performance.now();
  const result = await cli(["apply", "--auto-approve", "--format", "json", "--rate", String(R), "--concurrency", "8", "--max-retries", "10"], env, dir);
  const seconds = (performance.now() - start) / 1000;
  if (result.code !== 0) throw new Error(`${label} failed (${result.code}): ${result.stderr.slice(0, 2000)}`);
  const out = JSON.parse(result.stdout) as ApplyJson;
  const calls = out.api?.calls ?? 0;
  const rejected = out.api?.byStatus?.["429"] ?? 0;
  console.log(`  ${label}: ${JSON.stringify(out.summary)} in ${seconds.toFixed(1)} s`);
  console.log(`    ${calls} calls, ${(calls / seconds).toFixed(1)} calls/s = ${((100 * calls) / seconds / R).toFixed(1)}% of R (target >= 90%)`);
  console.log(`    429 answers: ${rejected} = ${((100 * rejected) / Math.max(calls, 1)).toFixed(2)}% of calls (target <= 1%)`);
  return { calls, rejected, ok: calls / seconds >= 0.9 * R && rejected <= 0.01 * calls };
}

writeJson(join(dir, "emulator.json"), { workspaces: [{ id: "ws_bench", slug: "bench", name: "Bench", tokens: [TOKEN], transformations: [] }], rateLimit: { requestsPerSecond: R, burst: R } });
const emulator = await startChildEmulator(join(dir, "emulator.json"));
try {
  const env = { SEGMENT_API_TOKEN: TOKEN, SEGMENT_API_URL: emulator.url };
  console.log(`apply ${N} creates then ${N} updates, server rate limit R = ${R} requests/s`);
  writeDesired("Created");
  const creates = await phase("creates", env);
  writeDesired("Updated");
  const updates = await phase("updates", env);
  const check = await cli(["plan", "--detailed-exitcode", "--rate", String(R)], env, dir);
  const converged = check.code === 0;
  console.log(`  end state equals desired: ${converged ? "yes" : `NO (plan exit ${check.code})`}`);
  process.exitCode = creates.ok && updates.ok && converged ? 0 : 1;
} finally {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
}
