import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { databaseTargets } from "./databases";
import { freePort, type ServerProcess, startServer, stopServer, waitHealthy, writeMinimalSite } from "./server-process";

/** Where the servers' database is: what a test reads or writes outside them. */
export interface PostgresPlace {
  dataDir: string;
  databaseUrl?: string;
}

/**
 * Runs `run` with `count` production servers (server/start.ts) on one fresh PostgreSQL schema and a
 * minimal site, each on its own free port and healthy: the path of a site run on several servers. Only
 * PostgreSQL can be shared by processes (PGlite's folder is locked to one), so it needs DATABASE_URL.
 * `env` adds to what every server gets; as a function, each server gets its own (env(0), env(1)…), and
 * they start one after the other, each healthy before the next (a later one then finds the earlier
 * ones' heartbeats). The servers are stopped, and the schema and the site removed, however `run` ends;
 * a server `run` stopped itself is left as it is.
 */
export async function withPostgresServers<T>(
  count: number,
  env: Record<string, string> | ((index: number) => Record<string, string>),
  run: (servers: ServerProcess[], place: PostgresPlace) => Promise<T>,
): Promise<T> {
  const target = databaseTargets.find((t) => t.kind === "postgres");
  if (!target) throw new Error("no PostgreSQL target");
  const place = await target.create();
  const siteRoot = mkdtempSync(path.join(tmpdir(), "towing-servers-site-"));
  const servers: ServerProcess[] = [];
  try {
    const serverEnv = {
      DATABASE_URL: place.databaseUrl ?? "",
      DATA_DIR: place.dataDir,
      DIST_DIR: writeMinimalSite(siteRoot),
    };
    for (let i = 0; i < count; i++) {
      const server = startServer(await freePort(), { ...serverEnv, ...(typeof env === "function" ? env(i) : env) });
      servers.push(server);
      if (typeof env === "function") await waitHealthy(server, 120_000);
    }
    await Promise.all(servers.map((s) => waitHealthy(s, 120_000)));
    return await run(servers, { dataDir: place.dataDir, databaseUrl: place.databaseUrl });
  } finally {
    await Promise.all(servers.map((server) => stopServer(server)));
    await place.dispose();
    rmSync(siteRoot, { recursive: true, force: true });
  }
}
