import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Transformation } from "../../src/model/transformation.js";
import { git } from "../helpers/git.js";
import { countDuplicates, pick } from "./support.js";

/** One desired document, as the suite models it. */
export interface DesiredDoc {
  name: string;
  sourceId: string;
  enabled: boolean;
  if: string;
  newEventName?: string;
  /** Documents with a hash key exercise the leak scan (the key is an HMAC secret). */
  hashKey?: string;
}

export const SOURCES = ["src_a", "src_b"];
const FILES = 3;

/** How live state compares with the desired state. */
export interface Comparison {
  duplicates: number;
  missing: string[];
  drifted: string[];
  extra: string[];
  converged: boolean;
}

/**
 * The desired state: a git repository with `transync.yaml` (prune on) and documents spread over a
 * few files, edited at random (create, rename, change, delete) from a seeded random source.
 */
export class DesiredRepo {
  readonly docs = new Map<string, DesiredDoc>();
  private counter = 0;

  constructor(
    readonly dir: string,
    private readonly random: () => number,
    private readonly hashKey: string,
  ) {
    git(dir, "init", "-q");
    writeFileSync(join(dir, "transync.yaml"), "apiVersion: transync/v1\ndir: transformations\nprune: true\n");
  }

  /** Makes `count` random edits; returns how many were made. */
  edit(count: number): number {
    for (let i = 0; i < count; i++) {
      const all = [...this.docs.values()];
      const roll = this.random();
      const target = all.length > 0 ? all[pick(this.random, all.length)] : undefined;
      if (!target || roll < 0.4) this.create();
      else if (roll < 0.55) this.rename(target);
      else if (roll < 0.85) this.change(target);
      // The last document is never deleted: with none, apply --prune refuses on purpose (an empty
      // folder is a broken checkout, never a reason to wipe the workspace; tested on its own), so the
      // round could not converge. A delete of the last one creates another instead.
      else if (all.length > 1) this.docs.delete(target.name);
      else this.create();
    }
    return count;
  }

  /** `n` new documents. */
  createMany(n: number): number {
    for (let i = 0; i < n; i++) this.create();
    return n;
  }

  private create(): void {
    const n = ++this.counter;
    const doc: DesiredDoc = {
      name: `Doc ${n}`,
      sourceId: SOURCES[pick(this.random, SOURCES.length)]!,
      enabled: this.random() < 0.8,
      if: `event = 'E${n}'`,
    };
    if (this.random() < 0.25) doc.hashKey = this.hashKey;
    if (this.random() < 0.3) doc.newEventName = `Renamed ${n}`;
    this.docs.set(doc.name, doc);
  }

  private rename(doc: DesiredDoc): void {
    this.docs.delete(doc.name);
    const renamed = { ...doc, name: `${doc.name.split(" r")[0]} r${++this.counter}` };
    this.docs.set(renamed.name, renamed);
  }

  private change(doc: DesiredDoc): void {
    const roll = this.random();
    if (roll < 0.4) doc.enabled = !doc.enabled;
    else if (roll < 0.7) doc.if = `event = 'C${++this.counter}'`;
    else if (doc.newEventName !== undefined) delete doc.newEventName;
    else doc.newEventName = `Renamed ${++this.counter}`;
  }

  /**
   * Writes every document (JSON is YAML) and commits. A round's edits can cancel out (a document
   * disabled and enabled again): then the commit is empty, and the round still runs (hand edits
   * land during its apply), so an unchanged tree is a commit like any other, never an error.
   */
  commit(message: string): void {
    const folder = join(this.dir, "transformations");
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    const files: string[][] = Array.from({ length: FILES }, () => []);
    for (const doc of this.docs.values()) files[Number(doc.name.replace(/\D+/g, "").slice(0, 3) || 0) % FILES]!.push(render(doc));
    files.forEach((lines, i) => lines.length > 0 && writeFileSync(join(folder, `part-${i}.yaml`), lines.join("---\n")));
    git(this.dir, "add", "-A");
    git(this.dir, "commit", "-q", "--allow-empty", "-m", message);
  }

  /** Compares live objects (full, write-only fields included) with the desired documents. */
  compare(live: readonly Transformation[]): Comparison {
    const missing: string[] = [];
    const drifted: string[] = [];
    for (const doc of this.docs.values()) {
      const found = live.filter((t) => t.name === doc.name && t.sourceId === doc.sourceId);
      if (found.length === 0) missing.push(doc.name);
      else if (!found.some((t) => matches(doc, t))) drifted.push(doc.name);
    }
    const extra = live.filter((t) => this.docs.get(t.name)?.sourceId !== t.sourceId).map((t) => t.name);
    const duplicates = countDuplicates(live);
    return { duplicates, missing, drifted, extra, converged: duplicates + missing.length + drifted.length + extra.length === 0 };
  }
}

function render(doc: DesiredDoc): string {
  const body: Record<string, unknown> = {
    apiVersion: "transync/v1",
    kind: "Transformation",
    name: doc.name,
    sourceId: doc.sourceId,
    enabled: doc.enabled,
    if: doc.if,
  };
  if (doc.newEventName !== undefined) body.newEventName = doc.newEventName;
  if (doc.hashKey !== undefined) body.hashPropertiesConfiguration = { algorithm: "SHA256", paths: ["properties.email"], key: doc.hashKey };
  return `${JSON.stringify(body)}\n`;
}

function matches(doc: DesiredDoc, t: Transformation): boolean {
  const hash = (t as { hashPropertiesConfiguration?: { key?: string } | null }).hashPropertiesConfiguration;
  const hashOk = doc.hashKey === undefined || hash?.key === doc.hashKey;
  return t.enabled === doc.enabled && t.if === doc.if && (t.newEventName ?? undefined) === doc.newEventName && hashOk;
}
