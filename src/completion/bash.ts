/**
 * Room src/completion/: the bash, zsh and fish completion scripts, made from a CompletionSpec
 * (spec.ts) that src/cli/completion.ts reads off commander.
 * May import: nothing outside this folder (text from a spec).
 */
import type { CompletionFlag, CompletionSpec } from "./spec.js";
import { ENVIRONMENT_NAME_ERE } from "./environment-names.js";

const words = (flags: readonly CompletionFlag[]): string => flags.flatMap((f) => [f.long, ...(f.short ? [f.short] : [])]).join(" ");

/** `case` arms completing the value of each flag: its choices, else file names. */
function valueArms(prefix: string, flags: readonly CompletionFlag[]): string[] {
  return flags
    .filter((f) => f.takesValue)
    .map((f) => {
      // Flag names are [-a-z] only: safe unquoted, and `*:` must stay a pattern.
      const names = [f.long, ...(f.short ? [f.short] : [])].map((n) => `${prefix}${n}`).join("|");
      if (f.environments) return `    ${names}) COMPREPLY=(); ${environmentsFunction}; return ;;`;
      const reply = f.choices ? `compgen -W "${f.choices.join(" ")}" -- "$cur"` : `compgen -f -- "$cur"`;
      return `    ${names}) COMPREPLY=($(${reply})); return ;;`;
    });
}

const environmentsFunction = "__transync_environments";

/**
 * Adds to COMPREPLY the environment names the program prints (`completion bash --list-environments`,
 * which reads ./transync.yaml and runs nothing of it). Each line is tested against the schema's
 * pattern and compared as a literal prefix, never passed to `compgen -W` (which expands its words:
 * a name `$(touch x)` would run), so a hostile file cannot run a command or break the shell.
 */
function environmentsScript(program: string): string {
  return `${environmentsFunction}() {
  local name pattern='${ENVIRONMENT_NAME_ERE}'
  while IFS= read -r name; do
    [[ "$name" =~ $pattern && "$name" == "$cur"* ]] && COMPREPLY+=("$name")
  done < <(command ${program} completion bash --list-environments 2>/dev/null)
}`;
}

/**
 * A bash completion function, `_transync`: the command word is the first word that names a command;
 * after a flag that takes a value, its choices (else file names); otherwise the command's flags and
 * the global ones, or the commands.
 */
export function bashScript(spec: CompletionSpec): string {
  const fn = `_${spec.program}`;
  const commands = spec.commands.map((c) => c.name).join(" ");
  // A command's flags, then the global ones it does not have itself (both have --help).
  const withGlobals = (flags: readonly CompletionFlag[]): CompletionFlag[] => [
    ...flags,
    ...spec.globalFlags.filter((g) => !flags.some((f) => f.long === g.long)),
  ];
  // Choice words are the program's own (shell names): safe inside double quotes.
  const args = (c: (typeof spec.commands)[number]): string => (c.argumentChoices ? ` args="${c.argumentChoices.join(" ")}"` : "");
  const flagArms = spec.commands.map((c) => `    ${c.name}) flags="${words(withGlobals(c.flags))}"${args(c)} ;;`);
  return `# ${spec.program} completion for bash: source <(${spec.program} completion bash)
${environmentsScript(spec.program)}
${fn}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" cmd="" flags="${words(spec.globalFlags)}" args="" i
  (( COMP_CWORD > 0 )) && prev="\${COMP_WORDS[COMP_CWORD-1]}"
  for (( i = 1; i < COMP_CWORD; i++ )); do
    case " ${commands} " in *" \${COMP_WORDS[i]} "*) cmd="\${COMP_WORDS[i]}"; break ;; esac
  done
  case "$cmd:$prev" in
${[...spec.commands.flatMap((c) => valueArms(`${c.name}:`, c.flags)), ...valueArms("*:", spec.globalFlags)].join("\n")}
  esac
  case "$cmd" in
${flagArms.join("\n")}
  esac
  if [[ -z "$cmd" && "$cur" != -* ]]; then
    COMPREPLY=($(compgen -W "${commands}" -- "$cur"))
  elif [[ -n "$args" && "$cur" != -* ]]; then
    COMPREPLY=($(compgen -W "$args" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "$flags" -- "$cur"))
  fi
}
complete -o default -F ${fn} ${spec.program}
`;
}
