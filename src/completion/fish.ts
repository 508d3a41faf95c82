import { shortDescription, type CompletionCommand, type CompletionFlag, type CompletionSpec } from "./spec.js";
import { ENVIRONMENT_NAME_ERE } from "./environment-names.js";

/** A fish single-quoted word. */
const quoted = (text: string): string => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

function flagLine(program: string, condition: string, f: CompletionFlag): string {
  const names = `-l ${f.long.replace(/^--/, "")}${f.short ? ` -s ${f.short.replace(/^-/, "")}` : ""}`;
  const values = f.environments ? `(${environmentsFunction})` : f.choices?.join(" ");
  const value = f.takesValue ? (values !== undefined ? ` -x -a ${quoted(values)}` : " -r -F") : "";
  return `complete -c ${program}${condition} ${names} -d ${quoted(shortDescription(f.description))}${value}`;
}

const environmentsFunction = "__transync_environments";

/**
 * The environment names the program prints (`completion fish --list-environments`: it reads
 * ./transync.yaml, runs nothing of it), only the lines that match the schema's pattern; fish takes
 * a command substitution's lines as literal candidates.
 */
function environmentsScript(program: string): string[] {
  return [
    `function ${environmentsFunction}`,
    `    command ${program} completion fish --list-environments 2>/dev/null | string match -r -- ${quoted(ENVIRONMENT_NAME_ERE)}`,
    "end",
  ];
}

/** `completion <shell>`: the first positional's fixed values, once the command is given. */
const argumentLines = (p: string, c: CompletionCommand): string[] =>
  c.argumentChoices
    ? [`complete -c ${p} -n ${quoted(`__fish_seen_subcommand_from ${c.name}`)} -a ${quoted(c.argumentChoices.join(" "))}`]
    : [];

/** fish completions: the commands before any, then each command's flags once it is given. */
export function fishScript(spec: CompletionSpec): string {
  const p = spec.program;
  const lines = [
    `# ${p} completion for fish: ${p} completion fish > ~/.config/fish/completions/${p}.fish`,
    `complete -c ${p} -f`,
    ...environmentsScript(p),
    ...spec.commands.map((c) => `complete -c ${p} -n __fish_use_subcommand -a ${c.name} -d ${quoted(shortDescription(c.description))}`),
    ...spec.globalFlags.map((f) => flagLine(p, "", f)),
    ...spec.commands.flatMap((c) => c.flags.map((f) => flagLine(p, ` -n ${quoted(`__fish_seen_subcommand_from ${c.name}`)}`, f))),
    ...spec.commands.flatMap((c) => argumentLines(p, c)),
  ];
  return `${lines.join("\n")}\n`;
}
