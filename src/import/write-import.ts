import { access, mkdir } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import type { ImportFile } from "./render-import.js";
import { UsageError, userFileError } from "../errors.js";
import { refuseSpecialTarget, writeFileAtomic } from "../write-atomic.js";
import { refuseLinkOutOf } from "../desired/confine-path.js";

/**
 * Writes the rendered files under `dir` and returns their absolute paths. Refuses, before writing
 * anything, a folder that a symbolic link takes outside `confineTo` (default `dir`; the working
 * directory for init and for an import folder inside it), with or without `force`; and to overwrite
 * existing files unless `force`: an import must not clobber edited YAML.
 * `replacing` names the files whose new content was made from what they hold (import --env's pins).
 */
export async function writeImportFiles(
  dir: string,
  files: readonly ImportFile[],
  opts: { force: boolean; replacing?: ReadonlySet<string>; command?: "import" | "init" | "schemas"; confineTo?: ConfineTo },
): Promise<string[]> {
  const command = opts.command ?? "import";
  const root = resolve(dir);
  const targets = files.map((f) => ({ file: f, target: insideRoot(root, f.path) }));
  await refuseLinksOut(opts.confineTo ?? { folder: root, named: `the folder ${dir}` }, root, targets, command);
  if (!opts.force) {
    const existing: string[] = [];
    for (const { file, target } of targets) if (!opts.replacing?.has(file.path) && (await exists(target))) existing.push(file.path);
    if (existing.length > 0) {
      const advice =
        command === "import"
          ? "Move them away, choose another --out, or pass --force to overwrite them."
          : "Move them away, or pass --force to overwrite them.";
      throw new UsageError(`${command} would overwrite existing files in ${dir}: ${existing.join(", ")}. ${advice}`);
    }
  }
  // A FIFO or device at a target is refused before anything is written (--force replaces files only).
  const what = WHAT[command];
  for (const { target } of targets) await refuseSpecialTarget(target, target, what);
  for (const { file, target } of targets) {
    // Write then rename, so an interrupted import never leaves a half-written document.
    try {
      await mkdir(dirname(target), { recursive: true });
      await writeFileAtomic(target, file.content);
    } catch (error) {
      throw userFileError(error, what, target, "write");
    }
  }
  return targets.map((t) => t.target);
}

/** The folder no link may lead out of, and how messages name it ("the working directory"). */
export interface ConfineTo {
  folder: string;
  named: string;
}

const WHAT = {
  import: "the imported documents (--out)",
  init: "the project files of init",
  schemas: "the project's schemas (.transync/schemas)",
} as const;
const LINK_ADVICE = {
  import: "replace the link by a folder, or choose another --out.",
  init: "replace the link by a folder, or run init in another folder.",
  schemas: "replace the link by a folder, or run transync in another folder.",
} as const;

/** Each folder written into (once), held to `confineTo` (src/desired/confine-path.ts). */
async function refuseLinksOut(
  confineTo: ConfineTo,
  root: string,
  targets: ReadonlyArray<{ target: string }>,
  command: keyof typeof WHAT,
): Promise<void> {
  for (const folder of new Set(targets.map((t) => dirname(t.target)))) {
    const shown = relative(root, folder).split(sep).join("/") || ".";
    await refuseLinkOutOf(resolve(confineTo.folder), confineTo.named, { folder, shown, what: WHAT[command] }, LINK_ADVICE[command]);
  }
}

function insideRoot(root: string, path: string): string {
  const target = resolve(root, path);
  const rel = relative(root, target);
  if (rel === "" || rel.startsWith(`..${sep}`) || rel === ".." || isAbsolute(rel)) {
    throw new UsageError(`transync refuses to write outside ${root}: ${path}`);
  }
  return target;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
