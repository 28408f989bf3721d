import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/** The file in an embedded database's folder that names the one process allowed to open it. */
export const LOCK_FILE = "server.lock";

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The database folder ${dataDir} is in use by another running server (process ${holderPid}). ` +
        "Only one process may open an embedded database: stop the other server, or give this one " +
        "its own DATA_DIR (or a DATABASE_URL).",
    );
    this.name = "DataDirLockedError";
  }
}

export interface DirLock {
  readonly file: string;
  release(): void;
}

/** True when a process with this id is running (signal 0 checks without signalling). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else; still alive.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the folder for this process: creates the lock file exclusively (O_EXCL) with our pid. A lock
 * left by a process that is gone (killed, crashed) is replaced; a live holder makes this throw
 * DataDirLockedError. PGlite itself would let a second process in and both would lose rows.
 */
export function lockDataDir(dataDir: string): DirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          // Only remove a lock that is still ours.
          if (readHolder(file) === process.pid) unlinkSync(file);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = readHolder(file);
    // Our own pid counts too: two handles in one process corrupt the folder just the same.
    if (holder !== undefined && isAlive(holder)) {
      throw new DataDirLockedError(dataDir, holder);
    }
    if (holder === undefined) {
      // Being written right now by a starting process, or left empty by a crash mid-write: wait a
      // moment and look again before calling it stale.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      if (readHolder(file) !== undefined) continue;
    }
    // Stale (the holder is gone): remove it and race for it again; O_EXCL decides who wins.
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  throw new Error(`Could not lock the database folder ${dataDir}: its lock file keeps changing.`);
}
