/**
 * Room src/desired/: the desired state: transync.yaml and the YAML documents read under one file
 * policy (fs-source.ts, file-tree.ts, file-rules.ts; the files a user names: read-user-file.ts,
 * confine-path.ts, operator-folders.ts, repository-path.ts), validated (schemas, FQL, semantic
 * rules), every finding positioned.
 * May import: src/model/, src/kinds/, src/fql/, src/live/ (the Public API lists' types), the ground floor;
 * never src/simulate/ (what validation shares with the simulator is in src/fql/).
 */
import { ValidationError } from "../errors.js";
import type { DesiredState, Diagnostic, FileSource } from "./types.js";
import { loadProjectConfig, locateProjectFile, normalizeDir, type EnvironmentChoice, type LoadedProject } from "./load-project.js";
import { readTextFile } from "./read-yaml.js";
import { duplicateTitles } from "./instance-refs.js";
import { filterInteractionWarnings } from "./filter-interactions.js";
import { checkUnique, type CheckedFile, type DocumentContext } from "./check-file.js";
import { compareDiagnostics, formatDiagnosticLine } from "./format-diagnostics.js";
import { mapConcurrent } from "../map-concurrent.js";
import { FileRuleError } from "./file-tree.js";
import { FILE_LIMITS } from "./file-rules.js";
import { applyLint, type DocumentLint } from "./lint.js";
import { checkFileTexts, type FileText } from "./worker-read.js";

export interface LoadDesiredOptions {
  /** Folder of the documents (overrides transync.yaml's `dir`). */
  dir?: string;
  /** Environment whose source aliases apply (overrides `defaultEnvironment`). */
  env?: string;
  /** The environment decided elsewhere (a pull-request plan's, from the base): replaces `env` and `defaultEnvironment`. */
  environment?: EnvironmentChoice;
  /**
   * `validate` without `--env`: check every environment's effective document (overrides, only,
   * except: per-environment.ts) and uniqueness in each; the resources stay those of the chosen one.
   */
  everyEnvironment?: boolean;
  /** Told once the project file is read, before the documents are (plan starts its live read then). */
  onProject?: (project: LoadedProject) => void;
  /**
   * Check the documents on a worker thread when there are many (worker-read.ts): plan's, whose
   * list of live state pages meanwhile on the main thread. The result is the same either way.
   */
  checkOffThread?: boolean;
}

export interface LoadDesiredResult {
  /** `resources` holds only the documents without errors. */
  state: DesiredState;
  /** Every error and warning, sorted by file and position. */
  diagnostics: Diagnostic[];
  /** How many non-empty documents were read (valid or not). */
  documents: number;
  /** Of them, the documents of each kind other than Transformation (valid or not), by the kind's name; absent when there are none. */
  otherKindDocuments?: Record<string, number>;
  /** The documents' `lint.ignore` blocks (lint.ts): `validate` applies them to its cross-document warnings too. */
  lint: DocumentLint[];
  /** A worker thread checked every file (`checkOffThread`, worker-read.ts). */
  checkedOnWorker: boolean;
}

/** Reads in flight at once: overlaps file-system (or git) latency without flooding it. */
const READ_CONCURRENCY = 8;

/**
 * Reads the project file and every document file under the folder, validating all of them. Which
 * files count is the source's business (file-rules.ts, the same for the working tree and a commit).
 */
export async function loadDesired(source: FileSource, opts: LoadDesiredOptions = {}): Promise<LoadDesiredResult> {
  const projectFile = await locateProjectFile(source, opts.dir);
  const chosen = opts.environment !== undefined ? { environment: opts.environment } : {};
  const project = await loadProjectConfig(source, { env: opts.env, file: projectFile, ...chosen });
  opts.onProject?.(project);
  const diagnostics = [...project.diagnostics];
  const dir = normalizeDir(opts.dir ?? project.config.dir);
  const files = await listFiles(source, dir, opts.dir !== undefined, projectFile, diagnostics);
  const context: DocumentContext = {
    config: project.config,
    env: project.env,
    envFailed: project.envFailed,
    ...(opts.everyEnvironment === true ? { everyEnvironment: true } : {}),
  };
  const read = await readAll(source, files, context, opts.checkOffThread === true);
  const perFile = read?.perFile;
  if (perFile === undefined) {
    diagnostics.push(
      dirDiagnostic(
        dir,
        "file-size",
        `the document files under "${dir}" hold over ${FILE_LIMITS.maxTotalBytes / 1024 / 1024} MiB together; split the project`,
      ),
    );
  }
  const checked = (perFile ?? []).flatMap((f) => f.checked);
  for (const f of perFile ?? []) diagnostics.push(...f.diagnostics);
  const documents = (perFile ?? []).reduce((sum, f) => sum + f.documents, 0);
  const lint = (perFile ?? []).flatMap((f) => f.lint);
  checkUnique(checked, diagnostics, checkedEnvironments(context));
  // A kind on destination instances is named by (instance, title): two documents with one pair are refused.
  const otherKinds = checked.flatMap((c) => (c.resource?.kind !== undefined ? [c.resource] : []));
  diagnostics.push(...duplicateTitles(otherKinds));
  // Filters of one instance that interact: a warning here, so plan shows it too and a document's lint.ignore silences it.
  diagnostics.push(...filterInteractionWarnings(otherKinds));
  // A warning a document silences is still in `diagnostics` (marked), never in the state's warnings (plan's).
  const linted = applyLint(diagnostics, lint).diagnostics.sort(compareDiagnostics);
  const state: DesiredState = {
    project: { ...project.config, dir },
    resources: checked.flatMap((c) => (c.resource && c.resource.kind === undefined ? [c.resource] : [])),
    warnings: linted.filter((d) => d.severity === "warning" && d.silenced === undefined),
    files,
    projectFile,
    projectFileAt: project.at,
  };
  if (otherKinds.length > 0) state.otherKinds = otherKinds;
  const kindDocuments = countByKind(checked);
  return {
    state,
    diagnostics: linted,
    documents,
    lint,
    checkedOnWorker: read?.onWorker === true,
    ...(kindDocuments ? { otherKindDocuments: kindDocuments } : {}),
  };
}

