import { count } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { serviceRequests } from "../../server/db/schema";
import {
  HONEYPOT_FIELD,
  locationFields,
  MAX_VEHICLE_CHARS,
  requiredServiceRequestFields,
  serviceRequestFields,
} from "../../src/shared/service-request-schema";
import { serviceNames } from "../../src/shared/services";
import { databaseTargets, type openTestDatabase } from "../support/databases";
import { appOnFreshDatabase } from "../support/test-app";

/**
 * Anything a client can send: random JSON, broken JSON, random forms, and near-valid requests with
 * one thing wrong. Every one of them must get an answer below 500 and leave no row behind.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1_000);

const oddKeys = fc.constantFrom(
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "id",
  "createdAt",
);
const fieldValue = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(...serviceNames),
  fc.constant("   "),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);
const validFields = fc.record({
  name: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
  email: fc.constant("driver@example.com"),
  phone: fc.constantFrom("209-555-0100", "(209) 555 0100", "12095550100", "+1 209.555.0100"),
  service: fc.constantFrom(...serviceNames),
  pickupLocation: fc.constant("Pacific Ave, Stockton"),
  dropoffLocation: fc.constant("March Ln, Stockton"),
  vehicle: fc.constant("2014 Honda Civic, silver"),
});

const text = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? "null"));

/**
 * A valid request with exactly one thing made wrong: a required field missing, blank, the wrong type,
 * a bad e-mail or service, sent twice (an array), the optional vehicle too long or sent twice, or the
 * trap filled. Every way is wrong in a form too.
 */
const brokenRequest = fc
  .tuple(
    validFields,
    fc.constantFrom(...requiredServiceRequestFields, "vehicle" as const, HONEYPOT_FIELD),
    fc.nat(3),
    fieldValue,
  )
  .map(([body, field, how, value]) => {
    const out: Record<string, unknown> = { ...body };
    if (field === HONEYPOT_FIELD) out[field] = `x${text(value)}`;
    else if (field === "vehicle") out[field] = how === 2 ? [text(value), "again"] : "v".repeat(MAX_VEHICLE_CHARS + 1);
    else if (how === 0) delete out[field];
    else if (how === 1) out[field] = " \t ";
    else if (how === 2) out[field] = [text(value), "again"];
    else out[field] = field === "email" ? "not an email" : field === "service" ? "Helicopter Lift" : "";
    return out;
  });
/**
 * A valid request with a character the database cannot keep as typed put somewhere in one text
 * field: NUL (PostgreSQL refuses it), a lone surrogate (it would become U+FFFD), or U+FFFD itself.
 */
const unstorable = fc.constantFrom("\u0000", "\ud800", "\udfff", "\ufffd", "a\u0000b", "\udc00\ud800");
const poisonedRequest = fc
  .tuple(
    validFields,
    fc.constantFrom("name", "email", "phone", "pickupLocation", "dropoffLocation", "vehicle"),
    unstorable,
    fc.nat(40),
  )
  .map(([body, field, bad, at]) => {
    const value = String(body[field as keyof typeof body]);
    return { body: { ...body, [field]: value.slice(0, at) + bad + value.slice(at) }, field };
  });

/**
 * A valid request with a whole position, one part of it made wrong: out of its range, not a number,
 * sent twice, or left out while the others are there.
 */
const validFix = { latitude: 38.1302, longitude: -121.2724, accuracy: 12, fixedAt: "2026-11-27T06:10:00Z" };
const badPart = {
  latitude: fc.oneof(fc.double({ min: 90, minExcluded: true }), fc.double({ max: -90, maxExcluded: true })),
  longitude: fc.oneof(fc.double({ min: 180, minExcluded: true }), fc.double({ max: -180, maxExcluded: true })),
  // fast-check counts -0 as below 0, but a form writes it "0", a valid accuracy: keep only true negatives.
  accuracy: fc.oneof(
    fc.double({ min: 10_000, minExcluded: true }),
    fc.double({ max: 0, maxExcluded: true }).filter((x) => x < 0),
  ),
  fixedAt: fc.constantFrom("yesterday", "2026-13-01T00:00:00Z", "1732700000"),
};
const brokenLocation = fc
  .tuple(validFields, fc.constantFrom(...locationFields), fc.nat(3))
  .chain(([body, field, how]) =>
    (how === 0
      ? badPart[field]
      : how === 1
        ? fc.constantFrom("north", "1,5", "Infinity", "0x")
        : how === 2
          ? fc.constant(["38.1", "38.2"])
          : fc.constant(undefined)
    ).map((value) => {
      const fix: Record<string, unknown> = { ...validFix, [field]: value };
      // Leaving out the time is allowed (the server stamps it): leave out a part that is not.
      if (value === undefined) delete fix[field === "fixedAt" ? "accuracy" : field];
      return { ...body, ...fix };
    }),
  );

