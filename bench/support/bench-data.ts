/** What the benchmarks share: the service request they send, percentiles, and a scratch schema. */
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import type { ServiceRequest } from "../../src/shared/service-request-schema";
import { withSearchPath } from "../../tests/support/databases";

/** One valid service request, as the form sends it. */
export const benchServiceRequest: ServiceRequest = {
  name: "Bench Driver",
  email: "bench@example.com",
  phone: "209-555-0100",
  service: "Towing",
  pickupLocation: "Pacific Ave & March Ln, Stockton",
  dropoffLocation: "1200 W Fremont St, Stockton",
  language: "en",
};

/** Sends the service request to POST /api/contact from `connections` callers for `seconds`, as fast as it answers. */
export const postServiceRequests = (origin: string, connections: number, seconds: number) =>
  autocannon({
    url: `${origin}/api/contact`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(benchServiceRequest),
    connections,
    duration: seconds,
  });

/** The p-th percentile (0-1) of ascending numbers; 0 for none. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/**
 * Runs `run` on PGlite (no DATABASE_URL) or in a schema of its own on DATABASE_URL's PostgreSQL,
 * dropped afterwards, so a bench never meets another run's rows.
 */
export async function withScratchSchema<T>(run: (databaseUrl: string | undefined) => Promise<T>): Promise<T> {
  const baseUrl = process.env.DATABASE_URL || undefined;
  if (!baseUrl) return run(undefined);
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`CREATE SCHEMA "${schema}"`);
  try {
    return await run(withSearchPath(baseUrl, schema));
  } finally {
    await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  }
}
