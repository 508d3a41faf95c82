import { randomBytes } from "node:crypto";

/**
 * Every output and log line of every run goes through here, and is scanned for the secrets the
 * suite used (the API token, hash keys). A leak is one secret found in one recorded text.
 */
export class Transcript {
  private readonly secrets = new Set<string>();
  readonly leaks: string[] = [];
  texts = 0;
  bytes = 0;

  addSecret(secret: string): void {
    if (secret.length >= 8) this.secrets.add(secret);
  }

  /**
   * A fresh secret of the run (`chaos-token-…`, `chaos-hashkey-…`: the seed, then random bytes), already
   * registered, so no scenario can use a secret the leak scan does not look for.
   */
  newSecret(kind: "token" | "hash", seed: number): string {
    const secret = `chaos-${kind === "token" ? "token" : "hashkey"}-${seed}-${randomBytes(8).toString("hex")}`;
    this.addSecret(secret);
    return secret;
  }

  /** Scans `text` (from `where`, e.g. "apply stdout") and keeps no copy of it. */
  record(where: string, text: string): void {
    this.texts += 1;
    this.bytes += text.length;
    for (const secret of this.secrets) {
      // Never print the secret itself: name where it was found and what kind it was.
      if (text.includes(secret)) this.leaks.push(`${where}: contains ${secret.startsWith("chaos-token") ? "the API token" : "a hash key"}`);
    }
  }
}
