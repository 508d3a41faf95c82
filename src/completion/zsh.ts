import { shortDescription, type CompletionFlag, type CompletionSpec } from "./spec.js";

/** Text inside a zsh single-quoted word, without the characters `_arguments` and `_describe` read. */
const plain = (text: string): string =>
  shortDescription(text)
    .replace(/[[\]:'\\]/g, " ")
    .trim();

/** One `_arguments` spec per flag name: `--format[output format]:value:(text json)`. */
function argSpecs(flags: readonly CompletionFlag[]): string[] {
  return flags.flatMap((f) =>
    [f.long, ...(f.short ? [f.short] : [])].map((name) => {
      const value = f.takesValue ? `:value:${f.choices ? `(${f.choices.join(" ")})` : "_files"}` : "";
      return `'${name}[${plain(f.description)}]${value}'`;
    }),
  );
}

/**
 * A zsh completion function: the commands with their descriptions at the first word, then the
 * command's flags (and the global ones) through `_arguments`. It works from `fpath` (`#compdef`) and
 * when sourced (`source <(transync completion zsh)`, after `compinit`).
 */
export function zshScript(spec: CompletionSpec): string {
  const fn = `_${spec.program}`;
  const commands = spec.commands.map((c) => `    '${c.name}:${plain(c.description)}'`);
  const globals = (flags: readonly CompletionFlag[]): CompletionFlag[] =>
    spec.globalFlags.filter((g) => !flags.some((f) => f.long === g.long));
  const arms = spec.commands.map(
    (c) => `    ${c.name}) _arguments -s ${[...argSpecs(c.flags), ...argSpecs(globals(c.flags))].join(" ")} ;;`,
  );
  return `#compdef ${spec.program}
# ${spec.program} completion for zsh: source <(${spec.program} completion zsh), or save it as _${spec.program} in $fpath
${fn}() {
  local -a commands
  commands=(
${commands.join("\n")}
  )
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  local cmd="\${words[2]}"
  shift words
  (( CURRENT-- ))
  case "$cmd" in
${arms.join("\n")}
  esac
}
if [[ "\${funcstack[1]}" == "${fn}" ]]; then
  ${fn} "$@"
else
  compdef ${fn} ${spec.program}
fi
`;
}
