import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { postgresUrl } from "../support/databases";
import { withPostgresServers } from "../support/postgres-servers";
import { validServiceRequest } from "../support/service-request";

/**
 * Issue 28: a repeat with the same Idempotency-Key gets the first request's answer and stores nothing,
 * "across two processes": two production servers (server/start.ts, each its own Node process and pool)
 * on one PostgreSQL database, the same key sent to both at the same moment. Only PostgreSQL can be
 * shared by two processes (PGlite's folder is locked to one), so it runs when DATABASE_URL is set.
 */
describe.runIf(postgresUrl)("Idempotency-Key across two server processes on one PostgreSQL", () => {
  it("tries of one form sent through both at once store one request, and every answer is its 201", {
    timeout: 180_000,
  }, async () => {
    await withPostgresServers(2, { CONTACT_RATE_LIMIT_MAX: "10000" }, async (servers, place) => {
      const key = randomUUID();
      // Four tries through each process, all in flight together: the answer to a try may be lost, and
      // a phone's retry may reach the other server of the cluster.
      const answers = await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const res = await fetch(`${servers[i % 2]?.url}/api/contact`, {
            method: "POST",
            headers: { "content-type": "application/json", "idempotency-key": key },
            body: JSON.stringify(validServiceRequest),
          });
          const body = (await res.json()) as { id?: number; createdAt?: string };
          return { status: res.status, id: body.id, createdAt: body.createdAt };
        }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
      const [first] = answers;
      expect(first?.id).toEqual(expect.any(Number));
      for (const answer of answers) expect(answer).toEqual(first);

      // One row in the shared database, found by the key, read outside both servers.
      const client = new pg.Client({ connectionString: place.databaseUrl });
      await client.connect();
      try {
        const rows = await client.query("select id, idempotency_key, name from contact_requests");
        expect(rows.rows).toEqual([{ id: first?.id, idempotency_key: key, name: validServiceRequest.name }]);
      } finally {
        await client.end();
      }
    });
  });
});
