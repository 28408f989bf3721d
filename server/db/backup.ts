import { existsSync, unlinkSync } from "node:fs";
import { chmod, copyFile, type FileHandle, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { create as createTar } from "tar";
import { LOCK_FILE, lockDataDir } from "./lock";
import { hasDatabase } from "./pglite-create";
import { PGLITE_OPTIONS } from "./pglite-options";

/**
 * Backups of the embedded PGlite folder, as a gzipped tarball that PGlite's own `loadDataDir` restores.
 *
 * A PGlite folder has one owner process, so a backup of a running server is taken by the server: it
 * listens on a socket file beside its folder (mode 0600, so only the folder's owner can ask) and answers
 * each connection with the tarball. To keep serving meanwhile it never holds the database in memory:
 * after a CHECKPOINT it copies the folder's files to a staging folder beside it (copyAtCheckpoint:
 * requests wait only for the files changed during the copy), then streams the tarball from the copy. The copy is the folder between two statements:
 * what PGlite would reopen after a crash at that moment (it replays its WAL), so it is consistent.
 * When no server runs, the command takes the folder's lock and streams the folder itself.
 */
export const backupSocketPath = (dataDir: string) => `${dataDir.replace(/\/+$/, "")}.backup.sock`;

export class BackupError extends Error {
  override name = "BackupError";
}

/** Files of the folder that are not the database: the lock's note for people. */
const NOT_DATA = new Set([LOCK_FILE]);

/** A gzipped tar stream of `dir`'s contents (paths relative to it, as PGlite's dump writes them). */
async function tarStream(dir: string) {
  const entries = (await readdir(dir)).filter((name) => !NOT_DATA.has(name)).sort();
  // Read in 1 MB pieces (node-tar's default is 16 MB a read).
  return createTar({ cwd: dir, portable: true, maxReadSize: 1024 * 1024 }, entries);
}

/**
 * Sends the gzipped tarball of `dir` into `out` at the pace `out` takes it, so the server's memory stays
 * flat however slow the reader. Gzipped by Node's zlib stream, not node-tar's own (which takes every
 * file as fast as it reads it and buffers what the reader has not taken yet); node-tar's pipe waits on
 * the gzip stream's drain.
 */
async function sendTar(dir: string, out: NodeJS.WritableStream): Promise<void> {
  const pack = await tarStream(dir);
  const gzip = createGzip();
  pack.on("error", (error: unknown) => gzip.destroy(error instanceof Error ? error : new Error(String(error))));
  pack.pipe(gzip);
  await pipeline(gzip, out);
}

interface Copied {
  size: number;
  mtimeNs: bigint;
}

/**
 * Copies every file of `from` under `to` that was not copied before, or whose size or modification time
 * differs from what was copied, or that was modified at or after `changedSince` (the file system's clock
 * ticks coarsely: a write in the same tick as the first copy's stat would not change the time it shows).
 */
async function syncFolder(
  from: string,
  to: string,
  copied: Map<string, Copied>,
  changedSince?: bigint,
): Promise<number> {
  let files = 0;
  const present = new Set<string>();
  const walk = async (relative: string) => {
    for (const entry of await readdir(path.join(from, relative), { withFileTypes: true })) {
      const rel = path.join(relative, entry.name);
      if (NOT_DATA.has(rel)) continue;
      if (entry.isDirectory()) {
        await mkdir(path.join(to, rel), { recursive: true, mode: 0o700 });
        await walk(rel);
      } else if (entry.isFile()) {
        present.add(rel);
        const stat = await lstat(path.join(from, rel), { bigint: true });
        const before = copied.get(rel);
        const recent = changedSince !== undefined && stat.mtimeNs >= changedSince;
        if (before && !recent && before.size === Number(stat.size) && before.mtimeNs === stat.mtimeNs) continue;
        await copyFile(path.join(from, rel), path.join(to, rel));
        copied.set(rel, { size: Number(stat.size), mtimeNs: stat.mtimeNs });
        files++;
      }
    }
  };
  await walk("");
  // Files PostgreSQL removed meanwhile (a recycled WAL segment, a dropped table) go from the copy too.
  for (const rel of copied.keys()) {
    if (!present.has(rel)) {
      await rm(path.join(to, rel), { force: true });
      copied.delete(rel);
    }
  }
  return files;
}

/**
 * Copies an open PGlite database's folder beside it, as it is at one moment between two statements;
 * returns the copy's folder (0700), which the caller removes.
 *
 * Two passes, like rsync: the bulk of the files is copied while requests go on (those files may change
 * under the copy), then, while PGlite runs no statement (runExclusive), only the files that changed
 * since, or appeared or went, are copied again. Requests wait only for that second pass: the WAL
 * segment being written and the few tables touched meanwhile.
 */
export async function copyAtCheckpoint(client: PGlite, dataDir: string): Promise<string> {
  // Writes changed pages to the files first: less WAL for the copy to replay when it is opened.
  await client.exec("CHECKPOINT");
  const staging = await mkdtemp(`${dataDir.replace(/\/+$/, "")}.backup-`);
  try {
    await chmod(staging, 0o700);
    const copied = new Map<string, Copied>();
    // A second before the first pass began, on the file system's own clock (a file's modification time).
    const marker = path.join(staging, ".started");
    await writeFile(marker, "");
    const started = (await lstat(marker, { bigint: true })).mtimeNs - 1_000_000_000n;
    await rm(marker);
    await syncFolder(dataDir, staging, copied);
    await client.runExclusive(() => syncFolder(dataDir, staging, copied, started));
    return staging;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (error instanceof Error) throw error;
    throw new Error(`PGlite could not copy its folder: ${JSON.stringify(error)}`);
  }
}

interface BackupService {
  socketPath: string;
  close(): Promise<void>;
}

/** Answers `npm run db:backup` for the server that holds `dataDir` (call it only while holding the folder's lock). */
export async function serveBackups(
  dataDir: string,
  copy: () => Promise<string>,
  onError: (error: unknown) => void,
): Promise<BackupService> {
  const socketPath = backupSocketPath(dataDir);
  // We hold the folder's lock, so a socket file left here belongs to a process that is gone.
  if (existsSync(socketPath)) unlinkSync(socketPath);
  const server = net.createServer((socket) => {
    socket.on("error", () => socket.destroy());
    void (async () => {
      let staging: string | undefined;
      try {
        staging = await copy();
        socket.write("OK\n");
        await sendTar(staging, socket);
      } catch (error) {
        onError(error);
        // Before the header: say why. After it: cut the stream, which the client's gzip check catches.
        if (staging === undefined) socket.end("ERROR the server could not copy its database; its log says why\n");
        else socket.destroy();
      } finally {
        if (staging) await rm(staging, { recursive: true, force: true });
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  server.unref();
  return {
    socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/**
 * Writes `stream` to `file` (made by createOwnerOnlyFile, and closed here) and checks on the way that it
 * is one whole gzip stream: a copy cut short (the server stopped mid-way) is an error, not a file.
 * Returns the bytes written.
 */
async function writeChecked(stream: Readable, file: FileHandle): Promise<number> {
  let bytes = 0;
  const out = file.createWriteStream();
  const check = createGunzip();
  check.resume();
  const checked = new Promise<void>((resolve, reject) => {
    check.on("end", resolve);
    check.on("error", () => reject(new BackupError("the backup was cut short (its gzip stream is incomplete)")));
  });
  stream.on("data", (chunk: Buffer) => {
    bytes += chunk.length;
    check.write(chunk);
  });
  stream.on("end", () => check.end());
  await Promise.all([pipeline(stream, out), checked]);
  return bytes;
}

/** Asks the server running on `dataDir` for a backup into `file`; undefined when no server listens there. */
export async function requestBackup(dataDir: string, file: FileHandle): Promise<{ bytes: number } | undefined> {
  const socketPath = backupSocketPath(dataDir);
  if (!existsSync(socketPath)) return undefined;
  const socket = net.connect(socketPath);
  const header = await new Promise<string | undefined>((resolve, reject) => {
    let seen = Buffer.alloc(0);
    const onData = (d: Buffer) => {
      seen = Buffer.concat([seen, d]);
      const newline = seen.indexOf(0x0a);
      if (newline < 0) return;
      socket.off("data", onData);
      socket.pause();
      const rest = seen.subarray(newline + 1);
      if (rest.length > 0) socket.unshift(rest);
      resolve(seen.subarray(0, newline).toString("utf8"));
    };
    socket.on("data", onData);
    socket.once("end", () => resolve(seen.toString("utf8").trim() || "ERROR the server closed the backup connection"));
    socket.once("error", (error: NodeJS.ErrnoException) => {
      // A socket file nobody listens on: the server that made it is gone.
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(undefined);
      else reject(new BackupError(`could not reach the server's backup socket ${socketPath}: ${error.message}`));
    });
  });
  if (header === undefined) return undefined;
  if (header !== "OK") {
    socket.destroy();
    throw new BackupError(header.replace(/^ERROR /, ""));
  }
  return { bytes: await writeChecked(socket, file) };
}

/** A backup of a folder no server has open, into `file`: takes its lock, streams the folder, lets go. */
export async function backupStoppedFolder(dataDir: string, file: FileHandle): Promise<{ bytes: number }> {
  if (!hasDatabase(dataDir)) throw new BackupError(`${dataDir} holds no database (no PG_VERSION file); check DATA_DIR`);
  const lock = await lockDataDir(dataDir);
  try {
    const pack = new PassThrough();
    const sent = sendTar(dataDir, pack);
    const [bytes] = await Promise.all([writeChecked(pack, file), sent]);
    return { bytes };
  } finally {
    await lock.release();
  }
}

/** Unpacks a backup into `dataDir`, which must not hold a database yet; returns how many service requests it has. */
export async function restoreBackup(dataDir: string, tarball: Uint8Array): Promise<{ serviceRequests: number }> {
  if (hasDatabase(dataDir)) {
    throw new BackupError(
      `${dataDir} already holds a database. Restore into a new, empty folder and point DATA_DIR at it; ` +
        "nothing was changed.",
    );
  }
  const lock = await lockDataDir(dataDir);
  try {
    const client = await PGlite.create(dataDir, {
      ...PGLITE_OPTIONS,
      loadDataDir: new Blob([new Uint8Array(tarball)], { type: "application/x-gzip" }),
    });
    try {
      const { rows } = await client.query<{ n: number }>("select count(*)::int as n from contact_requests");
      return { serviceRequests: rows[0]?.n ?? 0 };
    } finally {
      await client.close();
    }
  } finally {
    await lock.release();
  }
}
