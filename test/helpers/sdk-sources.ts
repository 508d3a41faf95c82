import { readFileSync } from "node:fs";
import { parsePythonModels, parseTypeScriptModels, readModelFiles, type SdkSource } from "./sdk-model-files.js";
import { registryVsSdk, type Check, type CheckedFacts, type Disagreement, type KindModels } from "./registry-vs-sdk.js";

/**
 * The SDKs a kind's field registry is checked against (test/kinds/registry-vs-sdk.test.ts): the
 * TypeScript SDK of the dev dependencies, and the newest public TypeScript and Python SDK models, kept
 * as fixtures (test/fixtures/sdk-models/README.md names their versions and commits). A kind names its
 * model files once (its entry in kind-sdk-models.ts); each SDK's copy of them is read from here.
 */

const INSTALLED = "node_modules/@segment/public-api-sdk-typescript";
export const INSTALLED_VERSION = (JSON.parse(readFileSync(`${INSTALLED}/package.json`, "utf8")) as { version: string }).version;
const FIXTURES = "test/fixtures/sdk-models";

/** Every SDK, as disagreements name it. */
export const ALL_SDKS: readonly string[] = [`typescript@${INSTALLED_VERSION}`, "typescript@73.2.0-b666", "python@73.2.0"];
/** The newest public SDKs (the fixtures). */
export const NEWEST_SDKS: readonly string[] = ["typescript@73.2.0-b666", "python@73.2.0"];

/** A kind's model files, by the names each generator gives them (no extension): TypeScript's `model/`, Python's `models/`. */
export interface ModelFiles {
  readonly typescript: readonly string[];
  readonly python: readonly string[];
}

/** A known disagreement between a kind's registry and the models of the SDKs named, and why it is right. */
export interface Exception {
  readonly sdks: readonly string[];
  readonly field: string;
  readonly check: Check;
  readonly reason: string;
}

/** One kind's entry: its models, their files, the defs its registry's `$ref`s name, its known disagreements. */
export interface KindSdkEntry {
  readonly models: KindModels;
  readonly files: ModelFiles;
  readonly defs?: Readonly<Record<string, { readonly [key: string]: unknown }>>;
  readonly exceptions: readonly Exception[];
}

/** Each SDK's models of a kind, read from its files. */
export function sdkSources(files: ModelFiles): SdkSource[] {
  return [
    { sdk: ALL_SDKS[0]!, models: readModelFiles(`${INSTALLED}/model`, files.typescript, ".ts", parseTypeScriptModels) },
    {
      sdk: ALL_SDKS[1]!,
      models: readModelFiles(`${FIXTURES}/typescript-73.2.0-b666/model`, files.typescript, ".ts.txt", parseTypeScriptModels),
    },
    { sdk: ALL_SDKS[2]!, models: readModelFiles(`${FIXTURES}/python-73.2.0/models`, files.python, ".py", parsePythonModels) },
  ];
}

export const keyOf = (sdk: string, field: string, check: Check): string => `${sdk} ${field} ${check}`;

const read = new WeakMap<ModelFiles, SdkSource[]>();

/**
 * The disagreements between `registry` (a kind's, or a copy with one fact flipped) and every SDK's
 * models that no exception of the entry explains, and the exceptions no disagreement needs any more.
 */
export function unexplained(
  entry: KindSdkEntry,
  registry: Readonly<Record<string, CheckedFacts>>,
  defs: KindSdkEntry["defs"] = entry.defs,
): { failures: Disagreement[]; stale: string[] } {
  const sources = read.get(entry.files) ?? sdkSources(entry.files);
  read.set(entry.files, sources);
  const found = sources.flatMap((sdk) => registryVsSdk(registry, entry.models, sdk, defs));
  const exceptionKeys = new Set(entry.exceptions.flatMap((e) => e.sdks.map((sdk) => keyOf(sdk, e.field, e.check))));
  const foundKeys = new Set(found.map((d) => keyOf(d.sdk, d.field, d.check)));
  return {
    failures: found.filter((d) => !exceptionKeys.has(keyOf(d.sdk, d.field, d.check))),
    stale: [...exceptionKeys].filter((key) => !foundKeys.has(key)),
  };
}

/** A copy of a registry, each entry its own object, to flip facts in. */
export function registryCopy(registry: Readonly<Record<string, CheckedFacts>>): Record<string, CheckedFacts> {
  return Object.fromEntries(Object.entries(registry).map(([field, facts]) => [field, { ...facts }]));
}
