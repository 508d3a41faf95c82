/** Polls `probe` every 50 ms until it returns a value (a throw counts as "not yet"); fails after `timeoutMs`. */
export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch {
      // not ready yet (e.g. the server is not listening)
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
