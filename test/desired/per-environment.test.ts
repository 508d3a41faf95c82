import { describe, expect, it } from "vitest";
import { checkFileText, type DocumentContext } from "../../src/desired/check-file.js";
import { checkUnique } from "../../src/desired/unique-keys.js";
import { effectiveDocument, existsIn } from "../../src/desired/per-environment.js";
import type { Diagnostic } from "../../src/desired/types.js";

/** Per-environment values of a document (issue 34): overrides, only, except. */
const config: DocumentContext["config"] = {
  dir: "transformations",
  environments: { staging: { sources: { web: "src_stg" } }, prod: { sources: { web: "src_prd" } } },
  destinations: {},
  prune: false,
};
const inEnv = (env: string | undefined, extra: Partial<DocumentContext> = {}): DocumentContext => ({
  config,
  env,
  envFailed: false,
  ...extra,
});

const doc = (...lines: string[]): string =>
  [
    "apiVersion: transync/v1",
    "kind: Transformation",
    "name: Amplitude product fields",
    "sourceId: web",
    "enabled: true",
    "if: event = 'Product Viewed'",
    "allowProperties: [product_id, price]",
    ...lines,
  ].join("\n") + "\n";

const errorsOf = (text: string, context: DocumentContext): string[] =>
  checkFileText("a.yaml", text, context).diagnostics.map((d) => `${d.line}:${d.col} ${d.path}: ${d.message}`);

describe("the effective document of an environment", () => {
  it("is the base with the environment's override replacing whole fields, without the per-environment keys", () => {
    const base = { name: "N", allowProperties: ["a", "b"], overrides: { prod: { allowProperties: ["c"] } }, only: ["prod"] };
    expect(effectiveDocument(base, "prod")).toEqual({ doc: { name: "N", allowProperties: ["c"] }, overridden: ["allowProperties"] });
    expect(effectiveDocument(base, "staging")).toEqual({ doc: { name: "N", allowProperties: ["a", "b"] }, overridden: [] });
    expect(existsIn(base, "prod")).toBe(true);
    expect(existsIn(base, "staging")).toBe(false);
    expect(existsIn({ except: ["prod"] }, "prod")).toBe(false);
    expect(existsIn({}, "prod")).toBe(true);
  });

  it("gives prod's resource the override (labelled) and staging's the base; aliases resolve per environment", () => {
    const text = doc("overrides:", "  prod: { allowProperties: [product_id, price, currency], sourceId: web }");
    const prod = checkFileText("a.yaml", text, inEnv("prod")).checked[0]!.resource!;
    expect(prod.spec.allowProperties).toEqual(["product_id", "price", "currency"]);
    expect(prod.spec.sourceId).toBe("src_prd");
    expect(prod.overrides).toEqual({ env: "prod", fields: ["allowProperties", "sourceId"] });
    const staging = checkFileText("a.yaml", text, inEnv("staging")).checked[0]!.resource!;
    expect(staging.spec.allowProperties).toEqual(["product_id", "price"]);
    expect(staging.overrides).toBeUndefined();
  });

  it("a document only/except leaves out of the environment has no resource there", () => {
    expect(checkFileText("a.yaml", doc("only: [staging]"), inEnv("prod")).checked[0]!.resource).toBeUndefined();
    expect(checkFileText("a.yaml", doc("only: [staging]"), inEnv("staging")).checked[0]!.resource).toBeDefined();
    expect(checkFileText("a.yaml", doc("except: [prod]"), inEnv("prod")).checked[0]!.resource).toBeUndefined();
  });

  it("a document's references are not resolved where it does not exist: a prod-only alias is no error in staging", () => {
    const text = doc("only: [prod]").replace("sourceId: web", "sourceId: warehouse");
    const prodOnly = { ...config, environments: { ...config.environments, prod: { sources: { web: "src_prd", warehouse: "src_wh" } } } };
    expect(errorsOf(text, { config: prodOnly, env: "staging", envFailed: false })).toEqual([]);
    expect(checkFileText("a.yaml", text, { config: prodOnly, env: "prod", envFailed: false }).checked[0]!.resource!.spec.sourceId).toBe(
      "src_wh",
    );
    expect(
      errorsOf(doc("except: [prod]").replace("sourceId: web", "sourceId: warehouse"), {
        config: prodOnly,
        env: "staging",
        envFailed: false,
      }),
    ).toEqual([expect.stringMatching(/sourceId: source alias "warehouse" is not defined for environment "staging"/)]);
  });

  it("an override's protect: true protects in that environment only, at the override's line", () => {
    const text = doc("overrides:", "  prod:", "    protect: true");
    expect(checkFileText("a.yaml", text, inEnv("prod")).checked[0]!.resource!.protectedAt).toEqual({ file: "a.yaml", line: 10, col: 14 });
    expect(checkFileText("a.yaml", text, inEnv("staging")).checked[0]!.resource!.protectedAt).toBeUndefined();
  });
});

