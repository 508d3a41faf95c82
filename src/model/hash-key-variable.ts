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

/**
 * The key `transync test` hashes with when a hash key's variable is not set (a pull request's job
 * holds no production secret): fixed, public, documented (docs/simulator.md, "Tests without secrets"),
 * never a real secret. Its digests differ from production's, so a case that expects an exact digest is
 * skipped, and a case that expects a digest's shape (`{ hashed: sha256-hex }`) is checked.
 */
export const TEST_HASH_KEY = "transync-test-key";

/**
 * What every path that finds a hash key's variable unset says (apply, reconcile, plan's warning, the
 * simulator): which variable, and where to set it. It never tells anyone to write the key in a document
 * instead: a document is in git, where every clone and pull request reads it.
 */
export function unsetHashKeyMessage(variable: string, consequence: string): string {
  return `the hash key comes from the environment variable ${variable}, which is not set; ${consequence}: set ${variable} where transync runs (e.g. from a CI secret)`;
}
