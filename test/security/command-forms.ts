import fc from "fast-check";

/**
 * Strings that hold a GitHub workflow command in both forms the runner reads
 * (test/helpers/runner-command-parser.ts): `::name::data` at a line's start (after a line break the
 * runner splits at, or one it does not: NEL, U+2028) and `##[name]data` anywhere in a line.
 */
const LINE_BREAKS = ["\n", "\r", "\r\n", "\u0085", "\u2028", "\n  ", "\r\u00a0"];
const COLON_COMMANDS = [
  "::error::forged",
  "::add-mask::m",
  "::stop-commands::tok",
  "::warning file=a,line=1::w",
  "::ERROR::upper",
  "::group::g",
];
const BRACKET_COMMANDS = ["##[add-mask]x", "##[error]forged", " ##[group]g ", "##[ADD-MASK]y", "##[endgroup]", "##[warning title=t]w"];
/** Pieces that make a command only with their neighbours. */
const PARTS = ["#", "##", "[", ":", "::", "]", "%0A", " name", "é", "-"];

const piece = fc.oneof(
  fc.tuple(fc.constantFrom(...LINE_BREAKS), fc.constantFrom(...COLON_COMMANDS)).map(([lineBreak, command]) => lineBreak + command),
  fc.constantFrom(...BRACKET_COMMANDS),
  fc.constantFrom(...PARTS),
);

/** A name that starts with a command (it may be printed at a line's start) and holds more. */
export const commandText: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...COLON_COMMANDS, ...BRACKET_COMMANDS), fc.array(piece, { minLength: 1, maxLength: 5 }))
  .map(([first, rest]) => capped(first + rest.join("")));

/** Every place a name of someone else's reaches transync's output. */
export interface HostileNames {
  file: string;
  document: string;
  testCase: string;
  live: string;
  slug: string;
  event: string;
  apiError: string;
}

export const hostileNames: fc.Arbitrary<HostileNames> = fc.record({
  file: commandText,
  document: commandText,
  testCase: commandText,
  live: commandText,
  slug: commandText,
  event: commandText,
  apiError: commandText,
});

/** At most 180 characters: the API takes names up to 255, and the tests add to some. */
const capped = (text: string): string => text.slice(0, 180);

/** One example holding every form, tried first whatever the random ones are: each field starts the list at another line break. */
const every = (lead: string, shift: number): string => {
  const colon = LINE_BREAKS.map(
    (_, i) => LINE_BREAKS[(i + shift) % LINE_BREAKS.length]! + COLON_COMMANDS[(i + shift) % COLON_COMMANDS.length]!,
  );
  const bracket = BRACKET_COMMANDS.map((_, i) => BRACKET_COMMANDS[(i + shift) % BRACKET_COMMANDS.length]!);
  return capped(`${lead}${colon[0]} mid ${bracket.join(" mid ")}${colon.slice(1).join("")}`);
};
export const EVERY_FORM: HostileNames = {
  file: every("##[error]file", 0),
  document: every("::error::document", 1),
  testCase: every("::add-mask::case", 2),
  live: every("##[add-mask]live", 3),
  slug: every("::warning::slug", 4),
  event: every("##[group]event", 5),
  apiError: every("::error::api", 6),
};

/** A name as a file system takes it: no `/`, at most 200 bytes. */
export function fileNameOf(text: string): string {
  let name = text.replace(/\//g, "_");
  while (Buffer.byteLength(name) > 200) name = name.slice(0, -1);
  return name;
}
