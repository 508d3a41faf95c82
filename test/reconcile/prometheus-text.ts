/** One sample of a scrape: `name{labels} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** A scrape in the Prometheus text format (0.0.4), parsed strictly enough to catch a malformed line. */
export interface Scrape {
  samples: Sample[];
  /** Family name -> TYPE. */
  types: Map<string, string>;
  help: Map<string, string>;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/gy;

/** Parses /metrics; throws on a line that is neither a comment nor a sample, and on a sample before its TYPE. */
export function parsePrometheus(text: string): Scrape {
  const scrape: Scrape = { samples: [], types: new Map(), help: new Map() };
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const comment = /^# (HELP|TYPE) (\S+) (.+)$/.exec(line);
    if (comment) {
      (comment[1] === "TYPE" ? scrape.types : scrape.help).set(comment[2]!, comment[3]!);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample: ${JSON.stringify(line)}`);
    const family = familyOf(match[1]!, scrape.types);
    if (family === undefined) throw new Error(`sample before its # TYPE: ${line}`);
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    for (let m = LABEL.exec(match[2] ?? ""); m; m = LABEL.exec(match[2] ?? ""))
      labels[m[1]!] = m[2]!.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    const value = match[3] === "+Inf" ? Infinity : Number(match[3]);
    if (Number.isNaN(value)) throw new Error(`not a number: ${line}`);
    scrape.samples.push({ name: match[1]!, labels, value });
  }
  return scrape;
}

/** The family a sample belongs to: its own name, or a histogram's without `_bucket`, `_sum`, `_count`. */
function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  const base = name.replace(/_(bucket|sum|count)$/, "");
  return types.get(base) === "histogram" ? base : undefined;
}

export function samplesOf(scrape: Scrape, name: string): Sample[] {
  return scrape.samples.filter((s) => s.name === name);
}
