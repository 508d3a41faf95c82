import { describe, expect, it } from "vitest";
import { knownKinds } from "../../src/kinds/index.js";
import { KIND_SDK_MODELS } from "../helpers/kind-sdk-models.js";
import { ALL_SDKS, sdkSources, unexplained } from "../helpers/sdk-sources.js";

/**
 * Every registered kind's field registry (its descriptor's `fields`) checked against Segment's own SDK
 * models of it (test/helpers/registry-vs-sdk.ts): per field, present in the create input, the update
 * input and the reply model as `required` and `returned` say; its JSON type (objects member by member,
 * maps value by value); `null` on update exactly when `clearedWith` is null; a write-only field absent
 * from the reply model; no model field the registry lacks. A kind's entry in
 * test/helpers/kind-sdk-models.ts names its models and their files, and lists each known disagreement
 * with its reason; any other fails, and so does a listed one that no longer happens. Each kind's
 * facts flipped one at a time: test/model/registry-vs-sdk.test.ts (Transformation),
 * test/destination-filter/registry-vs-sdk.test.ts.
 */

describe("every kind's field registry agrees with Segment's SDK models", () => {
  it("every registered kind has its SDK models named, and no entry names a kind that is not registered", () => {
    expect(Object.keys(KIND_SDK_MODELS).sort()).toEqual(
      knownKinds()
        .map((kind) => kind.name)
        .sort(),
    );
  });

  for (const kind of knownKinds()) {
    const entry = KIND_SDK_MODELS[kind.name];
    describe(kind.name, () => {
      it("each SDK has its create input, update input and reply model", () => {
        for (const source of sdkSources(entry!.files))
          for (const model of [entry!.models.create, entry!.models.update, entry!.models.reply])
            expect(Object.keys(source.models[model] ?? {}).length, `${source.sdk} ${model}`).toBeGreaterThan(0);
      });

      it("every disagreement is a listed exception, and every listed exception still happens", () => {
        const { failures, stale } = unexplained(entry!, kind.fields);
        expect(failures.map((d) => `${d.sdk}: ${d.says}`)).toEqual([]);
        expect(stale).toEqual([]);
      });

      it("every exception says why, and names only SDKs the check reads", () => {
        for (const exception of entry!.exceptions) {
          expect(exception.reason.length, `${exception.field} ${exception.check}`).toBeGreaterThan(40);
          for (const sdk of exception.sdks) expect(ALL_SDKS).toContain(sdk);
        }
      });
    });
  }
});
