import { open, readFile, unlink, mkdir } from "node:fs/promises";
import { hostname } from "node:os";
import { dirname } from "node:path";

/**
 * The apply lock of a workspace: a file created with O_EXCL (atomic on local and NFSv3+ file
 * systems), holding who took it and until when. Two reconcilers sharing the lock directory (one
 * host, or a shared volume) never apply to one workspace at once. A lock past its expiry (a
 * crashed holder) is taken over; a holder renews by taking it again before each apply.
 */
export interface LockInfo {
  holder: string;
  host: string;
  pid: number;
  expiresAt: string;
}

export async function tryAcquireLock(path: string, ttlMs: number, now = Date.now()): Promise<boolean> {
  await mkdir(dirname(path), { recursive: true });
  const info: LockInfo = { holder: `${hostname()}:${process.pid}`, host: hostname(), pid: process.pid, expiresAt: new Date(now + ttlMs).toISOString() };
  if (await createExclusive(path, info)) return true;
  const current = await readLock(path);
  if (current && Date.parse(current.expiresAt) > now) return false;
  // Expired or unreadable: the holder died. Remove it and race for it once more.
  await unlink(path).catch(() => undefined);
  return createExclusive(path, info);
}

export async function releaseLock(path: string): Promise<void> {
  const current = await readLock(path);
  if (current && current.pid === process.pid && current.host === hostname()) await unlink(path).catch(() => undefined);
}

async function createExclusive(path: string, info: LockInfo): Promise<boolean> {
  try {
    const handle = await open(path, "wx");
    await handle.writeFile(JSON.stringify(info));
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

async function readLock(path: string): Promise<LockInfo | undefined> {
  try {
    return JSON.parse(await readFile(path, "utf8")) as LockInfo;
  } catch {
    return undefined;
  }
}
