import { relative } from "node:path";
import type { CliContext, ExitCode } from "../pipeline/context.js";
import { staleProjectSchemas, writeProjectSchemas } from "../import/project-schemas.js";
import { PROJECT_SCHEMAS_FOLDER } from "../import/schema-ref.js";
import { escapeControls } from "../escape/text-escape.js";
import { transyncVersion } from "../version.js";

export interface SchemasOptions {
  /** Rewrite `.transync/schemas/` from this version of transync (else only check it). */
  write?: boolean;
}

/**
 * `transync schemas`: the copies in `.transync/schemas/` that the `$schema` lines of init and import
 * name. Without --write, checks them against this version (exit 1 naming each missing or different
 * file, for CI after an upgrade); with --write, rewrites them (idempotent).
 */
export async function schemas(ctx: CliContext, options: SchemasOptions): Promise<ExitCode> {
  const version = transyncVersion();
  if (options.write) {
    const written = await writeProjectSchemas(ctx.cwd, version);
    ctx.stdout.write(`Wrote ${written.length} schemas of transync ${version} into ${PROJECT_SCHEMAS_FOLDER}:\n`);
    for (const file of written) ctx.stdout.write(`  ${escapeControls(relative(ctx.cwd, file))}\n`);
    return 0;
  }
  const stale = staleProjectSchemas(ctx.cwd, version);
  if (stale.length === 0) {
    ctx.stdout.write(`${PROJECT_SCHEMAS_FOLDER} holds the schemas of transync ${version}.\n`);
    return 0;
  }
  ctx.stderr.write(
    `${PROJECT_SCHEMAS_FOLDER} is not the schemas of transync ${version}; missing or different: ${stale.join(", ")}. Run \`transync schemas --write\`.\n`,
  );
  return 1;
}
