/** One GitHub workflow command as the runner reads it: `::level key=value,...::message`, unescaped. */
export interface ParsedAnnotation {
  level: string;
  properties: Record<string, string>;
  message: string;
}

const UNESCAPE: Record<string, string> = { "%25": "%", "%0D": "\r", "%0A": "\n", "%3A": ":", "%2C": "," };
const unescape = (text: string): string => text.replace(/%(25|0D|0A|3A|2C)/g, (code) => UNESCAPE[code]!);

/**
 * Every line of `text` that starts a workflow command, parsed as GitHub's runner does: the command
 * name, then properties up to the first `::`, then the message.
 * https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands
 */
export function parseAnnotations(text: string): ParsedAnnotation[] {
  const found: ParsedAnnotation[] = [];
  for (const line of text.split(/[\n\r]/)) {
    const match = /^\s*::([a-z-]+)(?: ([^:]*))?::(.*)$/.exec(line);
    if (!match) {
      if (/^\s*(::|##\[)/.test(line)) throw new Error(`a malformed workflow command: ${line}`);
      continue;
    }
    const properties: Record<string, string> = {};
    for (const pair of match[2] ? match[2].split(",") : []) {
      const eq = pair.indexOf("=");
      properties[pair.slice(0, eq)] = unescape(pair.slice(eq + 1));
    }
    found.push({ level: match[1]!, properties, message: unescape(match[3]!) });
  }
  return found;
}
