import { linePos, lookupNode, offsetOf } from "./positions.js";
import { parseYamlText, type YamlDocument } from "./read-yaml.js";
import type { Diagnostic, FileSource } from "./types.js";

/**
 * Moves findings made at a document's start (the cross-document checks see resources, not YAML) to
 * the field their `path` names, so `file:line:col` points at the `if` or the property that conflicts.
 * Each file with such a finding is read and parsed once more; a file that cannot be read again, or a
 * path that is not found, keeps the document's start.
 */
export async function moveToFields(findings: readonly Diagnostic[], source: FileSource): Promise<Diagnostic[]> {
  const files = [...new Set(findings.map((f) => f.file))];
  const byFile = new Map<string, Map<string, YamlDocument>>();
  for (const file of files) byFile.set(file, await documentsByStart(file, source));
  return findings.map((finding) => {
    const doc = byFile.get(finding.file)?.get(`${finding.line}:${finding.col}`);
    if (doc === undefined || finding.path === "") return finding;
    const lookup = lookupNode(doc.doc, finding.path.split("."));
    if (lookup.value === undefined && lookup.key === undefined) return finding;
    return { ...finding, ...linePos(doc.lineCounter, offsetOf(lookup)) };
  });
}

/** The documents of one file by where they start (`line:col`, as resources' locations say it). */
async function documentsByStart(file: string, source: FileSource): Promise<Map<string, YamlDocument>> {
  const out = new Map<string, YamlDocument>();
  let text: string;
  try {
    text = (await source.read(file)).toString("utf8");
  } catch {
    return out;
  }
  for (const doc of parseYamlText(file, text).documents) {
    const start = linePos(doc.lineCounter, doc.doc.contents?.range?.[0] ?? 0);
    out.set(`${start.line}:${start.col}`, doc);
  }
  return out;
}
