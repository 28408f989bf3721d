import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { serviceRequests } from "../../server/db/schema";
import { alertEmail, webhookPayload } from "../../server/features/alerts/message";
import { privacyWords } from "../../src/i18n/privacy";
import { MAX_NOTE_CHARS, NOTE_MESSAGE } from "../../src/shared/service-request-schema";
import { databaseTargets, type openTestDatabase } from "../support/databases";
import type { DeskClient } from "../support/desk-client";
import { validServiceRequest } from "../support/service-request";
import { appWithOwner } from "../support/test-app";

const NOTE = 'Gate code 4521 <b>bold</b>\nIt won\'t roll: "park" is stuck';

/**
 * The driver's optional note (issue 48): "Anything the operator should know", stored with the
 * request, refused (never cut) past 1,000 characters, and shown to the desk, its CSV and the owner's
 * alerts as text.
 */
describe.each(databaseTargets)("the service request's note on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let owner: DeskClient;

  const postJson = (payload: unknown) =>
    app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(payload),
    });
  const postForm = (fields: Record<string, string>) =>
    app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(fields).toString(),
    });
  const rowOf = async (id: number) => (await db.db.select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0];
  const rowNamed = async (name: string) =>
    (await db.db.select().from(serviceRequests).where(eq(serviceRequests.name, name)))[0];

  appWithOwner(
    target,
    { serviceRequestRateLimit: { max: 10_000, timeWindowMs: 60_000 } },
    (ready) => ({ app, db, owner } = ready),
  );

  it("stores the note as typed (trimmed, line breaks kept), and null when left out or blank", async () => {
    const withNote = await postJson({ ...validServiceRequest, note: `  ${NOTE}  ` });
    expect(withNote.statusCode).toBe(201);
    expect((await rowOf(withNote.json().id))?.note).toBe(NOTE);
    const without = await postJson(validServiceRequest);
    expect((await rowOf(without.json().id))?.note).toBeNull();
    const blank = await postJson({ ...validServiceRequest, note: " \n " });
    expect((await rowOf(blank.json().id))?.note).toBeNull();
  });

  it("takes the note from a form posted without JavaScript", async () => {
    const res = await postForm({ ...validServiceRequest, name: "Plain Note", note: "Behind the blue gate" });
    expect(res.statusCode).toBe(303);
    expect((await rowNamed("Plain Note"))?.note).toBe("Behind the blue gate");
  });

  it("refuses a note over 1,000 characters with a message naming the limit, and stores nothing", async () => {
    expect(MAX_NOTE_CHARS).toBe(1000);
    const exactly = await postJson({ ...validServiceRequest, name: "Long Enough", note: "x".repeat(MAX_NOTE_CHARS) });
    expect(exactly.statusCode).toBe(201);
    const over = await postJson({ ...validServiceRequest, name: "Too Long", note: "x".repeat(MAX_NOTE_CHARS + 1) });
    expect(over.statusCode).toBe(400);
    expect(over.json().fields).toEqual({ note: "Keep the note to 1,000 characters" });
    expect(NOTE_MESSAGE).toBe("Keep the note to 1,000 characters");
    const spanish = await postJson({ ...validServiceRequest, language: "es", note: "x".repeat(MAX_NOTE_CHARS + 1) });
    expect(spanish.json().fields).toEqual({ note: "Escriba la nota en 1,000 caracteres como máximo" });
    expect(await rowNamed("Too Long")).toBeUndefined();
    // Without JavaScript the refused form comes back with the note kept in its box and the message beside it.
    const plain = await postForm({ ...validServiceRequest, name: "Plain Long", note: "y".repeat(MAX_NOTE_CHARS + 1) });
    expect(plain.statusCode).toBe(400);
    expect(plain.body).toContain("Note: Keep the note to 1,000 characters");
    expect(await rowNamed("Plain Long")).toBeUndefined();
  });

  it("a refused vehicle over 120 characters is named, never cut", async () => {
    const res = await postJson({ ...validServiceRequest, name: "Long Car", vehicle: "v".repeat(121) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ vehicle: "Keep the vehicle to 120 characters: year, make, model and color" });
    expect(await rowNamed("Long Car")).toBeUndefined();
  });

  it("the desk's request, its CSV and the owner's alert e-mail and webhook show the note as text", async () => {
    const created = await postJson({ ...validServiceRequest, name: "Desk Note", note: NOTE });
    const id = created.json().id as number;
    const detail = await owner.get(`/api/desk/requests/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().request.note).toBe(NOTE);

    const csv = (await owner.get("/api/desk/requests.csv")).rawPayload.toString("utf8");
    const header = csv.slice(1).split("\r\n")[0]?.split(",") ?? [];
    expect(header.slice(header.indexOf("Vehicle"), header.indexOf("Vehicle") + 2)).toEqual(["Vehicle", "Note"]);
    // Quoted, its quotes doubled and its line break kept inside the cell.
    expect(csv).toContain(`"Gate code 4521 <b>bold</b>\nIt won't roll: ""park"" is stuck"`);

    const row = await rowOf(id);
    if (!row) throw new Error("no row");
    const mail = alertEmail(row);
    expect(mail.text).toContain("Note:      Gate code 4521 <b>bold</b>\n           It won't roll");
    expect(mail.html).toContain(
      "Gate code 4521 &lt;b&gt;bold&lt;/b&gt;<br>It won&#39;t roll: &quot;park&quot; is stuck",
    );
    expect(mail.html).not.toContain("<b>bold</b>");
    expect(webhookPayload(row).note).toBe(NOTE);
    // No note, no line: the e-mail stays as it was.
    const plain = await rowOf((await postJson(validServiceRequest)).json().id);
    if (!plain) throw new Error("no row");
    expect(alertEmail(plain).text).not.toContain("Note:");
    expect(webhookPayload(plain).note).toBeNull();
  });
});

describe("the privacy notice and the note", () => {
  it("names the note among what is collected and what the accepting operator sees, in both languages", () => {
    const said = (locale: "en" | "es") => JSON.stringify(privacyWords[locale]);
    expect(said("en")).toContain("the note for the operator if you write one");
    expect(said("en")).toContain("your vehicle, and your note for the operator");
    expect(said("es")).toContain("la nota para el operador si la escribe");
    expect(said("es")).toContain("y su nota para el operador");
  });
});
