import { shortDescription, type CompletionCommand, type CompletionFlag, type CompletionSpec } from "./spec.js";
import { ENVIRONMENT_NAME_ERE } from "./environment-names.js";

/** Text inside a zsh single-quoted word, without the characters `_arguments` and `_describe` read. */
const plain = (text: string): string =>
  shortDescription(text)
    .replace(/[[\]:'\\]/g, " ")
    .trim();

/** One `_arguments` spec per flag name: `--format[output format]:value:(text json)`. */
function argSpecs(flags: readonly CompletionFlag[]): string[] {
  return flags.flatMap((f) =>
    [f.long, ...(f.short ? [f.short] : [])].map((name) => {
      const action = f.environments ? environmentsFunction : f.choices ? `(${f.choices.join(" ")})` : "_files";
      const value = f.takesValue ? `:value:${action}` : "";
      return `'${name}[${plain(f.description)}]${value}'`;
    }),
  );
}

const environmentsFunction = "__transync_environments";

/**
 * The environment names the program prints (`completion zsh --list-environments`: it reads
 * ./transync.yaml, runs nothing of it), each tested against the schema's pattern and given to
 * `compadd` as a literal word: nothing of a hostile name is evaluated.
 */
function environmentsScript(program: string): string {
  return `${environmentsFunction}() {
  local -a names
  local name
  for name in "\${(@f)$(command ${program} completion zsh --list-environments 2>/dev/null)}"; do
    [[ "$name" =~ '${ENVIRONMENT_NAME_ERE}' ]] && names+=("$name")
  done
  compadd -a names
}`;
}

/** `completion <shell>`: the first positional's fixed values. */
const argumentSpec = (c: CompletionCommand): string[] => (c.argumentChoices ? [`'1:value:(${c.argumentChoices.join(" ")})'`] : []);

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
    (c) => `    ${c.name}) _arguments -s ${[...argSpecs(c.flags), ...argSpecs(globals(c.flags)), ...argumentSpec(c)].join(" ")} ;;`,
  );
  return `#compdef ${spec.program}
# ${spec.program} completion for zsh: source <(${spec.program} completion zsh), or save it as _${spec.program} in $fpath
${environmentsScript(spec.program)}
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
