import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/** A note in an embedded database's folder naming the process that holds it (for people; not the lock). */
export const LOCK_FILE = "server.lock";
/** Where the lock lives on systems without Linux's abstract sockets: a socket file in the folder. */
const LOCK_SOCKET = "server.sock";

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | undefined,
  ) {
    super(
      `The database folder ${dataDir} is in use by another running server (process ${holderPid ?? "unknown"}). ` +
        "Only one process may open an embedded database: stop the other server, or give this one " +
        "its own DATA_DIR (or a DATABASE_URL).",
    );
    this.name = "DataDirLockedError";
  }
}

interface DirLock {
  readonly file: string;
  release(): Promise<void>;
}

/**
 * The lock is a listening Unix socket named after the folder. The kernel lets one process listen on
 * a name and frees it the moment that process dies, however it dies: nothing to go stale, and no
 * process id to be fooled by (a restarted container that is pid 1 again, or an unrelated process that
 * got a recycled pid). On Linux the name is abstract (no file); elsewhere it is a socket file in the
 * folder, which a new holder replaces once nobody answers on it. A second holder, in this process or
 * another, asks the holder its pid to say who has it. Abstract names are per network namespace: two
 * containers sharing one data volume must not both run the server.
 */
function lockAddress(dataDir: string): string {
  if (process.platform !== "linux") return path.join(dataDir, LOCK_SOCKET);
  const id = createHash("sha256").update(realpathSync(dataDir)).digest("hex").slice(0, 40);
  return `\0stockton-towing-datadir-${id}`;
}

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    server.listen(address, () => {
      server.off("error", onError);
      resolve();
    });
  });
}

/** The holder's pid, as it answers on the socket; undefined when nobody answers (a stale socket file). */
function askHolder(address: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    let data = "";
    socket.setTimeout(2000, () => socket.destroy());
    socket.on("data", (d) => {
      data += String(d);
    });
    socket.on("close", () => {
      const pid = Number.parseInt(data.trim(), 10);
      resolve(Number.isInteger(pid) && pid > 0 ? pid : undefined);
    });
    socket.on("error", () => resolve(undefined));
  });
}

/**
 * Takes the folder for this process, or throws DataDirLockedError when a live process (this one
 * included) holds it. PGlite itself would let a second process in, and both would lose rows.
 */
export async function lockDataDir(dataDir: string): Promise<DirLock> {
  mkdirSync(dataDir, { recursive: true });
  const address = lockAddress(dataDir);
  const file = path.join(dataDir, LOCK_FILE);
  const server = net.createServer((socket) => socket.end(`${process.pid}\n`));
  for (let attempt = 0; ; attempt++) {
    try {
      await listen(server, address);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      const holder = await askHolder(address);
      const abstract = address.startsWith("\0");
      if (abstract || holder !== undefined || attempt > 0) throw new DataDirLockedError(dataDir, holder);
      // A socket file nobody listens on: its holder died. Remove it and try once more.
      unlinkSync(address);
    }
  }
  // Neither the socket nor its connections keep the process alive.
  server.unref();
  server.on("connection", (socket) => socket.unref());
  writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
  let released = false;
  return {
    file,
    async release() {
      if (released) return;
      released = true;
      try {
        if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
      } catch {
        // already gone
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
