import { shortDescription, type CompletionFlag, type CompletionSpec } from "./spec.js";

/** A fish single-quoted word. */
const quoted = (text: string): string => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

function flagLine(program: string, condition: string, f: CompletionFlag): string {
  const names = `-l ${f.long.replace(/^--/, "")}${f.short ? ` -s ${f.short.replace(/^-/, "")}` : ""}`;
  const value = f.takesValue ? (f.choices ? ` -x -a ${quoted(f.choices.join(" "))}` : " -r -F") : "";
  return `complete -c ${program}${condition} ${names} -d ${quoted(shortDescription(f.description))}${value}`;
}

/** fish completions: the commands before any, then each command's flags once it is given. */
export function fishScript(spec: CompletionSpec): string {
  const p = spec.program;
  const lines = [
    `# ${p} completion for fish: ${p} completion fish > ~/.config/fish/completions/${p}.fish`,
    `complete -c ${p} -f`,
    ...spec.commands.map((c) => `complete -c ${p} -n __fish_use_subcommand -a ${c.name} -d ${quoted(shortDescription(c.description))}`),
    ...spec.globalFlags.map((f) => flagLine(p, "", f)),
    ...spec.commands.flatMap((c) => c.flags.map((f) => flagLine(p, ` -n ${quoted(`__fish_seen_subcommand_from ${c.name}`)}`, f))),
  ];
  return `${lines.join("\n")}\n`;
}
