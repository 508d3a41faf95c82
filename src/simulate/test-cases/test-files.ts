import { posix } from "node:path";
import type { DesiredState, Diagnostic, FileSource, ProjectConfig } from "../../desired/types.js";
import { locateProjectFile, normalizeDir } from "../../desired/load-project.js";
import { readTextFile } from "../../desired/read-yaml.js";
import { FileRuleError } from "../../desired/file-tree.js";
import { FILE_LIMITS } from "../../desired/file-rules.js";
import { parseTestFile, type TestFileContext } from "./parse-test-file.js";
import type { TestCase } from "./types.js";
import { checkCaseTargets, checkInstanceCases } from "./targets.js";
import { simulatedInstances } from "./instances.js";
import { connectionsOf } from "../../desired/connections.js";
import { checkHashShapes } from "./shape-check.js";

/** Cases of one run, all files together: far more than any suite, few enough to stay quick. */
export const MAX_CASES = 100_000;

/** Where the test files are, and which rule chose the folder (said when none are found). */
export interface TestFolder {
  dir: string;
  /** `--tests`, `tests: in transync.yaml`, or `beside the documents folder "transformations"`. */
  from: string;
  /** Given explicitly (`--tests` or `tests:`): a missing folder is then an error for validate too. */
  explicit: boolean;
}

/**
 * The test folder: `--tests`, else `tests:` of the project file (relative to that file), else `tests`
 * beside the documents folder (`transformations` -> `tests`, `examples/transformations` -> `examples/tests`).
 */
export async function locateTests(
  source: FileSource,
  project: ProjectConfig,
  flags: { dir?: string; tests?: string },
): Promise<TestFolder> {
  if (flags.tests !== undefined) return { dir: normalizeDir(flags.tests), from: "--tests", explicit: true };
  if (project.tests !== undefined) {
    const file = await locateProjectFile(source, flags.dir);
    return { dir: normalizeDir(posix.join(posix.dirname(file), project.tests)), from: `tests: in ${file}`, explicit: true };
  }
  return {
    dir: normalizeDir(posix.join(posix.dirname(project.dir), "tests")),
    from: `beside the documents folder "${project.dir}"`,
    explicit: false,
  };
}

export interface LoadedTests {
  files: string[];
  /** Every case, in file order; empty when any file has an error. */
  cases: TestCase[];
  diagnostics: Diagnostic[];
}

/** Reads every `*.yaml`/`*.yml` below the folder with the desired state's one reader (file-rules.ts). */
export async function loadTestFiles(
  source: FileSource,
  folder: TestFolder,
  project: ProjectConfig,
  context: TestFileContext,
): Promise<LoadedTests> {
  const diagnostics: Diagnostic[] = [];
  const inside = project.dir === "." || folder.dir === project.dir || folder.dir.startsWith(`${project.dir}/`);
  if (inside) {
    diagnostics.push(
      at(
        folder.dir,
        "test-folder",
        `the test folder "${folder.dir}" is inside the documents folder "${project.dir}", where its files would be read as Transformations; keep tests beside it (pass --tests or set tests: in transync.yaml)`,
      ),
    );
    return { files: [], cases: [], diagnostics };
  }
  let files: string[] = [];
  try {
    files = await source.list(folder.dir);
  } catch (error) {
    if (!(error instanceof FileRuleError)) throw error;
    diagnostics.push(at(error.path, error.rule, error.message));
  }
  const cases: TestCase[] = [];
  let bytes = 0;
  for (const file of files) {
    const read = await readTextFile(source, file);
    bytes += read.bytes;
    if (bytes > FILE_LIMITS.maxTotalBytes) {
      diagnostics.push(
        at(
          folder.dir,
          "file-size",
          `the test files under "${folder.dir}" hold over ${FILE_LIMITS.maxTotalBytes / 1024 / 1024} MiB together; split them`,
        ),
      );
      break;
    }
    if (read.diagnostic) diagnostics.push(read.diagnostic);
    if (read.text === undefined) continue;
    const parsed = parseTestFile(file, read.text, context);
    diagnostics.push(...parsed.diagnostics);
    cases.push(...parsed.cases);
    if (cases.length > MAX_CASES) {
      diagnostics.push(
        at(file, "test-count", `over ${MAX_CASES} cases in the test files; split the suite and run it in parts with --tests`),
      );
      break;
    }
  }
  const failed = diagnostics.some((d) => d.severity === "error");
  return { files, cases: failed ? [] : cases, diagnostics };
}

function at(file: string, rule: string, message: string): Diagnostic {
  return { file, line: 1, col: 1, severity: "error", path: "", rule, message };
}

/**
 * What `validate` says of the test files: schema, unknown keys, sources and destinations. A missing
 * default folder is fine (a project need not have tests); a folder named explicitly must exist.
 */
export async function checkTestFiles(
  source: FileSource,
  state: DesiredState,
  desiredFindings: readonly Diagnostic[],
  flags: { dir?: string; env?: string; tests?: string },
): Promise<Diagnostic[]> {
  const folder = await locateTests(source, state.project, flags);
  // The folder beside a documents folder already refused is nobody's choice: one error per mistake.
  if (!folder.explicit && desiredFindings.some((d) => d.severity === "error" && d.file === state.project.dir)) return [];
  if (!(await source.exists(folder.dir))) {
    return folder.explicit ? [at(folder.dir, "missing-dir", `test folder "${folder.dir}" (${folder.from}) does not exist`)] : [];
  }
  const envFailed = desiredFindings.some((d) => d.rule === "unknown-environment");
  const env = flags.env ?? state.project.defaultEnvironment;
  const loaded = await loadTestFiles(source, folder, state.project, testFileContext(state, env, envFailed));
  // Targets are judged against valid documents only: with errors there, some transformations are missing.
  if (desiredFindings.some((d) => d.severity === "error")) return loaded.diagnostics;
  return [...loaded.diagnostics, ...caseTargetFindings(state, env, loaded.cases)];
}

/** What resolving a case's source and destination needs from the project, in `env`. */
export function testFileContext(state: DesiredState, env: string | undefined, envFailed: boolean): TestFileContext {
  const { environments, destinations } = state.project;
  return { environments, destinations, env, envFailed, connections: connectionsOf(state.project, env) };
}

/** The findings about what the cases name: sources, destinations, instances, hash shapes. */
export function caseTargetFindings(state: DesiredState, env: string | undefined, cases: readonly TestCase[]): Diagnostic[] {
  const specs = state.resources.map((r) => r.spec);
  return [
    ...checkCaseTargets(cases, specs),
    ...checkInstanceCases(cases, simulatedInstances(state, env), specs),
    ...checkHashShapes(cases, specs),
  ];
}
