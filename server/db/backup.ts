import { chmodSync, existsSync, unlinkSync } from "node:fs";
import net from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { lockDataDir } from "./lock";
import { hasDatabase } from "./pglite-create";
import { PGLITE_OPTIONS } from "./pglite-options";

/**
 * Backups of the embedded PGlite folder. A PGlite folder has one owner process, so a backup of a
 * running server is taken by the server itself: it listens on a socket file beside its folder (mode
 * 0600, so only the folder's owner can ask; not inside it, where the dump would meet it) and answers each connection with a gzipped tarball of the
 * database made by PGlite's `dumpDataDir`, after a CHECKPOINT. PGlite runs one query at a time and the
 * dump waits its turn, so the tarball is the database between two statements: a consistent copy, and
 * requests keep being served around it. When no server runs, the command opens the folder itself.
 * Restoring is PGlite's own `loadDataDir` into a new, empty folder.
 */
export const backupSocketPath = (dataDir: string) => `${dataDir.replace(/\/+$/, "")}.backup.sock`;

export class BackupError extends Error {
  override name = "BackupError";
}

/** A consistent gzipped tarball of an open PGlite database. */
export async function dumpPglite(client: PGlite): Promise<Uint8Array> {
  // Writes every changed page to the files, so the copy needs no WAL replay when it is opened.
  try {
    await client.exec("CHECKPOINT");
    const file = await client.dumpDataDir("gzip");
    return new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    // PGlite's file system throws plain objects; give the log an Error with what it said.
    if (error instanceof Error) throw error;
    throw new Error(`PGlite could not dump its folder: ${JSON.stringify(error)}`);
  }
}

export interface BackupService {
  socketPath: string;
  close(): Promise<void>;
}

/** Answers `npm run db:backup` for the server that holds `dataDir` (call it only while holding the folder's lock). */
export async function serveBackups(
  dataDir: string,
  dump: () => Promise<Uint8Array>,
  onError: (error: unknown) => void,
): Promise<BackupService> {
  const socketPath = backupSocketPath(dataDir);
  // We hold the folder's lock, so a socket file left here belongs to a process that is gone.
  if (existsSync(socketPath)) unlinkSync(socketPath);
  const server = net.createServer((socket) => {
    socket.on("error", () => socket.destroy());
    dump().then(
      (bytes) => {
        socket.write(`OK ${bytes.byteLength}\n`);
        socket.end(bytes);
      },
      (error: unknown) => {
        onError(error);
        socket.end("ERROR the server could not dump its database; its log says why\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  chmodSync(socketPath, 0o600);
  server.unref();
  return {
    socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/** Asks the server running on `dataDir` for a backup; undefined when no server listens there. */
export async function requestBackup(dataDir: string): Promise<Uint8Array | undefined> {
  const socketPath = backupSocketPath(dataDir);
  if (!existsSync(socketPath)) return undefined;
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    const chunks: Buffer[] = [];
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // A socket file nobody listens on: the server that made it is gone.
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(undefined);
      else reject(new BackupError(`could not reach the server's backup socket ${socketPath}: ${error.message}`));
    });
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      const header = all.subarray(0, newline).toString("utf8");
      const body = all.subarray(newline + 1);
      const ok = /^OK (\d+)$/.exec(header);
      if (!ok)
        return reject(new BackupError(header.replace(/^ERROR /, "") || "the server closed the backup connection"));
      if (Number(ok[1]) !== body.byteLength) {
        return reject(new BackupError(`the backup was cut short (${body.byteLength} of ${ok[1]} bytes)`));
      }
      resolve(new Uint8Array(body));
    });
  });
}

/** A backup of a folder no server has open: takes its lock, dumps, and lets go. */
export async function dumpStoppedFolder(dataDir: string): Promise<Uint8Array> {
  if (!hasDatabase(dataDir)) throw new BackupError(`${dataDir} holds no database (no PG_VERSION file); check DATA_DIR`);
  const lock = await lockDataDir(dataDir);
  try {
    const client = await PGlite.create(dataDir, PGLITE_OPTIONS);
    try {
      return await dumpPglite(client);
    } finally {
      await client.close();
    }
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
