/** What the benchmarks share: the service request they send, percentiles, and a scratch schema. */
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
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

/** A SQL array literal of fixed strings (the benches' own word lists, quoted), for INSERT ... SELECT seeds. */
export const sqlArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`);

/** One printed result: "label   p50 … ms   p95 … ms   note", the label padded to `width`. */
export const latencyLine = (label: string, r: { p50: number; p95: number }, note: string, width = 36) =>
  `${label.padEnd(width)} p50 ${r.p50.toFixed(1).padStart(7)} ms   p95 ${r.p95.toFixed(1).padStart(7)} ms   ${note}`;

/** The p-th percentile (0-1) of ascending numbers; 0 for none. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** The median of values in any order. */
export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/**
 * Paired differences (a[i] - b[i], loaded back to back): their mean with a 95% interval (normal
 * approximation, fair from about 30 pairs) and how many pairs had a later than b. Paint times come in
 * whole frames and often in two modes, so a median of ratios can swing by a frame between runs; the
 * interval says whether a difference is larger than the noise.
 */
export function pairedDifference(a: number[], b: number[]) {
  // A pair with a reading missing on either side is left out, not counted as no difference.
  const differences = a.map((value, i) => value - (b[i] ?? Number.NaN)).filter(Number.isFinite);
  const n = differences.length;
  const mean = differences.reduce((sum, d) => sum + d, 0) / n;
  const variance = differences.reduce((sum, d) => sum + (d - mean) ** 2, 0) / (n - 1);
  // Under two pairs there is no spread to measure: no interval.
  const margin = n < 2 ? Number.NaN : 1.96 * Math.sqrt(variance / n);
  return { mean, low: mean - margin, high: mean + margin, later: differences.filter((d) => d > 0).length, n };
}

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
