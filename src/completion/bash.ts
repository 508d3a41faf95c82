/**
 * Room src/completion/: the bash, zsh and fish completion scripts, made from a CompletionSpec
 * (spec.ts) that src/cli/completion.ts reads off commander.
 * May import: nothing outside this folder (text from a spec).
 */
import type { CompletionFlag, CompletionSpec } from "./spec.js";

const words = (flags: readonly CompletionFlag[]): string => flags.flatMap((f) => [f.long, ...(f.short ? [f.short] : [])]).join(" ");

/** `case` arms completing the value of each flag: its choices, else file names. */
function valueArms(prefix: string, flags: readonly CompletionFlag[]): string[] {
  return flags
    .filter((f) => f.takesValue)
    .map((f) => {
      // Flag names are [-a-z] only: safe unquoted, and `*:` must stay a pattern.
      const names = [f.long, ...(f.short ? [f.short] : [])].map((n) => `${prefix}${n}`).join("|");
      const reply = f.choices ? `compgen -W "${f.choices.join(" ")}" -- "$cur"` : `compgen -f -- "$cur"`;
      return `    ${names}) COMPREPLY=($(${reply})); return ;;`;
    });
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
  const flagArms = spec.commands.map((c) => `    ${c.name}) flags="${words(withGlobals(c.flags))}" ;;`);
  return `# ${spec.program} completion for bash: source <(${spec.program} completion bash)
${fn}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" cmd="" flags="${words(spec.globalFlags)}" i
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
  else
    COMPREPLY=($(compgen -W "$flags" -- "$cur"))
  fi
}
complete -o default -F ${fn} ${spec.program}
`;
}
