import type {
  DocumentInput,
  DocumentUpdate,
  HashKey,
  SecretRef,
  TransformationInput,
  TransformationUpdate,
} from "../model/transformation.js";
import { ValidationError } from "../errors.js";
import type { Plan } from "./types.js";
import { isHashKeyVariable, TEST_HASH_KEY, unsetHashKeyMessage } from "../model/hash-key-variable.js";

/** A hash key that names an environment variable which is not set. */
export interface MissingSecret {
  /** The transformation whose key it is. */
  name: string;
  variable: string;
}

type Env = Readonly<Record<string, string | undefined>>;

export function isSecretRef(key: unknown): key is SecretRef {
  return typeof key === "object" && key !== null && typeof (key as SecretRef).fromEnv === "string";
}

/**
 * The value of a hash key variable. Validation refuses any other name (schemas/defs.schema.json);
 * a body that escaped it still never reads another variable: such a name counts as unset.
 */
function keyVariable(env: Env, variable: string): string | undefined {
  return isHashKeyVariable(variable) ? env[variable] : undefined;
}

function keyOf(body: DocumentInput | DocumentUpdate): HashKey | undefined {
  return body.hashPropertiesConfiguration?.key;
}

/** Every `fromEnv` reference among `bodies` whose variable is unset or empty, in order. */
export function missingSecrets(bodies: ReadonlyArray<{ name: string; body: DocumentInput | DocumentUpdate }>, env: Env): MissingSecret[] {
  const missing: MissingSecret[] = [];
  for (const { name, body } of bodies) {
    const key = keyOf(body);
    if (isSecretRef(key) && !keyVariable(env, key.fromEnv)) missing.push({ name, variable: key.fromEnv });
  }
  return missing;
}

/**
 * The body as it goes on the wire: a hash key given as `{ fromEnv: VAR }` replaced by the variable's
 * value. Apply calls this when it sends, so the plan file holds the reference and never the secret.
 */
export function resolveBodySecrets(body: DocumentInput, env: Env, name: string): TransformationInput;
export function resolveBodySecrets(body: DocumentUpdate, env: Env, name: string): TransformationUpdate;
export function resolveBodySecrets(
  body: DocumentInput | DocumentUpdate,
  env: Env,
  name: string,
): TransformationInput | TransformationUpdate {
  const hash = body.hashPropertiesConfiguration;
  const key = hash?.key;
  if (!hash || !isSecretRef(key)) return body as TransformationInput | TransformationUpdate;
  const value = keyVariable(env, key.fromEnv);
  if (!value) {
    throw new ValidationError(`"${name}": ${unsetHashKeyMessage(key.fromEnv, "nothing was sent for this transformation")}.`);
  }
  return { ...body, hashPropertiesConfiguration: { ...hash, key: value } } as TransformationInput | TransformationUpdate;
}

/**
 * A body as the simulator takes it: a `fromEnv` key resolved when its variable is set, else left as
 * the reference, which the engine refuses only when the transformation hashes a value. So a run
 * without the secret (a fork's pull request) still simulates every event that never reaches it.
 */
export function resolveSecretsWhereSet(body: DocumentInput, env: Env, name: string): TransformationInput {
  const key = body.hashPropertiesConfiguration?.key;
  return isSecretRef(key) && !keyVariable(env, key.fromEnv) ? (body as TransformationInput) : resolveBodySecrets(body, env, name);
}

/**
 * A body as `transync test` takes it: a `fromEnv` key resolved when its variable is set, else the
 * public test key (TEST_HASH_KEY, docs/simulator.md "Tests without secrets") in its place, with the
 * variable it stands in for. A pull request's job then runs every case without the production key.
 */
export function resolveWithTestKey(body: DocumentInput, env: Env, name: string): { body: TransformationInput; testKeyFor?: string } {
  const hash = body.hashPropertiesConfiguration;
  const key = hash?.key;
  if (!hash || !isSecretRef(key) || keyVariable(env, key.fromEnv)) return { body: resolveBodySecrets(body, env, name) };
  return {
    body: { ...body, hashPropertiesConfiguration: { ...hash, key: TEST_HASH_KEY } } as TransformationInput,
    testKeyFor: key.fromEnv,
  };
}

/** Refuses, before any write, a plan whose hash keys name unset environment variables (all of them listed). */
export function assertPlanSecrets(plan: Plan, env: Env): void {
  const sent = plan.actions.flatMap((action) => (action.kind === "delete" ? [] : [{ name: action.name, body: action.body }]));
  const missing = missingSecrets(sent, env);
  if (missing.length === 0) return;
  const issues = missing.map((m) => ({
    where: `"${m.name}"`,
    message: `hashPropertiesConfiguration.key: ${unsetHashKeyMessage(m.variable, `"${m.name}" cannot be sent without it`)}`,
  }));
  throw new ValidationError(
    `the plan reads ${missing.length} hash key${missing.length === 1 ? "" : "s"} from unset environment variables; set them where apply runs. Nothing was sent.`,
    issues,
  );
}

/**
 * The values of the variables that `fromEnv` hash keys name. The CLI registers them as secrets, so its
 * output redactor removes any that a log line or server reply would otherwise print (defence in depth
 * behind the reports' `(sensitive)`). Literal keys are not registered: they are in git already, and the
 * JSON plan on stdout must keep them intact to be applied.
 */
export function hashKeyValues(bodies: ReadonlyArray<DocumentInput | DocumentUpdate | undefined>, env: Env): string[] {
  const values: string[] = [];
  for (const body of bodies) {
    const key = body ? keyOf(body) : undefined;
    const value = isSecretRef(key) ? keyVariable(env, key.fromEnv) : undefined;
    if (typeof value === "string" && value !== "") values.push(value);
  }
  return values;
}
