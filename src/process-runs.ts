/**
 * Whether a process of this host with `pid` exists (signal 0 checks without sending anything).
 * EPERM means it exists but belongs to another user. Used to tell a lock left by a killed process
 * (kill -9) from one whose holder still runs.
 */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
