/**
 * Benchmark of "did you mean" on a big workspace (issue 33, finding 7): plan's resolution of 1,000
 * documents, 200 of them with an unknown source slug each, against 100,000 sources, in process (the
 * Public API's list is given, not read). Before the bounded search each unknown slug measured its
 * distance to every slug: 4–9 s each, past 5 minutes for the 200. The same scan, for a few slugs,
 * is printed beside it for comparison.
 * Run: npx tsx bench/suggest.ts   (target: the 200 under 5 s)
 */
import { resolveLiveRefs } from "../src/pipeline/resolve-live-refs.js";
import { ValidationError, type ErrorIssue } from "../src/errors.js";
import { silentLogger } from "../src/log.js";
import type { DesiredResource } from "../src/model/desired-resource.js";
import type { WorkspaceSource } from "../src/live/public-api.js";

const SOURCES = 100_000;
const DOCUMENTS = 1_000;
const UNKNOWN = 200;
const TARGET_MS = 5_000;

/** Slugs as a big workspace names its sources: `shop-<n>-<region>`, `app-…`, `site-…`. */
function workspaceSources(): WorkspaceSource[] {
  const kinds = ["shop", "app", "site", "server", "ios", "android", "web", "backend"];
  const regions = ["eu", "us", "apac", "latam", "staging", "prod"];
  return Array.from({ length: SOURCES }, (_, n) => {
    const slug = `${kinds[n % kinds.length]}-${(n * 7919) % 100_003}-${regions[n % regions.length]}`;
    return { id: `src_${n.toString(36).padStart(8, "0")}`, slug, name: slug };
  });
}

/** Every fifth document names an unknown slug (200, all different): a typo one edit from its slug, or a name far from every slug. */
function documents(sources: readonly WorkspaceSource[], unknown: "typo" | "far"): DesiredResource[] {
  return Array.from({ length: DOCUMENTS }, (_, n) => {
    const slug = sources[n * 97]!.slug;
    const wrong = unknown === "typo" ? `${slug}${slug.at(-1)}` : `zq${n}-xv${n}-qz`;
    const written = n % (DOCUMENTS / UNKNOWN) === 0 ? wrong : slug;
    return {
      name: `Transformation ${n}`,
      spec: { name: `Transformation ${n}`, sourceId: `slug:${written}`, enabled: true, if: "type = 'track'" },
      location: { file: `transformations/t${n}.yaml`, line: 1, col: 1 },
    };
  });
}

async function resolution(
  sources: readonly WorkspaceSource[],
  unknown: "typo" | "far",
): Promise<{ ms: number; issues: readonly ErrorIssue[] }> {
  const reads = {
    sources: async () => [...sources],
    catalogDestinations: async () => [],
    connectedDestinations: async () => [],
  };
  const input = { resources: documents(sources, unknown), project: { environments: {}, destinations: {} }, env: undefined };
  const started = performance.now();
  const failure = await resolveLiveRefs(input, reads, silentLogger()).then(
    () => undefined,
    (error: unknown) => error,
  );
  return { ms: performance.now() - started, issues: failure instanceof ValidationError ? failure.issues : [] };
}

async function main(): Promise<void> {
  const sources = workspaceSources();
  let missed = false;
  for (const unknown of ["typo", "far"] as const) {
    const { ms, issues } = await resolution(sources, unknown);
    const answered = issues.filter((i) => i.message.includes("did you mean")).length;
    console.log(
      `${DOCUMENTS} documents, ${issues.length} unknown slugs (${unknown === "typo" ? "typos" : "far from every slug"}) against ${SOURCES.toLocaleString("en")} sources: ${(ms / 1000).toFixed(2)} s (target < ${TARGET_MS / 1000} s), ${answered} with a suggestion`,
    );
    missed ||= issues.length !== UNKNOWN || ms > TARGET_MS || (unknown === "typo" && answered !== UNKNOWN);
  }
  const scanned = performance.now();
  const sample = ["shop-1-euu", "zq0-xv0-qz", "app-77-uss"];
  for (const slug of sample) for (const s of sources) editDistance(s.slug.toLowerCase(), slug.toLowerCase());
  console.log(`the unbounded scan it replaces: ${((performance.now() - scanned) / sample.length / 1000).toFixed(2)} s per unknown slug`);
  if (missed) process.exitCode = 1;
}

/** The full Levenshtein table the bounded search replaced (kept here only as the baseline it is measured against). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

await main();
