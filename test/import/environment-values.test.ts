import { describe, expect, it } from "vitest";
import type { Transformation } from "../../src/model/transformation.js";
import { excludedFrom, includedIn, overridesFor, type EnvironmentView } from "../../src/import/environment-values.js";
import { editKeys } from "../../src/import/edit-keys.js";
import { renderedField } from "../../src/import/render-import.js";

/** What import --env E writes of E into a document that exists (issue 34), on plain data. */
const view: EnvironmentView = {
  env: "prod",
  environments: ["staging", "qa", "prod"],
  sourceIdOf: (ref) => (ref === "web" ? "src_prd_web" : undefined),
  destinationIdOf: (ref) => (typeof ref === "string" ? ref : undefined),
  rendered: (live, field) => renderedField(live, field, { aliases: { src_prd_web: "web" } }),
};
const live = (extra: Partial<Transformation> = {}): Transformation =>
  ({ id: "tfm_prd", name: "A", sourceId: "src_prd_web", enabled: true, if: "event = 'A'", ...extra }) as Transformation;
const doc = (extra: Record<string, unknown> = {}) => ({ name: "A", sourceId: "web", enabled: true, if: "event = 'A'", ...extra });

describe("overridesFor: E's values as overrides, the base never touched", () => {
  it("nothing when E's effective document already matches, a set in another order included", () => {
    expect(overridesFor(doc({ allowProperties: ["b", "a"] }), live({ allowProperties: ["a", "b"] }), view)).toBeUndefined();
  });

  it("each differing field, an unset one as null or []", () => {
    const written = overridesFor(doc({ newEventName: "X", allowProperties: ["a"] }), live({ enabled: false }), view);
    expect(written).toEqual({ overrides: { prod: { enabled: false, newEventName: null, allowProperties: [] } } });
  });

  it("an override no longer needed is removed, one that agrees is kept, other environments' are left alone", () => {
    const overrides = { prod: { enabled: false, if: "event = 'A'" }, staging: { enabled: false } };
    expect(overridesFor(doc({ overrides }), live(), view)).toEqual({
      overrides: { prod: { if: "event = 'A'" }, staging: { enabled: false } },
    });
    expect(overridesFor(doc({ overrides: { prod: { enabled: false } } }), live(), view)).toEqual({ overrides: undefined });
  });
});

describe("only / except", () => {
  it("a document left out of E whose object E has gets E back, in transync.yaml's order", () => {
    expect(includedIn(doc({ only: ["staging"] }), view)).toEqual({ only: ["staging", "prod"] });
    expect(includedIn(doc({ except: ["prod"] }), view)).toEqual({ except: undefined });
    expect(includedIn(doc({ except: ["qa", "prod"] }), view)).toEqual({ except: ["qa"] });
    expect(includedIn(doc(), view)).toBeUndefined();
  });

  it("a pinned document whose object E lacks leaves E; a hand-written one is left alone", () => {
    expect(excludedFrom(doc({ id: { staging: "s", qa: "q" } }), view)).toEqual({ only: ["staging", "qa"] });
    expect(excludedFrom(doc({ id: { prod: "gone" } }), view)).toEqual({ except: ["prod"] });
    expect(excludedFrom(doc({ id: { staging: "s" }, only: ["staging", "prod"] }), view)).toEqual({ only: ["staging"] });
    expect(excludedFrom(doc({ id: { staging: "s" }, except: ["qa"] }), view)).toEqual({ except: ["qa", "prod"] });
    expect(excludedFrom(doc(), view)).toBeUndefined();
    expect(excludedFrom(doc({ id: { staging: "s" }, only: ["staging"] }), view)).toBeUndefined();
  });
});

describe("editKeys: the keys written in place, every other line kept", () => {
  const text = [
    "# mine",
    "apiVersion: transync/v1",
    "name: A # the name",
    "protect: true",
    "only: [staging]",
    "enabled: true",
    "---",
    "name: B",
    "",
  ].join("\n");

  it("replaces a key where it is and appends a new one after the document's last key", () => {
    const edited = editKeys("a.yaml", text, [
      { document: 0, keys: { only: ["staging", "prod"], overrides: { prod: { enabled: false } } } },
    ]);
    expect(edited).toBe(
      [
        "# mine",
        "apiVersion: transync/v1",
        "name: A # the name",
        "protect: true",
        "only: [ staging, prod ]",
        "enabled: true",
        "overrides:",
        "  prod: { enabled: false }",
        "---",
        "name: B",
        "",
      ].join("\n"),
    );
    expect(editKeys("a.yaml", edited, [{ document: 0, keys: { only: undefined, overrides: undefined } }])).toBe(
      text.replace("only: [staging]\n", ""),
    );
  });

  it("a file of CRLF lines gets CRLF lines, also a key appended to a last line without a line break", () => {
    const crlf = text.split("\n").join("\r\n");
    const edited = editKeys("a.yaml", crlf, [{ document: 0, keys: { overrides: { prod: { enabled: false } } } }]);
    expect(edited).toBe(crlf.replace("enabled: true\r\n", "enabled: true\r\noverrides:\r\n  prod: { enabled: false }\r\n"));
    const unended = "name: A\r\nenabled: true";
    expect(editKeys("a.yaml", unended, [{ document: 0, keys: { only: ["prod"] } }])).toBe(`${unended}\r\nonly: [ prod ]\r\n`);
  });

  it("a hostile value cannot change the file's meaning: it is quoted, and read back before it is returned", () => {
    const edited = editKeys("a.yaml", text, [{ document: 1, keys: { overrides: { prod: { newEventName: "x\n---\nname: C" } } } }]);
    expect(edited.split("\n---\n")).toHaveLength(2);
  });
});
