import { Writable } from "node:stream";
import fc from "fast-check";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { serviceRequests } from "../../server/db/schema";
import { listRequests } from "../../server/features/desk/requests";
import { addUser } from "../../server/features/desk/users";
import { safeErrorForLog } from "../../server/log-safety";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { DeskClient } from "../support/desk-client";
import { emptyTestSite } from "../support/test-site";

/**
 * Hostile input on every desk route, signed in: NUL, lone surrogates, U+FFFD, impossible dates,
 * arrays where one value belongs, wrong types, broken JSON. Every answer is a 4xx or a success,
 * never a 5xx, on each database; and none of the values typed ever reaches the log.
 */
const CASES = 5000;
const PASSWORD = "correct horse battery staple";
/** Markers inside the hostile values: the log must contain none of them. */
const SECRET_NOTE = "MARKER-NOTE-7Q";
const SECRET_SEARCH = "209-555-0199";
const SECRET_EMAIL = "marker.typed@example.com";
const SECRET_PASSWORD = "marker-password-9Z";

const hostileText = fc.oneof(
  fc.constantFrom(
    "\u0000",
    `a\u0000${SECRET_NOTE}`,
    "\uD800",
    `\uDC00${SECRET_SEARCH}`,
    "\uFFFD",
    `${SECRET_SEARCH}\uD83D`,
    SECRET_SEARCH,
    SECRET_NOTE,
    "",
    " ",
    "%",
    "_",
    "\\",
    "'; drop table contact_requests; --",
    "x".repeat(5000),
    "😀".repeat(300),
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ maxLength: 40 }).map((s) => `${s}\u0000`),
);
const hostileDate = fc.oneof(
  fc.constantFrom(
    "2026-02-30",
    "0000-01-01",
    "2026-13-01",
    "2026-00-10",
    "2025-02-29",
    "9999-12-31",
    "0001-01-01",
    "2024-02-29",
    "2026-11-23",
    "+12026-01-01",
    "2026-1-1",
    "2026-02-30T00:00:00Z",
    "\u00002026-01-01",
  ),
  fc
    .tuple(fc.integer({ min: 0, max: 99999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
    .map(([y, m, d]) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`),
);
const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), hostileText, { maxKeys: 3 }),
);
const statusValue = fc.oneof(fc.constantFrom("new", "contacted", "spam", "bogus", ""), hostileText);
const idSegment = fc.oneof(
  fc.constantFrom(
    "1",
    "2",
    "0",
    "-1",
    "1.5",
    "1e3",
    "99999999999",
    "2147483648",
    "%00",
    "%ED%A0%80",
    "abc",
    "%F0%9F%98%80",
  ),
  fc.nat().map(String),
);

/** A query string with hostile values, repeated keys (arrays), and undecodable escapes. */
const query = fc
  .array(
    fc.tuple(
      fc.constantFrom("status", "service", "from", "to", "q", "page", "q[]", "from[0]", "other"),
      fc.oneof(hostileText, hostileDate, statusValue, fc.constantFrom("%ED%A0%80", "%00", "%E0%A4%A")),
    ),
    { maxLength: 5 },
  )
  .map((pairs) =>
    pairs
      .map(([k, v]) =>
        // Some values go raw (already escaped, or deliberately broken); the rest are properly encoded.
        v.startsWith("%")
          ? `${k}=${v}`
          : `${encodeURIComponent(k)}=${encodeURIComponent(v.toWellFormed()).replace(/%EF%BF%BD/g, "%ED%A0%80")}`,
      )
      .join("&"),
  );

const body = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(fc.record(fields, { requiredKeys: [] }), jsonish, fc.array(fc.record(fields), { maxLength: 2 }));

const deskCase: fc.Arbitrary<InjectOptions> = fc.oneof(
  query.map((q) => ({ method: "GET" as const, url: `/api/desk/requests?${q}` })),
  query.map((q) => ({ method: "GET" as const, url: `/api/desk/requests.csv?${q}` })),
  idSegment.map((id) => ({ method: "GET" as const, url: `/api/desk/requests/${id}` })),
  fc.tuple(idSegment, body({ note: fc.oneof(hostileText, jsonish) })).map(([id, payload]) => ({
    method: "POST" as const,
    url: `/api/desk/requests/${id}/notes`,
    payload: JSON.stringify(payload),
  })),
  fc.tuple(idSegment, body({ status: fc.oneof(statusValue, jsonish) })).map(([id, payload]) => ({
    method: "POST" as const,
    url: `/api/desk/requests/${id}/status`,
    payload: JSON.stringify(payload),
  })),
  body({
    email: fc.oneof(hostileText, jsonish, fc.constant(SECRET_EMAIL), fc.constant(`${SECRET_EMAIL}\u0000`)),
    password: fc.oneof(hostileText, jsonish, fc.constant(SECRET_PASSWORD)),
  }).map((payload) => ({ method: "POST" as const, url: "/api/desk/sign-in", payload: JSON.stringify(payload) })),
  fc
    .constantFrom('{"note":', '{"note":"\\ud800"}', "[1,2", "\u0000", '{"status":["new"]}', "null", '"text"')
    .chain((raw) => fc.tuple(fc.constant(raw), idSegment))
    .map(([raw, id]) => ({ method: "POST" as const, url: `/api/desk/requests/${id}/notes`, payload: raw })),
  idSegment.map((id) => ({ method: "DELETE" as const, url: `/api/desk/requests/${id}` })),
);

describe.each(databaseTargets)("desk API fuzz on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(target);
    const stream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      config: testConfig(),
      logger: { level: "info", stream },
      site: emptyTestSite(),
      db,
    });
    await db.db.insert(serviceRequests).values(
      [1, 2, 3].map((n) => ({
        name: `Driver ${n}`,
        email: `driver${n}@example.com`,
        phone: "(209) 555-0100",
        service: "Towing",
        pickupLocation: "4410 Pacific Ave, Stockton",
        dropoffLocation: "1200 W Fremont St, Stockton",
      })),
    );
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it(`answers ${CASES} hostile desk requests with 0 x 5xx, and logs none of the typed values`, async () => {
    await addUser(db.db, "owner@example.com", PASSWORD);
    const client = new DeskClient(app, "198.51.100.90");
    expect((await client.signIn("owner@example.com", PASSWORD)).statusCode).toBe(200);
    const cases = fc.sample(deskCase, { seed: 27, numRuns: CASES });
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    // A few at a time, as a browser with several tabs would: the database still runs them one by one.
    for (let i = 0; i < cases.length; i += 8) {
      await Promise.all(
        cases.slice(i, i + 8).map(async (c) => {
          const res = await client.request({ ...c, headers: { "content-type": "application/json" } });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) failures.push(`${c.method} ${c.url} ${String(c.payload).slice(0, 80)}`);
        }),
      );
    }
    expect(failures).toEqual([]);
    expect(cases).toHaveLength(CASES);
    // The fuzz reached the handlers, not only the gates: refusals and successes both.
    expect(statuses.get(400)).toBeGreaterThan(CASES / 10);
    expect(statuses.get(200)).toBeGreaterThan(CASES / 20);

    const log = logLines.join("");
    expect(log.length).toBeGreaterThan(0);
    for (const typed of [SECRET_NOTE, SECRET_SEARCH, SECRET_EMAIL, SECRET_PASSWORD, "drop table"]) {
      expect(log).not.toContain(typed);
    }
    expect(log).not.toMatch(/\/api\/desk\/requests(\.csv)?\?/);
  }, 120_000);

  it("logs a failed query by its code and name, never its values", async () => {
    // Bypasses the schema on purpose: the database itself refuses this day.
    const bad = { from: `2026-02-30${SECRET_SEARCH}`, q: SECRET_NOTE } as never;
    const error = await listRequests(db.db, bad, 1, 25).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    const logged = JSON.stringify(safeErrorForLog(error));
    expect(logged).not.toContain(SECRET_SEARCH);
    expect(logged).not.toContain("2026-02-30");
    expect(logged).not.toContain(SECRET_NOTE);
    expect(JSON.parse(logged)).toMatchObject({ code: expect.stringMatching(/^22/), query: "listRequests" });
  });
});
