/**
 * The field table of docs/desired-state.md, rendered from the field registry (src/model/fields.ts).
 * `npm run schemas` (scripts/compile-schemas.ts) rewrites it between its two markers;
 * test/schemas-generated.test.ts fails when the table in the doc differs.
 */
import { FIELDS, FIELD_NAMES, type AnyFieldFacts, type Compare } from "../src/model/fields.js";

export const TABLE_DOC = "docs/desired-state.md";
export const TABLE_START = "<!-- field table: generated from src/model/fields.ts by scripts/field-table.ts -->";
export const TABLE_END = "<!-- end of field table -->";

const RETURNED: Record<AnyFieldFacts["returned"], string> = {
  always: "yes",
  "not in lists": "by get, create and update (not in lists)",
  never: "never (write-only)",
};
const COMPARED: Record<Compare, string> = { scalar: "as a value", set: "as a set (order and duplicates ignored)", list: "in order" };

function cleared(facts: AnyFieldFacts): string {
  return facts.required ? "required: cannot be cleared" : `\`${JSON.stringify(facts.clearedWith)}\``;
}

/** How the value compares, with the members of its objects that are sets. */
function compared(facts: AnyFieldFacts): string {
  const sets = typeof facts.members === "object" ? facts.members.sets : [];
  return [COMPARED[facts.compare as Compare], ...sets.map((member) => `\`${member}\` as a set`)].join("; ");
}

function imported(facts: AnyFieldFacts): string {
  if (facts.imported === "note") return "a note asks for it";
  return facts.aliased === "no" ? "yes" : `yes, as its ${facts.aliased} alias`;
}

/** What the simulator does with it, and the function that does it (a key of SIMULATOR_STEPS, src/simulate/simulator-steps.ts). */
function simulated(facts: AnyFieldFacts): string {
  const { step, does } = facts.simulated;
  return step === null ? does : `${does} (\`${step}\`)`;
}

/** The table, one row per field in the registry's order. */
export function renderFieldTable(): string {
  const rows = FIELD_NAMES.map((field) => {
    const facts: AnyFieldFacts = FIELDS[field];
    return `| \`${field}\` | ${facts.type} | ${cleared(facts)} | ${RETURNED[facts.returned]} | ${compared(facts)} | ${imported(facts)} | ${simulated(facts)} |`;
  });
  return [
    "| field | value | removing it sends | returned by the API | compared | import writes it | simulator |",
    "|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/** The doc's text with the table between the markers replaced by `table`. */
export function withTable(doc: string, table: string): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${TABLE_DOC} has no field table markers`);
  return `${doc.slice(0, start + TABLE_START.length)}\n${table}\n${doc.slice(end)}`;
}
