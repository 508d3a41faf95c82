import { isMatchAll, parseFql } from "../../fql/parse-fql.js";
import { formatPath, parsePath } from "../../fql/paths.js";
import { fqlNodes } from "../../fql/walk.js";

/*
 * Filters of one destination instance that interact (issue 37), from their documents alone: read by
 * the simulator (`simulate`, `test`: src/simulate/) and by validation (`validate`, `plan`: the warning
 * `filter-interaction`, src/desired/filter-interactions.ts), so both say the same.
 */

/** A filter as the analysis reads it: a document's spec, a live filter, or the simulator's SimFilter. */
export interface InteractingFilter {
  name: string;
  if: string;
  actions: readonly { type: string; fields?: Readonly<Record<string, readonly string[]>> }[];
  /** Default true; a disabled filter never runs. */
  enabled?: boolean;
}

/** Two filters of one instance where one's `if` reads a path the other's property actions drop or keep. */
export interface FilterInteraction {
  /** The filter whose property actions change the path. */
  changes: string;
  /** The filter whose `if` reads it. */
  reads: string;
  /** The path read (escaped, `properties.a\.b`). */
  path: string;
  /** How `changes` touches it: DROP_PROPERTIES removes it, ALLOW_PROPERTIES keeps or removes what is under its path. */
  action: "DROP_PROPERTIES" | "ALLOW_PROPERTIES";
}

/**
 * The enabled filters of one instance that interact: Segment applies them one at a time in the order
 * they appear in the workspace, so whether a filter's `if` sees a path another filter drops (or an
 * allow list of another leaves out) depends on that order, which a document does not hold. Pure;
 * linear in the filters' paths times the other filters' fields.
 */
export function interactingFilters(filters: readonly InteractingFilter[]): FilterInteraction[] {
  const enabled = filters.filter((f) => f.enabled !== false);
  const reads = enabled.map((f) => pathsRead(f.if));
  const found: FilterInteraction[] = [];
  enabled.forEach((changer, i) => {
    for (const action of changer.actions) {
      const type = action.type;
      if (type !== "DROP_PROPERTIES" && type !== "ALLOW_PROPERTIES") continue;
      enabled.forEach((reader, j) => {
        if (i === j || found.some((f) => f.changes === changer.name && f.reads === reader.name)) return;
        const path = reads[j]!.find((read) => touches(type, action.fields ?? {}, read));
        if (path !== undefined) found.push({ changes: changer.name, reads: reader.name, path: formatPath(path), action: type });
      });
    }
  });
  return found;
}

/** Whether an action with these fields drops (DROP_PROPERTIES: the path or a parent) or may drop (ALLOW: below its path) `read`. */
function touches(
  type: "DROP_PROPERTIES" | "ALLOW_PROPERTIES",
  fields: Readonly<Record<string, readonly string[]>>,
  read: readonly string[],
): boolean {
  return Object.entries(fields).some(([at, keys]) => {
    const base = at === "" ? [] : parsePath(at);
    if (read.length <= base.length || !base.every((segment, k) => read[k] === segment)) return false;
    return type === "ALLOW_PROPERTIES" || keys.includes(read[base.length]!);
  });
}

/** The paths an FQL text reads (none when it does not parse: validation reports that). */
function pathsRead(fql: string): (readonly string[])[] {
  const parsed = parseFql(fql);
  if (!parsed.ok || isMatchAll(parsed.ast)) return [];
  const paths: (readonly string[])[] = [];
  for (const node of fqlNodes(parsed.ast)) if (node.kind === "path") paths.push(node.segments);
  return paths;
}

/** One line per interaction, names quoted as written (renderers escape them). */
export function describeInteraction(i: FilterInteraction): string {
  const how = i.action === "DROP_PROPERTIES" ? "drops" : "keeps or drops (ALLOW_PROPERTIES)";
  return `filters "${i.changes}" and "${i.reads}" interact: "${i.changes}" ${how} ${i.path}, which the if of "${i.reads}" reads; Segment applies filters in the order they appear in the workspace, so the result depends on that order`;
}
