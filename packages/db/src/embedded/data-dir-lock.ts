import { hostname } from 'node:os';
import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Name of the lock file inside the data directory. */
export const LOCK_FILE = 'modelgate.lock';

interface LockOwner {
  pid: number;
  hostname: string;
  since: string;
}

/** Data directories this process holds, to tell its own lock from a stale one of a reused pid. */
const heldHere = new Set<string>();

/**
 * Takes exclusive ownership of an embedded database directory, or fails naming the owner.
 *
 * Unlike PostgreSQL, PGlite does not lock its data directory, and two processes writing one
 * directory corrupt it (think of a second `npm start`). The lock is a file created with `O_EXCL`
 * holding the owner's pid and host; a lock whose process is gone, or that was written on another
 * host (a recreated container), is stale and taken over. Returns the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = join(dataDir, LOCK_FILE);
  if (heldHere.has(dataDir)) {
    throw new Error(`the embedded database in ${dataDir} is already open in this process`);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const handle = await open(file, 'wx');
      const owner: LockOwner = {
        pid: process.pid,
        hostname: hostname(),
        since: new Date().toISOString(),
      };
      await handle.writeFile(`${JSON.stringify(owner)}\n`);
      await handle.close();
      heldHere.add(dataDir);
      return async () => {
        heldHere.delete(dataDir);
        await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 1) throw error;
      const owner = await readOwner(file);
      if (owner && isLive(owner)) {
        throw new Error(
          `the embedded database in ${dataDir} is in use by process ${owner.pid} ` +
            `(since ${owner.since}); stop that process first, or delete ${file} if it is ` +
            'certainly not running',
          { cause: error },
        );
      }
      await rm(file, { force: true });
    }
  }
}

async function readOwner(file: string): Promise<LockOwner | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string') return undefined;
    return { pid: parsed.pid, hostname: parsed.hostname, since: String(parsed.since) };
  } catch {
    return undefined; // unreadable or half-written: treated as stale
  }
}

function isLive(owner: LockOwner): boolean {
  if (owner.hostname !== hostname()) return false;
  // Our own pid but not held here: written by an earlier life of this pid (e.g. pid 1 in a
  // restarted container).
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
