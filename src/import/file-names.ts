/*
 * The names of the files import writes, for every kind (src/import/kind-import.ts): made from live
 * names and ids, which anyone with access to the workspace writes, so each is made safe as a path
 * and unique, case-insensitively (macOS and Windows file systems), beside the files already there.
 */

/** `Rename Order Completed` -> `rename-order-completed`; never empty (`fallback`), at most 80 characters. */
export function slugify(name: string, fallback = "transformation"): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug === "" ? fallback : slug;
}

/** Keeps a group's key (a source's alias or id) as a file name, replacing what is unsafe in a path. */
export function safeFileName(key: string): string {
  const safe = key.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[.-]+/, "");
  return safe === "" ? "source" : safe;
}

/** `base`, else `base-2`, `base-3`, ...; compared case-insensitively (macOS and Windows file systems). */
export function uniqueName(base: string, used: Set<string>): string {
  let candidate = base;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${base}-${n}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

/** The file names (lowercase, without `.yaml`) already used in `folder`, so a new file never replaces one. */
export function takenNames(folder: string, taken: ReadonlySet<string> | undefined): Set<string> {
  const prefix = `${folder}/`.toLowerCase();
  const names = new Set<string>();
  for (const path of taken ?? []) {
    const lower = path.toLowerCase();
    if (lower.startsWith(prefix) && lower.endsWith(".yaml")) names.add(lower.slice(prefix.length, -".yaml".length));
  }
  return names;
}
