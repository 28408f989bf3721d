import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * The embedded database's folder holds every service request (deleted ones too, in the write-ahead
 * log) and the desk's password hashes: only the server's own user may read or write it. Files are
 * created through the process's umask, so it is set to owner-only before the database opens; a folder
 * made by an older version (0755, files 0666) is tightened in place.
 */
const OWNER_ONLY_UMASK = 0o077;

export interface Tightened {
  folders: number;
  files: number;
}

/** Makes `dir` (and missing parents' last level) 0700 and sets the owner-only umask for this process. */
export function makePrivateFolder(dir: string): void {
  process.umask(OWNER_ONLY_UMASK);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** Takes group and other permissions off every folder and file under `dir`; counts what it changed. */
export function tightenFolder(dir: string): Tightened {
  const changed: Tightened = { folders: 0, files: 0 };
  const visit = (p: string) => {
    const stat = lstatSync(p);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) {
      chmodSync(p, stat.mode & 0o700);
      if (stat.isDirectory()) changed.folders++;
      else changed.files++;
    }
    if (stat.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
  return changed;
}
