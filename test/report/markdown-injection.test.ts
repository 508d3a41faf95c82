import { describe, expect, it } from "vitest";
import MarkdownIt from "markdown-it";
import { renderMarkdown } from "../../src/report/index.js";
import { code, escapeText } from "../../src/escape/markdown-escape.js";
import { escapeControls } from "../../src/escape/text-escape.js";
import { BENIGN, HOSTILE, hostileEvents, hostilePlan } from "./hostile-plan.js";

/** A CommonMark renderer with GitHub's extras that matter here: raw HTML, tables, strikethrough, autolinks. */
const markdown = new MarkdownIt({ html: true, linkify: true });
type Token = ReturnType<typeof markdown.parse>[number];

/** Every token, inline ones included, as `type:tag`: the structure of a document, not its text. */
function structure(text: string): string[] {
  const flat = (tokens: Token[]): string[] => tokens.flatMap((t) => [`${t.type}:${t.tag}`, ...flat(t.children ?? [])]);
  return flat(markdown.parse(text, {}));
}

function tokens(text: string): Token[] {
  const all = (list: Token[]): Token[] => list.flatMap((t) => [t, ...all(t.children ?? [])]);
  return all(markdown.parse(text, {}));
}

function headings(text: string): string[] {
  const list = markdown.parse(text, {});
  return list.flatMap((t, i) => (t.type === "heading_open" ? [list[i + 1]!.content] : []));
}

/** What a reader sees: the rendered HTML without tags, entities decoded. */
function visibleText(text: string): string {
  const entities: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };
  return markdown
    .render(text)
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|[a-z]+);/g, (_m, name: string) =>
      name.startsWith("#") ? String.fromCharCode(Number(name.slice(1))) : (entities[name] ?? `&${name};`),
    );
}

describe("Markdown of hostile names, ids, file names, FQL and values (issue 20, item 1)", () => {
  const hostile = renderMarkdown(hostilePlan(HOSTILE), { events: hostileEvents(HOSTILE) });
  const benign = renderMarkdown(hostilePlan(BENIGN), { events: hostileEvents(BENIGN) });

  it("renders with exactly the structure of the same plan with harmless strings: nothing injected becomes a block, list item, table row, link or HTML", () => {
    expect(structure(hostile)).toEqual(structure(benign));
  });

  it("shows no heading but transync's, one plan heading with the true counts, and no link, image, comment or inline HTML", () => {
    expect(headings(hostile)).toEqual(headings(benign));
    expect(headings(hostile).filter((h) => h.startsWith("transync plan"))).toEqual([
      "transync plan: 1 to create, 1 to update, 1 to delete",
    ]);
    const types = tokens(hostile).map((t) => t.type);
    for (const forbidden of ["link_open", "image", "html_inline", "s_open", "em_open"]) expect(types).not.toContain(forbidden);
    const blocks = tokens(hostile).filter((t) => t.type === "html_block");
    expect(blocks[0]!.content).toBe("<!-- transync-plan env=prod -->\n");
    for (const block of blocks.slice(1)) {
      expect(block.content.trimEnd()).not.toContain("\n");
      expect(block.content.replace(/<\/?(details|summary|code|b)>/g, "")).not.toContain("<");
    }
  });

  it("keeps every action's name and the summary line visible, control characters shown as escapes", () => {
    const seen = visibleText(hostile);
    for (const action of hostilePlan().actions) expect(seen).toContain(`${action.kind} ${escapeControls(action.name)}`);
    expect(seen).toContain("Plan: 1 to create, 1 to update, 1 to delete.");
    expect(seen).toContain("esc \\u001b[2K\\u001b[1A");
    expect(seen).toContain("bidi \\u202aa\\u202bb");
    // eslint-disable-next-line no-control-regex -- what must not reach the reader raw
    expect(seen).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });

  it("the issue's file name, warned about, neither ends the warning list nor hides the delete", () => {
    const plan = hostilePlan(BENIGN);
    const attack = HOSTILE[0]!;
    const md = renderMarkdown({ ...plan, warnings: [{ where: attack, message: "drop: true ignores every other transform" }] });
    const clean = renderMarkdown({ ...plan, warnings: [{ where: "x.yaml", message: "drop: true ignores every other transform" }] });
    expect(structure(md)).toEqual(structure(clean));
    expect(visibleText(md)).toContain("delete name 6");
  });

  it("a narrowed plan's patterns (--target, --exclude) keep the structure, in the full report and in the short one", () => {
    const narrowed = (corpus: readonly string[], plan = hostilePlan(BENIGN)) => ({
      ...plan,
      selection: { target: [...corpus], exclude: [...corpus], leftOut: 2 },
    });
    expect(structure(renderMarkdown(narrowed(HOSTILE)))).toEqual(structure(renderMarkdown(narrowed(BENIGN))));
    const quiet = (corpus: readonly string[]) => renderMarkdown({ ...narrowed(corpus), actions: [], unmanaged: [] });
    expect(structure(quiet(HOSTILE))).toEqual(structure(quiet(BENIGN)));
    expect(visibleText(quiet(BENIGN))).toContain("2 other changes left out by --target/--exclude (--target name 0, ");
  });

  it("renders code spans with a longer fence, never a backslash the reader would see", () => {
    for (const text of ["--refresh full", "a`b", "``x``", "`", "a|b", "a\\b"]) {
      const [paragraph] = markdown.parse(code(text), {}).filter((t) => t.type === "inline");
      expect(paragraph!.children!.map((t) => [t.type, t.content])).toEqual([["code_inline", text]]);
    }
    expect(visibleText(hostile)).not.toContain("\\`");
    expect(markdown.render(hostile)).toContain("<code>--resend-write-only</code>");
  });

  it("plain text keeps its characters: escapes and entities render as what they stand for", () => {
    const text = "a *b* _c_ [d](e) <f> ~~g~~ | `h` \\ www.x.io http://y a@b.c";
    expect(visibleText(escapeText(text)).trim()).toBe(text);
  });
});
