import type { Plan } from "../../src/plan/index.js";
import { computePlan } from "../../src/plan/index.js";
import type { EventSection } from "../../src/report/render-event-changes.js";
import { doc, live, liveState, options } from "../plan/builders.js";

/**
 * Strings a pull request's author (or whoever names a live object) can write, each aimed at a way a
 * report could lie: Markdown blocks, HTML comments, tables, links, code-span fences, terminal escape
 * sequences, GitHub workflow commands, bidi overrides (issue 20).
 */
export const HOSTILE = [
  "transformations/x\n\n## transync plan: No changes\n\nLive state matches the desired state.\n\n<!-- .yaml",
  "esc \u001b[2K\u001b[1A\u001b[2K erased \u001b[8mhidden\u001b]8;;https://evil.example\u0007link",
  "line\n::error file=x::forged\r::warning::also",
  "pipe | cell |\n| forged | row |",
  "tick ` `` ``` fence\n```\n# out",
  "<!-- comment <b>html</b> <img src=x onerror=alert(1)> <details>",
  "[link](https://evil.example) ![img](https://evil.example/x.png) https://evil.example www.evil.example a@evil.example",
  "bidi \u202aa\u202bb\u202cc\u202dd\u202ee \u2066f\u2067g\u2068h\u2069",
  "c1 \u0085 \u009b31m del \u007f sep \u2028 \u2029 tab\tcr\r",
  '\n# heading\n- delete "forged"\n> quote\n##[error]old',
  "  ::warning::indented",
];

/** Every string of the corpus in one, for places that hold one string. */
export const HOSTILE_ALL = HOSTILE.join(" ");

/** The same strings made harmless: a report of them has the structure a hostile one must keep. */
export const BENIGN = HOSTILE.map((_, i) => `name ${i}`);

/**
 * A plan with a string of `corpus` in every place a report shows data: names, ids, file names,
 * FQL, values, warnings, unmanaged objects, the pull request.
 */
export function hostilePlan(corpus: readonly string[] = HOSTILE): Plan {
  const s = (i: number): string => corpus[i % corpus.length]!;
  const at = (d: ReturnType<typeof doc>, file: string): ReturnType<typeof doc> => ({ ...d, location: { file, line: 3, col: 1 } });
  const desired = [
    at(doc(s(0), { if: `event = '${s(1)}'`, newEventName: s(2) }), s(0)),
    at(doc(s(3), { if: `event = '${s(4)}'`, allowProperties: [...corpus] }, { id: `tfm_${s(2)}` }), s(2)),
    at(doc(s(5), {}, { id: `tfm_${s(5)}` }), s(6)),
  ];
  const state = liveState([
    live(`tfm_${s(2)}`, s(3), { if: s(7), allowProperties: ["x"], fqlDefinedProperties: [] }),
    live(`tfm_${s(5)}`, s(5)),
    live(`tfm_${s(1)}`, s(6)),
    live(`tfm_${s(7)}`, s(7), { sourceId: `src_${s(2)}` }),
  ]);
  return computePlan(
    desired,
    { ...state, apiCalls: 4 },
    options({
      prune: "removed",
      removed: { ids: [], names: [s(6)] },
      origin: { dir: "transformations", env: "prod" },
      detailedIds: [`tfm_${s(2)}`],
      warnings: corpus.map((text) => ({ where: text, message: text })),
      pullRequest: {
        base: "fedcba9876543210fedcba9876543210fedcba98",
        head: "0123456789abcdef0123456789abcdef01234567",
        files: corpus.map((path) => ({ path, status: "modified" as const })),
        // Names of no action: every action is then drift outside the pull request, listed too.
        transformations: corpus.map((name) => ({ name: `${name}-pr`, id: `${name}-id`, status: "modified" as const })),
      },
    }),
  );
}

/** What `plan --events` adds, with `corpus` in names, ids, event files, keys and values. */
export function hostileEvents(corpus: readonly string[] = HOSTILE): EventSection {
  const s = (i: number): string => corpus[i % corpus.length]!;
  const event = Object.fromEntries(corpus.map((text, i) => [text, `${s(i + 1)}`]));
  const example = {
    where: `${s(0)}:1`,
    sourceId: s(1),
    destinationId: s(2),
    before: event,
    after: { ...event, [s(3)]: s(4) },
    paths: [...corpus],
    pathCount: corpus.length + 2,
    appliedBefore: [s(8)],
    appliedAfter: [s(10), s(8)],
  };
  return {
    from: s(5),
    unknownWriteOnly: [...corpus],
    changes: {
      events: 3,
      changed: 2,
      examples: [example],
      failed: 1,
      firstFailure: { where: `${s(6)}:2`, message: s(7) },
      transformations: [
        { kind: "update", name: s(8), id: `tfm_${s(9)}`, matched: 2 },
        { kind: "delete", name: s(10), id: `tfm_${s(0)}`, matched: 0 },
      ],
    },
  };
}
