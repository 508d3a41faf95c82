import type { FileSource } from "../../src/desired/types.js";

/** An in-memory FileSource for tests: paths are POSIX, relative to an imaginary root. */
export function memorySource(files: Record<string, string | Buffer>): FileSource {
  const paths = Object.keys(files).sort();
  const under = (dir: string) => (dir === "." || dir === "" ? "" : `${dir.replace(/\/+$/, "")}/`);
  return {
    description: "memory",
    list: async (dir) => paths.filter((p) => p.startsWith(under(dir))),
    read: async (path) => {
      const content = files[path];
      if (content === undefined) throw new Error(`no such file: ${path}`);
      return typeof content === "string" ? Buffer.from(content, "utf8") : content;
    },
    exists: async (path) => path in files || paths.some((p) => p.startsWith(`${path}/`)),
  };
}

/** A valid document; `extra` lines are appended (YAML text, top-level keys). */
export function doc(name: string, extra = "", sourceId = "src_1"): string {
  return `apiVersion: transync/v1\nkind: Transformation\nname: ${name}\nsourceId: ${sourceId}\nenabled: true\nif: event = 'A'\n${extra}`;
}