describe("validation of the per-environment keys, at file:line:col of the key", () => {
  it("an unknown environment in overrides, only and except", () => {
    expect(errorsOf(doc("overrides:", "  prdo: { enabled: false }"), inEnv("prod"))).toEqual([
      '9:3 overrides.prdo: "prdo" is not an environment of transync.yaml (defined: staging, prod)',
    ]);
    expect(errorsOf(doc("only: [staging, prdo]"), inEnv("staging"))).toEqual([
      '8:17 only.1: "prdo" is not an environment of transync.yaml (defined: staging, prod)',
    ]);
  });

  it("name, id and the per-environment keys cannot be overridden; an unknown field is one", () => {
    const errors = errorsOf(doc("overrides:", "  prod:", "    name: Other", "    id: x", "    allowPropertie: [a]"), inEnv("prod"));
    expect(errors.sort()).toEqual([
      expect.stringMatching(/^10:5 overrides\.prod\.name: name cannot be set per environment: the name is what matches/),
      expect.stringMatching(/^11:5 overrides\.prod\.id: id cannot be set per environment: pins per environment are written in the id/),
      '12:5 overrides.prod.allowPropertie: unknown field "allowPropertie"; did you mean "allowProperties"?',
    ]);
  });

  it("a bad value in an override is checked as the base field is, in every environment's validation", () => {
    const text = doc("overrides:", "  prod:", "    allowProperties: yes", "    if: event = = 'x'");
    for (const env of ["staging", "prod"]) {
      const errors = errorsOf(text, inEnv(env));
      expect(errors).toContainEqual('10:22 overrides.prod.allowProperties: expected a list, got "yes"');
      expect(errors).toContainEqual(expect.stringMatching(/^11:\d+ overrides\.prod\.if: invalid FQL/));
    }
  });

  it("a finding only the combination with an override makes names the environment", () => {
    const text = doc("newEventName: Seen", "overrides:", "  prod: { if: \"type = 'identify'\" }");
    const found = checkFileText("a.yaml", text, inEnv("staging")).diagnostics.map((d) => `${d.line}:${d.col} ${d.path}: ${d.message}`);
    expect(found).toEqual([
      expect.stringMatching(/^8:15 newEventName: newEventName renames track events only.* \(in environment "prod", with its overrides\)$/),
    ]);
  });

  it("a source alias an override names is resolved in its environment", () => {
    const text = doc("overrides:", "  prod: { sourceId: wbe }");
    expect(errorsOf(text, inEnv("staging"))).toEqual([
      '9:21 overrides.prod.sourceId: unknown source alias "wbe" for environment "prod"; did you mean "web"?',
    ]);
  });

  it("only and except together is an error at except; a document that differs per environment needs one outside validate", () => {
    expect(errorsOf(doc("only: [staging]", "except: [prod]"), inEnv("prod"))).toEqual([
      "9:1 except: give only or except, not both: only lists where the document exists, except where it does not",
    ]);
    const raw = (text: string): string => text.replace("sourceId: web", "sourceId: src_x");
    expect(errorsOf(raw(doc("only: [staging]")), inEnv(undefined))).toEqual([
      "8:1 only: the document differs per environment: pass --env or set defaultEnvironment in transync.yaml",
    ]);
    expect(errorsOf(raw(doc("only: [staging]")), inEnv(undefined, { everyEnvironment: true }))).toEqual([]);
  });
});

describe("uniqueness per environment", () => {
  const unique = (texts: string[], envs: string[], env: string | undefined): Diagnostic[] => {
    const checked = texts.flatMap((t, i) => checkFileText(`${i}.yaml`, t, inEnv(env, { everyEnvironment: true })).checked);
    const out: Diagnostic[] = [];
    checkUnique(checked, out, envs);
    return out;
  };

  it("one name in two documents that no environment holds together is fine; in one environment it is a duplicate", () => {
    expect(unique([doc("only: [staging]"), doc("only: [prod]")], ["staging", "prod"], undefined)).toEqual([]);
    const both = unique([doc("only: [staging]"), doc("except: [prod]")], ["staging", "prod"], undefined);
    expect(both.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([
      '1.yaml:3 duplicate name "Amplitude product fields" (also at 0.yaml:3:7); names must be unique',
    ]);
  });
});
