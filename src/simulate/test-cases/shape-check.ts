import type { Diagnostic } from "../../desired/types.js";
import { formatPath, parsePath } from "../../fql/paths.js";
import { configShape, sameShape, shapeName, type HashShape } from "../hash-shape.js";
import type { ShapeExpectation, TestCase } from "./types.js";

/** What the check needs of a desired transformation. */
export interface ShapeTarget {
  name: string;
  sourceId: string;
  enabled?: boolean;
  destinationMetadataId?: string | null;
  hashPropertiesConfiguration?: { algorithm: string; paths: readonly string[]; encoding?: string | null } | null;
}

interface Hashing {
  name: string;
  algorithm: string;
  encoding: string;
  shape: HashShape;
  paths: ReadonlyArray<readonly string[]>;
}

/**
 * A shape expectation (`{ hashed: sha256-hex }`) must name the algorithm and encoding of the document
 * that hashes its path (of any hashing transformation the case reaches when none names that path: a
 * rename may move it): a wrong one could never hold, and a test that can never pass teaches nothing.
 * HEX and BASE16 are the same encoding.
 */
export function checkHashShapes(cases: readonly TestCase[], transformations: readonly ShapeTarget[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const c of cases) {
    if (c.shapes.length === 0) continue;
    const hashing = hashingFor(c, transformations);
    for (const s of c.shapes) {
      const message = shapeProblem(s, hashing, c);
      if (message !== undefined) out.push({ ...s.at, severity: "error", path: s.field, rule: "test-hashed", message });
    }
  }
  return out;
}

/** The enabled hashing transformations a case reaches (its source's, and its destination's when it names one). */
function hashingFor(c: TestCase, transformations: readonly ShapeTarget[]): Hashing[] {
  return transformations.flatMap((t): Hashing[] => {
    const hash = t.hashPropertiesConfiguration;
    const shape = hash ? configShape(hash) : undefined;
    if (!hash || shape === undefined || t.enabled === false || t.sourceId !== c.sourceId) return [];
    if (t.destinationMetadataId && t.destinationMetadataId !== c.destinationId) return [];
    return [
      { name: t.name, algorithm: hash.algorithm, encoding: hash.encoding ?? "HEX", shape, paths: hash.paths.map((p) => parsePath(p)) },
    ];
  });
}

function shapeProblem(s: ShapeExpectation, hashing: readonly Hashing[], c: TestCase): string | undefined {
  const written = `{ hashed: ${s.written} }`;
  if (hashing.length === 0) {
    return `${written} expects a hashed value at ${formatPath(s.path)}, but no enabled transformation of source "${c.source}" this case reaches hashes anything`;
  }
  const atPath = hashing.filter((h) => h.paths.some((p) => p.length === s.path.length && p.every((seg, i) => seg === s.path[i])));
  const candidates = atPath.length > 0 ? atPath : hashing;
  if (candidates.some((h) => sameShape(h.shape, s.shape))) return undefined;
  const how = candidates.map((h) => `"${h.name}" hashes with ${h.algorithm}, encoding ${h.encoding}`).join("; ");
  const fix = [...new Set(candidates.map((h) => `{ hashed: ${shapeName(h.shape)} }`))].join(" or ");
  const where = atPath.length > 0 ? `the document hashing ${formatPath(s.path)}` : "the documents this case reaches";
  return `${written} is not how ${where} hashes: ${how}; write ${fix}`;
}
