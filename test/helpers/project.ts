import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** A throw-away project folder: `transync.yaml` (optional) and documents under `transformations/`. */
export interface TempProject {
  dir: string;
  write(path: string, content: string): void;
  remove(path: string): void;
  cleanup(): void;
}

export function tempProject(files: Record<string, string> = {}): TempProject {
  const dir = mkdtempSync(join(tmpdir(), "transync-project-"));
  const project: TempProject = {
    dir,
    write(path, content) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    },
    remove(path) {
      rmSync(join(dir, path), { force: true, recursive: true });
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
  for (const [path, content] of Object.entries(files)) project.write(path, content);
  return project;
}

/** One YAML document of a transformation; `fields` are extra YAML lines (already indented at 0). */
export function doc(name: string, sourceId: string, fields: Record<string, unknown> = {}): string {
  const body = {
    apiVersion: "transync/v1",
    kind: "Transformation",
    name,
    sourceId,
    enabled: true,
    if: "event = 'Order Completed'",
    ...fields,
  };
  return `${JSON.stringify(body)}\n`;
}

/**
 * One transformation written as block YAML, as a person writes it: `sourceId` as given (a flow map
 * such as `{ slug: web }` stays YAML), `if: event = 'A'`, then the `extra` lines as they are.
 */
export function blockDoc(name: string, sourceId: string, extra: string[] = []): string {
  const lines = [
    "apiVersion: transync/v1",
    "kind: Transformation",
    `name: ${name}`,
    `sourceId: ${sourceId}`,
    "enabled: true",
    "if: event = 'A'",
  ];
  return `${[...lines, ...extra].join("\n")}\n`;
}

export function docs(...documents: string[]): string {
  return documents.join("---\n");
}
