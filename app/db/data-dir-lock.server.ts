import fs from "node:fs";
import path from "node:path";

// PGlite has no multi-process protection: two processes on one data directory corrupt it silently.
// We hold `<dir>/.lock` (created with O_EXCL, so two starters cannot both win) naming our PID.

const LOCK_FILE = ".lock";

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data directory ${dataDir} is locked by another DealDash process (PID ${holderPid}). ` +
        "The embedded database serves one process only: stop that process first, " +
        "or set DATABASE_URL to a PostgreSQL server to run several processes.",
    );
    this.name = "DataDirLockedError";
  }
}

/** How long a start waits for a live holder to go: one killed a moment ago is still exiting (or a zombie). */
const HOLDER_EXIT_WAIT_MS = 3_000;

/** Whether `pid` is a zombie or dead on its way out (Linux's /proc; elsewhere, never known). */
function isExiting(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return /^[ZX]/.test(stat.slice(stat.lastIndexOf(")") + 2));
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !isExiting(pid);
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether `pid` is still alive after waiting up to HOLDER_EXIT_WAIT_MS for it to go (a start is synchronous). */
function staysAlive(pid: number): boolean {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const deadline = Date.now() + HOLDER_EXIT_WAIT_MS; Date.now() < deadline; Atomics.wait(pause, 0, 0, 50)) {
    if (!isAlive(pid)) return false;
  }
  return isAlive(pid);
}

function readHolder(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export interface DataDirLock {
  release(): void;
}

/** Creates `dataDir` if needed and takes its lock, or throws DataDirLockedError naming the holder. */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx", 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (readHolder(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(lockPath);
      if (holder !== null && holder !== process.pid && staysAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      // The holder died without releasing (crash, kill -9): the lock is stale.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}
