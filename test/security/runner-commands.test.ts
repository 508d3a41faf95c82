import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { runCli } from "../helpers/run-cli.js";
import { TEST_TOKEN } from "../helpers/emulator.js";
import { doc } from "../helpers/project.js";
import { everyBracketCommand, runnerCommands, type RunnerCommand } from "../helpers/runner-command-parser.js";
import { EVERY_FORM, fileNameOf, hostileNames } from "./command-forms.js";
import { actionRun, actionRuns, emulatorOf, everyCommand, projectOf, type Written } from "./every-command-run.js";

/**
 * Issue 33, finding 1: no string of someone else's makes a workflow command in the CI log. Every
 * command and format (and the GitHub Action's entry) runs on names that hold `::` commands at line
 * starts and `##[` commands anywhere, with CR, NEL and U+2028; what each writes to stdout and stderr
 * is read with a port of the runner's parser (test/helpers/runner-command-parser.ts). The only
 * commands found are transync's own annotations, as many as its JSON output has findings.
 */

/** Whether a JSON log line is still JSON after the fence. */
function parses(json: string): boolean {
  try {
    JSON.parse(json);
    return true;
  } catch {
    return false;
  }
}

/**
 * What the runner would do with each stream that transync did not mean: a command it did not write
 * (any `##[` form, any name but an annotation's, more annotations than its JSON counts), and,
 * stricter than the runner, a `##[` command behind another on its line. Empty when all is well.
 */
function unmeantCommands(written: Written[]): string[] {
  return written.flatMap(({ what, text, own }) => {
    const commands = runnerCommands(text);
    const annotations = commands.filter((c) => c.form === "::" && ["error", "warning", "notice"].includes(c.command));
    const show = (c: RunnerCommand): string => `${what}: ${c.form}${c.command} in ${JSON.stringify(c.line.slice(0, 100))}`;
    return [
      ...commands.filter((c) => !annotations.includes(c)).map(show),
      ...(annotations.length === own
        ? []
        : [`${what}: ${annotations.length} annotations, ${own} meant: ${annotations.map(show).join("; ")}`]),
      ...everyBracketCommand(text).map((c) => `(stricter) ${show(c)}`),
      // A JSON log line is still JSON after the fence.
      ...text
        .split("\n")
        .flatMap((line) => (line.startsWith('{"') && !parses(line) ? [`${what}: a log line is no JSON: ${line.slice(0, 100)}`] : [])),
    ];
  });
}

describe("no workflow command from any string but transync's own (the runner's parser, ported)", () => {
  it(
    "every command, format and the Action's entry, on names holding `::` at line starts and `##[` anywhere",
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(hostileNames, async (names) => {
          const emulator = await emulatorOf(names);
          const project = projectOf(names);
          try {
            const validated = JSON.parse((await runCli(["validate", "--format", "json"], { cwd: project.dir })).stdout) as {
              diagnostics: unknown[];
            };
            // The Action's plan runs before the CLI's applies change the workspace; its apply after, on a change of its own.
            const action = await actionRuns(names, project, emulator, { validate: validated.diagnostics.length });
            const cli = await everyCommand(names, project, emulator);
            project.write(`transformations/${fileNameOf(names.file)}.yaml`, doc(`${names.document} applied by the Action`, "web"));
            const env = { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url };
            const applied = await actionRun("apply", { command: "apply", environment: "staging", args: "--prune" }, project, env, 0);
            expect(unmeantCommands([...action, ...cli, ...applied])).toEqual([]);
          } finally {
            await emulator.close();
            project.cleanup();
          }
        }),
        { numRuns: 2, examples: [[EVERY_FORM]], endOnFailure: true },
      );
    },
  );
});
