import { describe, expect, it } from "vitest";
import { MAX_ROWS, NearNames, boundedDistance, nameKey, nearest, sameName } from "../../src/desired/name-match.js";
import { indexCatalog, indexSources, resolveDestinationText, resolveSourceText } from "../../src/desired/resolve-refs.js";

/** The plain optimal-string-alignment distance (a swap of neighbours is one edit), the reference for the bounded one. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

/** A deterministic stream of numbers in [0, 1) (mulberry32: a test must not depend on Math.random's luck). */
function numbers(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** `count` distinct random slugs of 6 to 17 characters (the worst case of the search: they share few prefixes), made once. */
function slugs(count: number): string[] {
  if (!made.has(count)) made.set(count, makeSlugs(count));
  return made.get(count)!;
}
const made = new Map<number, string[]>();

function makeSlugs(count: number): string[] {
  const next = numbers(7);
  const out = new Set<string>();
  while (out.size < count) {
    const word = Array.from(
      { length: 6 + Math.floor(next() * 12) },
      () => "abcdefghijklmnopqrstuvwxyz0123456789-"[Math.floor(next() * 37)],
    ).join("");
    out.add(word);
  }
  return [...out];
}

describe("issue 33, finding 3: a name whose normal form is empty names nothing and matches nothing", () => {
  it.each(["---", "—", "", " ", "!!", "·"])("%j has no normal form", (name) => {
    expect(nameKey(name)).toBeUndefined();
  });

  it("letters of every script are kept, so `ö` and `日本` do not collapse to the empty name", () => {
    expect(nameKey("Amplitude Classic")).toBe("amplitude-classic");
    expect(nameKey("日本")).toBe("日本");
    expect(nameKey("Ö")).toBe("ö");
    expect(sameName("ö", "ブレイズ")).toBe(false);
    expect(sameName("---", "—")).toBe(false);
    expect(sameName("日本", "ブレイズ")).toBe(false);
    expect(sameName("amplitude-classic", "Amplitude  Classic")).toBe(true);
  });

  it("a destination slug resolves by a previous name only when that name names something", () => {
    const catalog = indexCatalog([
      { id: "meta_braze", slug: "braze", name: "Braze", previousNames: ["ブレイズ", "—", ""] },
      { id: "meta_amp", slug: "amplitude", name: "Amplitude", previousNames: ["Amplitude Classic"] },
    ]);
    for (const slug of ["ö", "---", "日本", "-"]) expect(resolveDestinationText(`slug:${slug}`, catalog).ok).toBe(false);
    expect(resolveDestinationText("slug:ブレイズ", catalog)).toMatchObject({ ok: true, id: "meta_braze" });
    expect(resolveDestinationText("slug:amplitude-classic", catalog)).toMatchObject({ ok: true, id: "meta_amp" });
  });
});

describe("issue 33, finding 7: did-you-mean is bounded", () => {
  it("the bounded distance is the plain one, or max + 1 once it is over max", () => {
    const next = numbers(3);
    const word = () => Array.from({ length: Math.floor(next() * 9) }, () => "abcd"[Math.floor(next() * 4)]).join("");
    for (let n = 0; n < 2_000; n++) {
      const [a, b, max] = [word(), word(), Math.floor(next() * 4)];
      expect([a, b, max, boundedDistance(a, b, max)]).toEqual([a, b, max, Math.min(osa(a, b), max + 1)]);
    }
  });

  it("200 unknown slugs against 100,000 sources: at most MAX_ROWS rows each, and each typo (two letters swapped) finds its slug", () => {
    const known = slugs(100_000);
    const names = new NearNames(known);
    const typos = known.slice(0, 200).map((slug) => `${slug.slice(0, 2)}${slug[3]}${slug[2]}${slug.slice(4)}`);
    const answers = typos.map((typo) => {
      const before = names.rows;
      const near = names.near(typo);
      expect(names.rows - before).toBeLessThanOrEqual(MAX_ROWS);
      return near;
    });
    const isKnown = new Set(known);
    expect(typos.filter((typo, i) => !isKnown.has(typo) && !answers[i]!.includes(known[i]!))).toEqual([]);
  });

  it("a word far from all of 100,000 random slugs (the trie shares little): the search stops at MAX_ROWS rows", () => {
    const names = new NearNames(slugs(100_000));
    for (const word of ["qqqqqqqqqqqq", "unknown-slug-1", "zz-zz-zz-zz"]) {
      const before = names.rows;
      expect(names.near(word)).toEqual([]);
      expect(names.rows - before).toBe(MAX_ROWS);
    }
  });

  it("through the source index: the list is indexed once, and an unknown slug's search makes at most MAX_ROWS distances", () => {
    const sources = indexSources(slugs(100_000).map((slug, i) => ({ id: `src_${i}`, slug, name: slug })));
    for (let i = 0; i < 20; i++) {
      const before = sources.slugNames().rows;
      expect(resolveSourceText(`slug:unknown-${i}`, sources).ok).toBe(false);
      expect(sources.slugNames().rows - before).toBeLessThanOrEqual(MAX_ROWS);
    }
  });
});

describe("issue 33, finding 10: the suggestion is the candidate the typo was made from", () => {
  it("a swap of two neighbours is one edit, and only the nearest candidates are offered (the same length first)", () => {
    expect(nearest("wbe", ["web", "we", "ios", "wbex"])).toEqual(["web", "wbex", "we"]);
    expect(nearest("iso", ["io", "ios", "web"])).toEqual(["ios", "io"]);
    expect(nearest("andriod-app", ["android-app", "ios-app"])).toEqual(["android-app"]);
    expect(nearest("mixpanl", ["mixpanel", "amplitude"])).toEqual(["mixpanel"]);
    expect(nearest("Web", ["web", "wbe"])).toEqual(["web"]);
  });

  it("offers nothing for a word with no candidate within a third of its length", () => {
    expect(nearest("ö", ["io", "web"])).toEqual([]);
    expect(nearest("zzzzzz", ["web", "ios", "android"])).toEqual([]);
  });
});
