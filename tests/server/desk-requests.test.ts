import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { alertOutbox, requestEvents, serviceRequests } from "../../server/db/schema";
import { type DeskEvent, type DeskRequestDetail, INBOX_PAGE_SIZE, type InboxPage } from "../../src/shared/desk-schema";
import { databaseTargets, type openTestDatabase } from "../support/databases";
import type { DeskClient } from "../support/desk-client";
import { validServiceRequest } from "../support/service-request";
import { appWithOwner } from "../support/test-app";

const OWNER = "owner@example.com";

const base = {
  ...validServiceRequest,
  vehicle: "2014 Honda Civic, silver" as string | null,
  note: null as string | null,
  language: "en" as "en" | "es",
};

/** Parses our CSV (RFC 4180) back into rows, to check what a spreadsheet would read. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

describe.each(databaseTargets)("desk requests API on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let owner: DeskClient;

  const insert = async (fields: Partial<typeof base> & { createdAt?: Date } = {}) => {
    const [row] = await db.db
      .insert(serviceRequests)
      .values({ ...base, ...fields })
      .returning({ id: serviceRequests.id });
    if (!row) throw new Error("no row");
    return row.id;
  };

  appWithOwner(target, {}, (ready) => ({ app, db, owner } = ready));

  it("lists newest first, paginated, with the inbox's columns only", async () => {
    await db.db.execute(sql`delete from ${serviceRequests}`);
    const ids: number[] = [];
    for (let i = 0; i < INBOX_PAGE_SIZE + 3; i++) ids.push(await insert({ name: `Driver ${i}` }));
    const first = (await owner.get("/api/desk/requests")).json() as InboxPage;
    expect(first.items).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.newCount).toBe(INBOX_PAGE_SIZE + 3);
    expect(first.items[0]?.id).toBe(ids.at(-1));
    expect(Object.keys(first.items[0] ?? {}).sort()).toEqual(
      ["createdAt", "id", "language", "name", "phone", "pickupLocation", "service", "source", "status"].sort(),
    );
    const second = (await owner.get("/api/desk/requests?page=2")).json() as InboxPage;
    expect(second.items.map((r) => r.id)).toEqual(ids.slice(0, 3).reverse());
    expect(second.hasMore).toBe(false);
  });

  it("filters by status, service and days in the business's time zone, and searches every contact field", async () => {
    await db.db.execute(sql`delete from ${serviceRequests}`);
    // 07:30 UTC on Nov 20 is still Nov 19 in Stockton (UTC-8).
    const lateEvening = await insert({ name: "Night Owl", createdAt: new Date("2026-11-20T07:30:00Z") });
    const morning = await insert({
      name: "Early Bird",
      service: "Flat Tire",
      phone: "209-555-0199",
      createdAt: new Date("2026-11-20T16:00:00Z"),
    });
    const other = await insert({
      name: "Pat Kim",
      email: "pat.kim@example.org",
      pickupLocation: "Lodi Park & Ride",
      dropoffLocation: "Tracy 100% Auto",
    });
    const ids = async (query: string) =>
      ((await owner.get(`/api/desk/requests?${query}`)).json() as InboxPage).items.map((r) => r.id);

    expect(await ids("from=2026-11-19&to=2026-11-19")).toEqual([lateEvening]);
    expect(await ids("from=2026-11-20&to=2026-11-20")).toEqual([morning]);
    expect(await ids("service=Flat%20Tire")).toEqual([morning]);
    expect(await ids("q=early")).toEqual([morning]);
    expect(await ids("q=555-0199")).toEqual([morning]);
    expect(await ids("q=2095550199")).toEqual([morning]); // the phone's digits, however it was typed
    expect(await ids("q=PAT.KIM%40example")).toEqual([other]);
    expect(await ids("q=lodi%20park")).toEqual([other]);
    expect(await ids("q=tracy%20100%25")).toEqual([other]);
    // % and _ are searched for as themselves, not as wildcards.
    expect(await ids("q=%25")).toEqual([other]);
    expect(await ids("q=_")).toEqual([]);
    await owner.post(`/api/desk/requests/${other}/status`, { status: "spam" });
    expect(await ids("status=spam")).toEqual([other]);
    expect(await ids("status=new&q=pat")).toEqual([]);

    const bad = await owner.get("/api/desk/requests?status=archived");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/status/);
    expect((await owner.get("/api/desk/requests?from=2026-13-45")).statusCode).toBe(400);
  });

  it("shows every field, its alert deliveries and its history; records who changed what and when", async () => {
    const id = await insert();
    await db.db.insert(alertOutbox).values([
      { serviceRequestId: id, channel: "email", state: "sent", attempts: 1 },
      {
        serviceRequestId: id,
        channel: "webhook",
        state: "pending",
        attempts: 2,
        lastError: "HTTP 503 from the receiver",
        // Waiting for its retry, as after two failures: due now, the app's alert worker would try it again
        // (this server has no webhook) before the assertions below read it.
        nextAttemptAt: new Date(Date.now() + 60 * 60_000),
      },
    ]);
    for (const status of ["contacted", "dispatched", "completed"]) {
      const res = await owner.post(`/api/desk/requests/${id}/status`, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ changed: true });
    }
    expect((await owner.post(`/api/desk/requests/${id}/status`, { status: "completed" })).json()).toEqual({
      changed: false,
    });
    const note = await owner.post(`/api/desk/requests/${id}/notes`, { note: "  Driver picked up at 10:40  " });
    expect(note.statusCode).toBe(201);

    const detail = (await owner.get(`/api/desk/requests/${id}`)).json() as DeskRequestDetail;
    expect(detail.request).toMatchObject({ ...base, id, status: "completed" });
    expect(detail.alerts.map((a) => [a.channel, a.state, a.attempts, a.lastError])).toEqual([
      ["email", "sent", 1, null],
      ["webhook", "pending", 2, "HTTP 503 from the receiver"],
    ]);
    const history = detail.events.map((e: DeskEvent) => [e.kind, e.actor, e.fromStatus, e.toStatus, e.note]);
    expect(history).toEqual([
      ["note", OWNER, null, null, "Driver picked up at 10:40"],
      ["status", OWNER, "dispatched", "completed", null],
      ["status", OWNER, "contacted", "dispatched", null],
      ["status", OWNER, "new", "contacted", null],
    ]);
    for (const e of detail.events) expect(Math.abs(Date.parse(e.at) - Date.now())).toBeLessThan(60_000);

    expect((await owner.post(`/api/desk/requests/${id}/status`, { status: "archived" })).statusCode).toBe(400);
    expect((await owner.post(`/api/desk/requests/${id}/notes`, { note: "   " })).statusCode).toBe(400);
    expect((await owner.get("/api/desk/requests/999999")).statusCode).toBe(404);
    expect((await owner.get("/api/desk/requests/abc")).statusCode).toBe(404);
  });

  it("deletes a request with its alerts and notes, and keeps a deletion record without personal data", async () => {
    const id = await insert({ name: "Forget Me", email: "forget@example.com", phone: "209-555-0111" });
    await db.db.insert(alertOutbox).values({ serviceRequestId: id, channel: "email" });
    await owner.post(`/api/desk/requests/${id}/notes`, { note: "Forget Me asked to be called at 209-555-0111" });

    const del = await owner.request({ method: "DELETE", url: `/api/desk/requests/${id}` });
    expect(del.statusCode).toBe(204);
    expect(await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id))).toEqual([]);
    expect(await db.db.select().from(alertOutbox).where(eq(alertOutbox.serviceRequestId, id))).toEqual([]);
    const left = await db.db.select().from(requestEvents).where(eq(requestEvents.requestId, id));
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ kind: "deleted", actor: OWNER, note: null });
    expect(JSON.stringify(left)).not.toMatch(/forget|0111/i);

    const activity = (await owner.get("/api/desk/activity")).json() as DeskEvent[];
    expect(activity[0]).toMatchObject({ kind: "deleted", requestId: id, actor: OWNER });
    expect((await owner.get(`/api/desk/requests/${id}`)).statusCode).toBe(404);
    expect((await owner.request({ method: "DELETE", url: `/api/desk/requests/${id}` })).statusCode).toBe(404);
  });

  it("exports the current filter as RFC 4180 CSV in UTF-8, times in the business's zone, formulas neutralised", async () => {
    await db.db.execute(sql`delete from ${serviceRequests}`);
    await insert({
      name: 'Ana "Nana" Núñez, Jr.',
      phone: "+1 209 555 0100",
      email: '=HYPERLINK("http://evil.example","x")',
      pickupLocation: "Line one\nLine two",
      dropoffLocation: "@SUM(A1:A2)",
      vehicle: "=1+1 Ford, red",
      note: "+call first\nGate 12",
      createdAt: new Date("2026-07-04T19:05:09Z"),
    });
    await insert({
      name: "-2+3",
      pickupLocation: "\tTabbed",
      dropoffLocation: "\rReturn",
      service: "Flat Tire",
      vehicle: null,
    });

    const res = await owner.get("/api/desk/requests.csv?service=Jump%20Start");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="service-requests-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const raw = res.rawPayload.toString("utf8");
    expect(raw.startsWith("\uFEFF")).toBe(true);
    expect(raw.endsWith("\r\n")).toBe(true);
    const rows = parseCsv(raw.slice(1));
    expect(rows[0]).toEqual([
      "ID",
      "Received (America/Los_Angeles)",
      "Status",
      "Service",
      "Name",
      "Phone",
      "Email",
      "Pickup location",
      "Drop-off location",
      "Vehicle",
      "Note",
      "Language",
      "Source",
      "Latitude",
      "Longitude",
      "Accuracy (m)",
      "Location time (America/Los_Angeles)",
      "Nearest town",
      "Nearest town distance (km)",
      "Service area",
      "OpenStreetMap",
    ]);
    expect(rows).toHaveLength(2); // the filter applies: the Flat Tire request is not in it
    expect(rows[1]?.slice(1)).toEqual([
      "2026-07-04 12:05:09", // PDT, UTC-7
      "new",
      "Jump Start",
      'Ana "Nana" Núñez, Jr.',
      "'+1 209 555 0100",
      '\'=HYPERLINK("http://evil.example","x")',
      "Line one\nLine two",
      "'@SUM(A1:A2)",
      "'=1+1 Ford, red",
      "'+call first\nGate 12",
      "English",
      "web",
      ...Array(8).fill(""), // no position was sent
    ]);

    const all = parseCsv((await owner.get("/api/desk/requests.csv")).rawPayload.toString("utf8").slice(1));
    expect(all).toHaveLength(3);
    // A request sent without the optional vehicle has an empty cell, not "null".
    expect(all[1]?.slice(4)).toEqual([
      "'-2+3",
      "(209) 555-0100",
      "maria@example.com",
      "'\tTabbed",
      "'\rReturn",
      "",
      "",
      "English",
      "web",
      ...Array(8).fill(""),
    ]);
  });

  it("tells the owner which requests came from the Spanish site: the inbox, the request and the CSV say Spanish", async () => {
    const id = await insert({ name: "Rosa Spanish", language: "es" });
    await insert({ name: "Ed English" });
    const inbox = (await owner.get("/api/desk/requests")).json() as { items: { id: number; language: string }[] };
    expect(inbox.items.find((r) => r.id === id)?.language).toBe("es");
    expect((await owner.get(`/api/desk/requests/${id}`)).json()).toMatchObject({ request: { id, language: "es" } });
    const rows = parseCsv((await owner.get("/api/desk/requests.csv")).rawPayload.toString("utf8").slice(1));
    const language = rows[0]?.indexOf("Language") ?? -1;
    expect(rows.find((r) => r[0] === String(id))?.[language]).toBe("Spanish");
    expect(rows.find((r) => r.includes("Ed English"))?.[language]).toBe("English");
  });

  it("never shows a stored request on a public route", async () => {
    await insert({ name: "Private Person" });
    for (const url of ["/api/contact", "/api/desk", "/api/requests", "/api/desk/requests"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.body).not.toMatch(/Private Person/);
    }
  });
});
