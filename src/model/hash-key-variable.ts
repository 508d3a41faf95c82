/**
 * The environment variables a hash key (`key: { fromEnv: NAME }`) may be read from: only those
 * named for it. A pull request writes the documents, and `transync test` prints HMACs made with
 * the key; were any name accepted, a pull request could name a CI secret (NPM_TOKEN, a cloud key)
 * and learn HMACs made with it. Case-sensitive, like the variables themselves.
 */
export const HASH_KEY_VARIABLE_PREFIX = "TRANSYNC_KEY_";

/** The `pattern` of `fromEnv` in schemas/defs.schema.json (test/model/hash-key-variable.test.ts holds them equal). */
export const HASH_KEY_VARIABLE_PATTERN = "^TRANSYNC_KEY_[A-Za-z0-9_]+$";

const VARIABLE = new RegExp(HASH_KEY_VARIABLE_PATTERN);

export function isHashKeyVariable(name: string): boolean {
  return VARIABLE.test(name);
}

/** Why `name` cannot hold a hash key, for a validation error at the `fromEnv` field. */
export function hashKeyVariableMessage(name: unknown): string {
  return (
    `${JSON.stringify(name)} is not a hash key variable: a hash key is read only from a variable whose name starts with ` +
    `${HASH_KEY_VARIABLE_PREFIX} (e.g. ${HASH_KEY_VARIABLE_PREFIX}EMAIL), so that a document cannot make transync hash with ` +
    "another secret of the environment; put the key in such a variable"
  );
}
