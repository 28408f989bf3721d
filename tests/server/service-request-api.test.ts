import { randomUUID } from "node:crypto";
import { load } from "cheerio";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { requestPageLinks, serviceRequests } from "../../server/db/schema";
import { HONEYPOT_MESSAGE } from "../../server/features/service-requests/routes";
import { MAX_PAGE_LINKS_PER_REQUEST } from "../../server/features/service-requests/store";
import {
  HONEYPOT_FIELD,
  LOCATION_MESSAGE,
  MAX_VEHICLE_CHARS,
  PHONE_DIGITS_MESSAGE,
  VEHICLE_MESSAGE,
} from "../../src/shared/service-request-schema";
import { serviceNames } from "../../src/shared/services";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { logSink } from "../support/log-sink";
import { validServiceRequest } from "../support/service-request";
import { emptyTestSite } from "../support/test-site";

const valid = validServiceRequest;

const form = (fields: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) params.append(k, one);
  return params.toString();
};
const FORM = "application/x-www-form-urlencoded";

/** A POST to /api/contact from one client address, as JSON unless another content type is given. */
const postFrom = (app: FastifyInstance, ip: string, payload: string, type = "application/json") =>
  app.inject({ method: "POST", url: "/api/contact", remoteAddress: ip, headers: { "content-type": type }, payload });

