import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { serviceRequests } from "../../server/db/schema";
import { databaseTargets } from "../support/databases";
import { keepPosting } from "../support/keep-posting";
import {
  freePort,
  type ServerProcess,
  startServer,
  stopServer,
  waitHealthy,
  writeMinimalSite,
} from "../support/server-process";

/**
 * "A 201 means the row is on disk": the real server takes requests from several clients at once and
 * is killed with SIGKILL in the middle, several times, then restarted on the same data. Every id it
 * acknowledged must be there afterwards, holding what was sent.
 */
const KILLS = 4;
const CONCURRENCY = 8;

const siteRoot = mkdtempSync(path.join(tmpdir(), "towing-durability-site-"));
const site = writeMinimalSite(siteRoot);
afterAll(() => rmSync(siteRoot, { recursive: true, force: true }));

describe.each(databaseTargets)("acknowledged service requests survive SIGKILL on $kind", (target) => {
  it(`keeps every 201 across ${KILLS} kills and restarts`, { timeout: 240_000 }, async () => {
    const place = await target.create();
    const env: Record<string, string> = {
      DATA_DIR: place.dataDir,
      DATABASE_URL: place.databaseUrl ?? "",
      DIST_DIR: site,
      CONTACT_RATE_LIMIT_MAX: "1000000",
    };
    const acknowledged = new Map<number, string>(); // id -> name sent
    let attempts = 0;
    const started: ServerProcess[] = [];
    try {
      for (let round = 0; round < KILLS; round++) {
        const server = startServer(await freePort(), env);
        started.push(server);
        await waitHealthy(server, 120_000);
        const ackedBefore = acknowledged.size;
        const load = keepPosting(
          [server],
          CONCURRENCY,
          (id, name) => acknowledged.set(id, name),
          `durability ${round}`,
        );
        // Kill it mid-stream: once it has taken requests (however busy the machine), at a random moment.
        const deadline = Date.now() + 60_000;
        while (acknowledged.size - ackedBefore < 10 && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 20));
        await new Promise((r) => setTimeout(r, Math.random() * 400));
        server.child.kill("SIGKILL");
        expect(await server.exited).toBe("SIGKILL");
        await load.stop();
        attempts += load.sent();
        // Each round must really have been taking requests when it died.
        expect(acknowledged.size - ackedBefore, `round ${round}`).toBeGreaterThan(0);
      }

      // Restart once more to prove the data opens cleanly after the last kill, then count.
      const last = startServer(await freePort(), env);
      started.push(last);
      await waitHealthy(last, 120_000);
      last.child.kill("SIGTERM");
      expect(await last.exited).toBe(0);

      const db = await openDatabase(place);
      try {
        const ids = [...acknowledged.keys()];
        const rows = await db.db
          .select({ id: serviceRequests.id, name: serviceRequests.name })
          .from(serviceRequests)
          .where(inArray(serviceRequests.id, ids));
        const found = new Map(rows.map((r) => [r.id, r.name]));
        const missing = ids.filter((id) => found.get(id) !== acknowledged.get(id));
        expect(missing, `${missing.length} of ${ids.length} acknowledged rows lost`).toEqual([]);
        expect(ids.length).toBeGreaterThan(KILLS * 5);
        console.info(`${target.kind}: ${ids.length} acknowledged of ${attempts} attempts over ${KILLS} kills; 0 lost`);
      } finally {
        await db.close();
      }
    } finally {
      await Promise.all(started.map((s) => stopServer(s)));
      await place.dispose();
    }
  });
});