/** Wrong types only JSON can carry (a position's parts are numbers, so they are broken by brokenLocation). */
const wronglyTypedRequest = fc
  .tuple(
    validFields,
    fc.constantFrom(...serviceRequestFields.filter((f) => !(locationFields as readonly string[]).includes(f))),
    fieldValue.filter((v) => typeof v !== "string"),
  )
  .map(([body, field, value]) => ({ ...body, [field]: value }));

const jsonBody = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v) ?? "null"),
  brokenRequest.map((b) => JSON.stringify(b)),
  wronglyTypedRequest.map((b) => JSON.stringify(b)),
  brokenLocation.map((b) => JSON.stringify(b)),
  fc
    .dictionary(fc.oneof(fc.string(), oddKeys, fc.constantFrom(...serviceRequestFields)), fieldValue)
    .map((d) => JSON.stringify(d)),
  brokenRequest.chain((b) => fc.nat(200).map((n) => JSON.stringify(b).slice(0, n))), // truncated
  fc.string(), // anything at all
  fc.constantFrom("", "{", "[]", "null", '"x"', "1e999", '{"__proto__":{"a":1}}', "\u0000", "{}{}"),
);

const encode = (fields: [string, unknown][]) => {
  const params = new URLSearchParams();
  for (const [k, v] of fields) for (const one of Array.isArray(v) ? v : [v]) params.append(k, text(one));
  return params.toString();
};
const formBody = fc.oneof(
  brokenRequest.map((b) => encode(Object.entries(b))),
  brokenLocation.map((b) => encode(Object.entries(b).filter(([, v]) => v !== undefined))),
  fc
    .array(fc.tuple(fc.oneof(fc.string(), oddKeys, fc.constantFrom(...serviceRequestFields)), fc.string()), {
      maxLength: 10,
    })
    .map(encode),
  fc.string(), // raw bytes, not even form-encoded
  fc.constantFrom("", "&&&", "=", "name", "%", "%zz=%zz", "__proto__[x]=1", "a[b][c]=d"),
);

describe.each(databaseTargets)("POST /api/contact with random and malformed bodies on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  const rows = async () => (await db.db.select({ n: count() }).from(serviceRequests))[0]?.n ?? -1;

  appOnFreshDatabase(
    target,
    { serviceRequestRateLimit: { max: 1_000_000, timeWindowMs: 60_000 } },
    (ready) => ({ app, db } = ready),
  );

  const check = async (contentType: string, payload: string) => {
    const before = await rows();
    const res = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": contentType },
      payload,
    });
    expect(
      res.statusCode,
      `${res.statusCode} for ${JSON.stringify(payload)}: ${res.body.slice(0, 200)}`,
    ).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await rows()).toBe(before);
  };

  it(`${RUNS} JSON bodies: a 4xx each, never a 5xx, never a row`, async () => {
    await fc.assert(
      fc.asyncProperty(jsonBody, (payload) => check("application/json", payload)),
      { numRuns: RUNS },
    );
    expect(await rows()).toBe(0);
  });

  it(`${RUNS} form bodies: a 4xx each, never a 5xx, never a row`, async () => {
    await fc.assert(
      fc.asyncProperty(formBody, (payload) => check("application/x-www-form-urlencoded", payload)),
      { numRuns: RUNS },
    );
    expect(await rows()).toBe(0);
  });

  it(`${RUNS} requests with NUL, a lone surrogate or U+FFFD in one field: 400 naming that field, never a row`, async () => {
    await fc.assert(
      fc.asyncProperty(poisonedRequest, async ({ body, field }) => {
        const before = await rows();
        const res = await app.inject({
          method: "POST",
          url: "/api/contact",
          headers: { "content-type": "application/json" },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(Object.keys(res.json().fields)).toContain(field);
        expect(await rows()).toBe(before);
      }),
      { numRuns: RUNS },
    );
  });

  it("the same app still stores a valid request afterwards (the property is not vacuous)", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({
        name: "A",
        email: "a@example.com",
        phone: "2095550100",
        service: "Towing",
        pickupLocation: "Pacific Ave",
        dropoffLocation: "March Ln",
      }),
    });
    expect(res.statusCode).toBe(201);
    expect(await rows()).toBe(1);
  });
});