describe.each(databaseTargets)("POST /api/contact on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  const log = logSink();
  const logLines = log.lines;

  const count = async () => (await db.db.select({ id: serviceRequests.id }).from(serviceRequests)).length;
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json", ...headers },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });

  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await buildApp({
      config: testConfig({ serviceRequestRateLimit: { max: 10_000, timeWindowMs: 60_000 } }),
      logger: { level: "info", stream: log.stream },
      site: emptyTestSite(),
      db,
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });
  beforeEach(() => {
    logLines.length = 0;
  });

  it("stores a valid JSON request field for field and answers 201 {id, createdAt, requestPage} after the commit", async () => {
    const before = Date.now();
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["createdAt", "id", "requestPage"]);
    expect(body.requestPage).toMatch(/^\/request\/[A-Za-z0-9_-]{43}$/);
    expect(Number.isInteger(body.id)).toBe(true);
    const rows = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, body.id));
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject(valid);
    expect(row?.createdAt?.toISOString()).toBe(body.createdAt);
    // created_at is now(), in UTC, whatever the database server's time zone.
    expect(Math.abs(new Date(body.createdAt).getTime() - before)).toBeLessThan(60_000);
  });

  it("gives every stored request its own increasing id and trims surrounding spaces", async () => {
    const a = (await post({ ...valid, name: "  Ann  " })).json();
    const b = (await post({ ...valid, service: "Vehicle Lockouts" })).json();
    expect(b.id).toBeGreaterThan(a.id);
    const [rowA] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, a.id));
    expect(rowA?.name).toBe("Ann");
  });

  it("stores the optional vehicle in its own column, trimmed, and null when it is left out or blank", async () => {
    const withVehicle = (await post({ ...valid, vehicle: "  2014 Honda Civic, silver " })).json();
    const without = (await post(valid)).json();
    const blank = (await post({ ...valid, vehicle: "   " })).json();
    const viaForm = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": FORM },
      payload: form({ ...valid, name: "Form Vehicle", vehicle: "" }),
    });
    expect(viaForm.statusCode).toBe(303);
    const vehicleOf = async (where: ReturnType<typeof eq>) =>
      (await db.db.select().from(serviceRequests).where(where))[0]?.vehicle;
    expect(await vehicleOf(eq(serviceRequests.id, withVehicle.id))).toBe("2014 Honda Civic, silver");
    expect(await vehicleOf(eq(serviceRequests.id, without.id))).toBeNull();
    expect(await vehicleOf(eq(serviceRequests.id, blank.id))).toBeNull();
    expect(await vehicleOf(eq(serviceRequests.name, "Form Vehicle"))).toBeNull();
  });

  it("refuses a vehicle that is too long, not text, or unstorable: 400 naming the field, no row", async () => {
    const before = await count();
    for (const vehicle of ["x".repeat(MAX_VEHICLE_CHARS + 1), 2014, null, ["Civic", "Accord"], "Civic\u0000"]) {
      const res = await post({ ...valid, vehicle });
      expect(res.statusCode, JSON.stringify(vehicle)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(["vehicle"]);
    }
    expect((await post({ ...valid, vehicle: "x".repeat(MAX_VEHICLE_CHARS + 1) })).json().fields.vehicle).toBe(
      VEHICLE_MESSAGE,
    );
    expect(await count()).toBe(before);
  });

  it("accepts every one of the ten services, spelled as in the specification", async () => {
    for (const service of serviceNames) {
      const res = await post({ ...valid, service });
      expect(res.statusCode, service).toBe(201);
    }
  });

  it("logs a stored request with its id and service only", async () => {
    const res = await post(valid);
    const { id } = res.json();
    const stored = logLines.find((l) => l.msg === "service request stored");
    expect(stored).toMatchObject({ serviceRequestId: id, service: "Jump Start" });
    const all = JSON.stringify(logLines);
    for (const secret of [valid.name, valid.email, valid.phone, valid.pickupLocation, valid.dropoffLocation]) {
      expect(all).not.toContain(secret);
    }
  });

  it("stores a plain form post and redirects it (303) to the confirmation page", async () => {
    const before = await count();
    const res = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": FORM },
      payload: form({ ...valid, name: "Form Sender", [HONEYPOT_FIELD]: "" }),
    });
    expect(res.statusCode).toBe(303);
    expect(await count()).toBe(before + 1);
    const rows = await db.db.select().from(serviceRequests).where(eq(serviceRequests.name, "Form Sender"));
    // The confirmation page shows the same request number the JSON answer carries, and its page's link.
    expect(res.headers.location).toMatch(new RegExp(`^/contact/sent\\?id=${rows[0]?.id}&token=[A-Za-z0-9_-]{43}$`));
    expect(rows[0]).toMatchObject({ ...valid, name: "Form Sender" });
  });

  /** The links to request `id`'s page, as stored (hashes). */
  const linksOf = async (id: number) =>
    (await db.db.select().from(requestPageLinks).where(eq(requestPageLinks.serviceRequestId, id))).length;

  it("a repeat of an Idempotency-Key gets the first request's 201 and stores nothing, also when tries overlap", async () => {
    const before = await count();
    const key = randomUUID();
    const first = await post(valid, { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    // The same form sent again (its first answer may be the one that was lost): the same request, and,
    // since only the token's hash was kept, a link of its own; both open the same request's page.
    const again = await post(valid, { "idempotency-key": key });
    expect(again.statusCode).toBe(201);
    expect({ ...again.json(), requestPage: undefined }).toEqual({ ...first.json(), requestPage: undefined });
    expect(again.json().requestPage).toMatch(/^\/request\/[A-Za-z0-9_-]{43}$/);
    expect(again.json().requestPage).not.toBe(first.json().requestPage);
    for (const link of [first.json().requestPage, again.json().requestPage]) {
      const page = await app.inject({ method: "GET", url: link });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`Service request #${first.json().id}`);
    }
    // Tries at the same moment (a double tap, a retry racing the first answer): one row.
    const burstKey = randomUUID();
    const burst = await Promise.all(Array.from({ length: 6 }, () => post(valid, { "idempotency-key": burstKey })));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(burst.map((r) => r.json().id)).size).toBe(1);
    expect(await count()).toBe(before + 2);
    const stored = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, first.json().id));
    expect(stored[0]?.name).toBe(valid.name);
    // Without a key every request is its own.
    expect((await post(valid)).json().id).not.toBe((await post(valid)).json().id);
  });

  it("a repeat of a key with another body gets the first 201 without a link: the key alone opens no page", async () => {
    const key = randomUUID();
    const first = await post(valid, { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    const { id, createdAt } = first.json() as { id: number; createdAt: string };
    // Someone who learned the key, with a body of their own (or one field changed): the first request's
    // number and time, nothing stored, and no link to its page.
    for (const other of [
      { ...validServiceRequest, name: "Someone Else", phone: "(209) 555-0199", email: "someone@example.com" },
      { ...valid, name: "Maria L." },
      { ...valid, vehicle: "2014 Honda Civic" },
      { ...valid, language: "es" },
    ]) {
      const res = await post(other, { "idempotency-key": key });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ id, createdAt });
    }
    expect(await linksOf(id)).toBe(1);
    const [row] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(row?.name).toBe(valid.name);
  });

  it("mints at most 5 links per request however often the same form is repeated, at once or one by one", async () => {
    const key = randomUUID();
    const first = await post(valid, { "idempotency-key": key });
    const { id } = first.json() as { id: number };
    const repeats = await Promise.all(Array.from({ length: 8 }, () => post(valid, { "idempotency-key": key })));
    expect(repeats.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const linked = repeats.filter((r) => r.json().requestPage !== undefined);
    expect(linked).toHaveLength(MAX_PAGE_LINKS_PER_REQUEST - 1);
    expect(await linksOf(id)).toBe(MAX_PAGE_LINKS_PER_REQUEST);
    const later = await post(valid, { "idempotency-key": key });
    expect(later.json()).toEqual({ id, createdAt: first.json().createdAt });
    expect(await linksOf(id)).toBe(MAX_PAGE_LINKS_PER_REQUEST);
  });

  it.each(["short", "x".repeat(129), "has space in it", "clé-de-requête-accentuée"])(
    "refuses the Idempotency-Key %j with a 400 that says what to do, and stores nothing",
    async (key) => {
      const before = await count();
      const res = await post(valid, { "idempotency-key": key });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "bad_request",
        message: expect.stringMatching(/Idempotency-Key.*555-0142/),
      });
      expect(await count()).toBe(before);
    },
  );

  describe("rejections store nothing", () => {
    let before: number;
    beforeEach(async () => {
      before = await count();
    });
    const expectNothingStored = async () => expect(await count()).toBe(before);

    it("400 with a message per missing or blank field", async () => {
      const res = await post({ name: "", email: "   ", service: "Towing" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: "Some fields are missing or invalid.",
        message: "Some fields are missing or invalid.",
        code: "invalid_fields",
        fields: {
          name: "Required",
          email: "Required",
          phone: "Required",
          pickupLocation: "Required",
          dropoffLocation: "Required",
        },
      });
      await expectNothingStored();
    });

    it("400 for a phone that is not 10 or 11 digits and a location too short to find", async () => {
      for (const phone of ["12", "555-0142", "209-555-01420", "22095550142"]) {
        const res = await post({ ...valid, phone, pickupLocation: "x", dropoffLocation: " ab " });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual({
          phone: PHONE_DIGITS_MESSAGE,
          pickupLocation: LOCATION_MESSAGE,
          dropoffLocation: LOCATION_MESSAGE,
        });
      }
      await expectNothingStored();
    });

    it("400 for a wrong type, a bad e-mail and a service that is not on the list", async () => {
      const res = await post({ ...valid, name: 42, email: "not-an-email", service: "Helicopter" });
      expect(res.statusCode).toBe(400);
      const { fields } = res.json();
      expect(fields).toEqual({
        name: "Expected string, received number",
        email: "Invalid email",
        service: "Choose one of the listed services",
      });
      await expectNothingStored();
    });

    it.each([["[]"], ["null"], ['"x"'], ["12"], ["true"], ["[{}]"]])(
      "400 for the non-object JSON body %s",
      async (raw) => {
        const res = await post(raw);
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual({});
        expect(res.json().error).toMatch(/one object/);
        await expectNothingStored();
      },
    );

    it("400 for malformed JSON and an empty JSON body", async () => {
      expect((await post("{name:")).statusCode).toBe(400);
      expect((await post("")).statusCode).toBe(400);
      await expectNothingStored();
    });

    it("prototype-pollution keys are dropped (JSON) or refused with the form; nothing polluted", async () => {
      const body = JSON.stringify(valid).slice(1);
      expect((await post(`{"__proto__":{"admin":true},${body}`)).statusCode).toBe(201);
      expect((await post(`{"constructor":{"prototype":{"admin":true}},${body}`)).statusCode).toBe(201);
      const formRes = await app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { "content-type": FORM },
        payload: `__proto__[admin]=1&constructor[prototype][admin]=1&${form(valid).replace("name=", "__proto__=")}`,
      });
      expect(formRes.statusCode).toBe(400);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
      expect(await count()).toBe(before + 2); // the two JSON ones; the form stored nothing
    });

    it("ignores extra fields: a client cannot choose the id or created_at", async () => {
      const res = await post({ ...valid, id: 999_999, createdAt: "2000-01-01T00:00:00Z", notes: "x" });
      expect(res.statusCode).toBe(201);
      const { id, createdAt } = res.json();
      expect(id).not.toBe(999_999);
      expect(createdAt.startsWith("2000")).toBe(false);
      const [row] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
      expect(row).toMatchObject(valid);
    });

    it("415 for an unsupported content type", async () => {
      for (const type of ["text/plain", "multipart/form-data; boundary=x", "application/xml"]) {
        const res = await post(JSON.stringify(valid), { "content-type": type });
        expect(res.statusCode, type).toBe(415);
        expect(res.json().message).toMatch(/Unsupported content type/);
      }
      await expectNothingStored();
    });

    it("413 for a body over 16 KB, JSON or form", async () => {
      const big = { ...valid, pickupLocation: "x".repeat(17 * 1024) };
      const res = await post(big);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toMatch(/at most 16 KB/);
      const formRes = await app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { "content-type": FORM },
        payload: form(big),
      });
      expect(formRes.statusCode).toBe(413);
      expect(formRes.headers["content-type"]).toMatch(/text\/html/);
      expect(formRes.body).toContain("at most 16 KB");
      await expectNothingStored();
    });

    it("honeypot filled: 400 with a refusal, no row, and the form gets a page", async () => {
      const res = await post({ ...valid, [HONEYPOT_FIELD]: "https://spam.example" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: HONEYPOT_MESSAGE, message: HONEYPOT_MESSAGE, code: "refused", fields: {} });
      expect(res.json()).not.toHaveProperty("id");
      const formRes = await app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { "content-type": FORM },
        payload: form({ ...valid, [HONEYPOT_FIELD]: "spam" }),
      });
      expect(formRes.statusCode).toBe(400);
      expect(formRes.body).toContain("This request was not accepted.");
      await expectNothingStored();
    });

    it("invalid form post: 400 HTML page that lists what to fix in our words, never the visitor's", async () => {
      const res = await app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { "content-type": FORM },
        payload: form({
          name: "<script>alert(1)</script>",
          email: "<img src=x onerror=alert(1)>",
          service: "<b>bold</b>",
          phone: ["1", "2"],
        }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      const $ = load(res.body);
      expect(
        $('[data-testid="contact-problems"] li')
          .map((_, li) => $(li).text())
          .get(),
      ).toEqual([
        "Email: Invalid email",
        "Phone: Expected string, received array",
        "Service: Choose one of the listed services",
        "Pickup location: Required",
        "Drop-off location: Required",
      ]);
      expect($('[role="alert"]').first().text()).not.toContain("alert(1)");
      // What was sent comes back only as the fields' values (and the island's JSON props), never as markup.
      expect($('form [name="name"]').attr("value")).toBe("<script>alert(1)</script>");
      expect(res.body).not.toContain("<script>alert(1)");
      expect(res.body).not.toContain("<img src=x");
      expect(res.body).not.toContain("<b>bold");
      expect($("b, img").length).toBe(0);
      await expectNothingStored();
    });
  });

  it("offers no public route that reads stored requests; other methods on /api/contact get 405 with Allow: POST", async () => {
    await post(valid);
    for (const [method, url, status] of [
      ["GET", "/api/contact", 405],
      ["HEAD", "/api/contact", 405],
      ["PUT", "/api/contact", 405],
      ["PATCH", "/api/contact", 405],
      ["DELETE", "/api/contact", 405],
      ["GET", "/api/contact/1", 404],
      ["GET", "/api/contacts", 404],
      ["GET", "/api/contact-requests", 404],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(status);
      if (status === 405) expect(res.headers.allow).toBe("POST");
      if (method !== "HEAD" && status === 405) expect(res.json().message).toContain("(209) 555-0142");
      expect(res.body).not.toContain(valid.email);
    }
  });

  it("/healthz answers ok while the database answers", async () => {
    const res = await app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });
});