/** The documents of each kind other than Transformation that got past their header, valid or not. */
function countByKind(checked: readonly { kind?: string }[]): Record<string, number> | undefined {
  const counts: Record<string, number> = {};
  for (const { kind } of checked) if (kind !== undefined) counts[kind] = (counts[kind] ?? 0) + 1;
  return Object.keys(counts).length > 0 ? counts : undefined;
}

async function listFiles(
  source: FileSource,
  dir: string,
  givenDir: boolean,
  projectFile: string,
  diagnostics: Diagnostic[],
): Promise<string[]> {
  let files: string[];
  try {
    files = await source.list(dir);
  } catch (error) {
    if (!(error instanceof FileRuleError)) throw error;
    diagnostics.push(dirDiagnostic(error.path, error.rule, error.message));
    return [];
  }
  if (files.length === 0 && !(await source.exists(dir)) && givenDir) {
    // The operator named it: telling them to pass --dir would be wrong.
    diagnostics.push(dirDiagnostic(dir, "missing-dir", `folder "${dir}" (--dir) does not exist`));
  } else if (files.length === 0 && !(await source.exists(dir))) {
    // Neither the folder nor the project file: most likely run from a subfolder of the project.
    const lost = (await source.exists(projectFile))
      ? ""
      : `; there is no ${projectFile} in ${source.description} either: run transync in the project's root folder`;
    diagnostics.push(dirDiagnostic(dir, "missing-dir", `folder "${dir}" does not exist; pass --dir or set dir in transync.yaml${lost}`));
  }
  return files;
}

/** Every file checked, or undefined once the total cap is passed (then nothing more is read). */
async function readAll(
  source: FileSource,
  files: string[],
  context: DocumentContext,
  offThread: boolean,
): Promise<{ perFile: CheckedFile[]; onWorker: boolean } | undefined> {
  let total = 0;
  const read = await mapConcurrent(files, READ_CONCURRENCY, async (file): Promise<CheckedFile | FileText> => {
    if (total > FILE_LIMITS.maxTotalBytes) return UNREAD;
    const { text, bytes, diagnostic } = await readTextFile(source, file);
    total += bytes;
    if (text === undefined || total > FILE_LIMITS.maxTotalBytes) return { ...UNREAD, diagnostics: diagnostic ? [diagnostic] : [] };
    return { file, text };
  });
  if (total > FILE_LIMITS.maxTotalBytes) return undefined;
  // Read first, then checked: all at once, on a worker thread when there are many (worker-read.ts).
  const texts = read.filter((r): r is FileText => "text" in r);
  const checked = await checkFileTexts(texts, context, offThread);
  let next = 0;
  return { perFile: read.map((r) => ("text" in r ? checked.files[next++]! : r)), onWorker: checked.onWorker };
}

const UNREAD: CheckedFile = { checked: [], diagnostics: [], documents: 0, lint: [] };

/** The environments whose documents must have unique names and ids: the chosen one, or every one for `validate` without `--env`. */
export function checkedEnvironments(context: DocumentContext): string[] {
  if (context.everyEnvironment) return Object.keys(context.config.environments);
  return context.env === undefined ? [] : [context.env];
}

function dirDiagnostic(file: string, rule: string, message: string): Diagnostic {
  return { file, line: 1, col: 1, severity: "error", path: "", rule, message };
}

/** Like `loadDesired`, but any error throws a ValidationError listing every error. */
export async function loadDesiredOrThrow(source: FileSource, opts: LoadDesiredOptions = {}): Promise<DesiredState> {
  const { state, diagnostics } = await loadDesired(source, opts);
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) {
    throw new ValidationError(
      `the desired state has ${errors.length} error${errors.length === 1 ? "" : "s"}; fix ${errors.length === 1 ? "it" : "them"} and run \`transync validate\` again.`,
      errors.map((d) => ({ message: formatDiagnosticLine(d) })),
    );
  }
  return state;
}
