/**
 * The longest a poll goes on: far past any test's timeout, so the test's timeout (a generous one) is
 * the only time bound a test has; this only keeps a loop from outliving its test file.
 */
const SAFETY_NET_MS = 10 * 60_000;

/**
 * Polls `probe` every 50 ms until it returns a value (a throw counts as "not yet"). For a state no
 * event announces (a server's readiness over HTTP, a count in an in-process emulator); it has no
 * deadline of its own: on a loaded machine a start can take any time.
 */
export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + SAFETY_NET_MS;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch {
      // not ready yet (e.g. the server is not listening)
    }
    if (Date.now() > deadline) throw new Error(`still waiting after ${SAFETY_NET_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