describe.each(databaseTargets)("rate limit and failures on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    db = await openTestDatabase(target);
  });
  afterAll(async () => {
    await db?.close();
  });
  const count = async () => (await db.db.select({ id: serviceRequests.id }).from(serviceRequests)).length;
  /** A fresh app (a fresh limiter) that stores at most two requests a minute per client. */
  const limitedApp = () =>
    buildApp({
      config: testConfig({ serviceRequestRateLimit: { max: 2, timeWindowMs: 60_000 } }),
      logger: false,
      site: emptyTestSite(),
      db,
    });

  it("429 with Retry-After and a readable message past the limit, per client; nothing stored", async () => {
    const app = await limitedApp();
    try {
      const send = (ip: string, type = "application/json") =>
        postFrom(app, ip, type === FORM ? form(valid) : JSON.stringify(valid), type);
      expect((await send("10.0.0.1")).statusCode).toBe(201);
      expect((await send("10.0.0.1", FORM)).statusCode).toBe(303);
      const before = await count();
      const limited = await send("10.0.0.1");
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json().error).toBe("Too Many Requests");
      expect(limited.json().code).toBe("rate_limited");
      expect(limited.json().message).toMatch(
        /Too many service requests .* try again in \d+ seconds, or call us at \(209\) 555-0142/,
      );
      const limitedForm = await send("10.0.0.1", FORM);
      expect(limitedForm.statusCode).toBe(429);
      expect(limitedForm.headers["content-type"]).toMatch(/text\/html/);
      expect(limitedForm.body).toContain("Too many service requests from your connection");
      expect(limitedForm.body).toContain("(209) 555-0142");
      expect(await count()).toBe(before);
      // Another client is not affected.
      expect((await send("10.0.0.2")).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });

  it("counts stored requests and honeypot refusals, not a driver's mistakes (invalid, too large, wrong type)", async () => {
    const app = await limitedApp();
    try {
      const send = (payload: string, type?: string) => postFrom(app, "10.0.0.9", payload, type);
      // Ten mistakes of every kind: none counts.
      for (let i = 0; i < 10; i++) {
        expect((await send(JSON.stringify({ ...valid, email: "not an email" }))).statusCode).toBe(400);
        expect((await send(form({ ...valid, phone: "" }), FORM)).statusCode).toBe(400);
        expect((await send(JSON.stringify({ ...valid, name: "x".repeat(20_000) }))).statusCode).toBe(413);
        expect((await send("name=x", "text/plain")).statusCode).toBe(415);
        expect((await send("{broken")).statusCode).toBe(400);
      }
      // The limit (2) is still whole: one honeypot refusal and one stored request, then 429.
      expect((await send(JSON.stringify({ ...valid, [HONEYPOT_FIELD]: "http://spam.example" }))).statusCode).toBe(400);
      expect((await send(JSON.stringify(valid))).statusCode).toBe(201);
      expect((await send(JSON.stringify(valid))).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it("/healthz answers 503 and the API 500 (JSON) or 503 (form page) once the database is gone", async () => {
    const other = await openTestDatabase(target);
    const app = await buildApp({ config: testConfig(), logger: false, site: emptyTestSite(), db: other });
    try {
      await other.close();
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(503);
      const res = await app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(valid),
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).not.toHaveProperty("id");
      const formRes = await app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { "content-type": FORM },
        payload: form(valid),
      });
      expect(formRes.statusCode).toBe(503);
      expect(formRes.body).toContain("We could not save your request just now");
    } finally {
      await app.close();
    }
  });
});
