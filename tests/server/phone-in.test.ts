import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { alertOutbox, requestPageLinks, serviceRequests } from "../../server/db/schema";
import { addUser } from "../../server/features/desk/users";
import type { InboxPage } from "../../src/shared/desk-schema";
import { builtKnowledge } from "../support/content";
import { databaseTargets } from "../support/databases";
import { DeskClient } from "../support/desk-client";
import { validServiceRequest } from "../support/service-request";
import { appOnFreshDatabase, type TestDatabase } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

const PASSWORD = "correct horse battery staple";
const OWNER = "owner@example.com";

describe.each(databaseTargets)("a request taken on the phone, in the desk, on $kind", (target) => {
  let app: FastifyInstance;
  let db: TestDatabase;
  appOnFreshDatabase(target, {}, (ready) => ({ app, db } = ready), {
    site: { ...emptyTestSite(), chatKnowledge: builtKnowledge() },
    alerts: { autoStart: false },
  });
  const owner = async () => {
    await addUser(db.db, OWNER, PASSWORD).catch(() => undefined);
    const client = new DeskClient(app);
    expect((await client.signIn(OWNER, PASSWORD)).statusCode).toBe(200);
    return client;
  };

  it("is stored with source phone, a request number and a driver's page, and alerts like a web one", async () => {
    const desk = await owner();
    const res = await desk.post("/api/desk/requests", {
      ...validServiceRequest,
      pickupLocation: "I-5 southbound past Eight Mile Rd",
      language: "es",
    });
    expect(res.statusCode).toBe(201);
    const { id, requestPage } = res.json() as { id: number; requestPage: string };
    expect(requestPage).toMatch(/^\/request\/[A-Za-z0-9_-]{43}$/);
    const [row] = await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(row).toMatchObject({ source: "phone", language: "es", status: "new", name: validServiceRequest.name });
    // Only the hash of the page's token is kept.
    const token = requestPage.slice("/request/".length);
    const links = await db.db.select().from(requestPageLinks).where(eq(requestPageLinks.serviceRequestId, id));
    expect(links.map((l) => l.tokenSha256)).toEqual([createHash("sha256").update(token).digest("hex")]);
    // The same alerts as the web form gets on the configured channels (none here: so none).
    expect(await db.db.select().from(alertOutbox).where(eq(alertOutbox.serviceRequestId, id))).toEqual(
      app.alerts.channels.length ? expect.anything() : [],
    );

    const phoneOnly = (await desk.get("/api/desk/requests?source=phone")).json() as InboxPage;
    expect(phoneOnly.items.map((r) => [r.id, r.source])).toEqual([[id, "phone"]]);
    const web = await app.inject({ method: "POST", url: "/api/contact", payload: validServiceRequest });
    const all = (await desk.get("/api/desk/requests")).json() as InboxPage;
    expect(all.items.map((r) => r.source)).toEqual(["web", "phone"]);
    const webOnly = (await desk.get("/api/desk/requests?source=web")).json() as InboxPage;
    expect(webOnly.items.map((r) => r.id)).toEqual([web.json().id]);
  });

  it("is checked by the public form's schema: a 400 names each field and nothing is stored", async () => {
    const desk = await owner();
    const before = (await db.db.select().from(serviceRequests)).length;
    const res = await desk.post("/api/desk/requests", { ...validServiceRequest, phone: "12", latitude: 95 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      phone: "Enter a phone number with 10 digits (area code first), like 209-555-0142",
      latitude: "Latitude must be a number from -90 to 90",
    });
    expect(await db.db.select().from(serviceRequests)).toHaveLength(before);
  });

  it("needs a signed-in desk user and the page's CSRF token", async () => {
    const anonymous = await app.inject({ method: "POST", url: "/api/desk/requests", payload: validServiceRequest });
    expect(anonymous.statusCode).toBe(401);
    const desk = await owner();
    const noToken = await desk.post("/api/desk/requests", validServiceRequest, false);
    expect(noToken.statusCode).toBe(403);
  });

  it("gives the caller's page again as a fresh link that replaces the desk's earlier one, never the form's", async () => {
    const desk = await owner();
    const saved = (await desk.post("/api/desk/requests", { ...validServiceRequest, language: "es" })).json() as {
      id: number;
      requestPage: string;
    };
    const opens = async (path: string) => (await app.inject({ method: "GET", url: path })).statusCode;
    const fresh = async () => {
      const res = await desk.post(`/api/desk/requests/${saved.id}/page-link`, {});
      expect(res.statusCode).toBe(201);
      expect(res.headers["cache-control"]).toBe("no-store");
      return res.json() as { path: string; language: string };
    };
    const first = await fresh();
    expect(first).toEqual({ path: expect.stringMatching(/^\/request\/[A-Za-z0-9_-]{43}$/), language: "es" });
    expect(await opens(first.path)).toBe(200);
    const second = await fresh();
    expect(second.path).not.toBe(first.path);
    expect(await opens(second.path)).toBe(200);
    expect(await opens(first.path)).toBe(404); // replaced
    expect(await opens(saved.requestPage)).toBe(200); // the save's own link stays
    // Only hashes are stored: the save's link and the desk's latest one.
    const links = await db.db.select().from(requestPageLinks).where(eq(requestPageLinks.serviceRequestId, saved.id));
    expect(links.map((l) => [l.madeAtDesk, l.tokenSha256]).sort()).toEqual(
      [
        [false, createHash("sha256").update(saved.requestPage.slice("/request/".length)).digest("hex")],
        [true, createHash("sha256").update(second.path.slice("/request/".length)).digest("hex")],
      ].sort(),
    );
    // A request that does not exist: 404; without the page's CSRF token: 403.
    expect((await desk.post("/api/desk/requests/999999/page-link", {})).statusCode).toBe(404);
    expect((await desk.post(`/api/desk/requests/${saved.id}/page-link`, {}, false)).statusCode).toBe(403);
  });
});
