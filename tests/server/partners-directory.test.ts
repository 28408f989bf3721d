import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { partners, requestEvents, serviceRequests } from "../../server/db/schema";
import { WEBHOOK_NOT_PUBLIC } from "../../server/features/partners/routes";
import type { DeskRequestDetail } from "../../src/shared/desk-schema";
import type { DeskOffers, DeskPartner } from "../../src/shared/partner-schema";
import { databaseTargets } from "../support/databases";
import { partnerInput, partnersWorld } from "../support/partners";

describe.each(databaseTargets)("the partner directory on $kind", (target) => {
  // 20 Nov 2026, 11 PM in Stockton: already the 21st in UTC.
  const w = partnersWorld(target, {}, new Date("2026-11-21T07:00:00Z"));

  it("adds, reads, edits, pauses and lists partners, in the towns' own spelling", async () => {
    const res = await w.desk.post(
      "/api/desk/partners",
      partnerInput({
        companyName: "  Delta Tow  ",
        towns: ["lodi", "Stockton", "LODI"],
        services: ["jump-start", "towing", "towing"],
        webhookUrl: "https://dispatch.example.com/delta/hooks/offers",
      }),
    );
    expect(res.statusCode).toBe(201);
    const added = res.json() as DeskPartner;
    expect(added).toMatchObject({
      companyName: "Delta Tow",
      towns: ["Lodi", "Stockton"],
      // The site's order, once each.
      services: ["towing", "jump-start"],
      webhookUrl: "https://dispatch.example.com/delta/hooks/offers",
      active: true,
      insuranceExpired: false,
      lastOfferedAt: null,
    });
    expect((await w.desk.get(`/api/desk/partners/${added.id}`)).json()).toEqual(added);

    const edited = await w.desk.request({
      method: "PUT",
      url: `/api/desk/partners/${added.id}`,
      payload: partnerInput({ companyName: "Delta Towing", notes: "Flatbed only at night", webhookUrl: null }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      companyName: "Delta Towing",
      notes: "Flatbed only at night",
      webhookUrl: null,
    });

    const paused = await w.desk.request({
      method: "PATCH",
      url: `/api/desk/partners/${added.id}`,
      payload: { active: false },
    });
    expect(paused.statusCode).toBe(200);
    // A pause changes that one field and keeps the rest.
    expect(paused.json()).toMatchObject({ active: false, companyName: "Delta Towing", notes: "Flatbed only at night" });

    await w.desk.post("/api/desk/partners", partnerInput({ companyName: "Acme Roadside" }));
    const list = (await w.desk.get("/api/desk/partners")).json() as DeskPartner[];
    expect(list.map((p) => p.companyName)).toEqual(["Acme Roadside", "Delta Towing"]);
  });

  it("marks insurance as expired from the day after its date, in the business's time zone", async () => {
    // On the clock it is 20 Nov in Stockton: a certificate ending that day still covers it.
    const today = await w.addPartner({ companyName: "Covered Today", insuranceExpiresOn: "2026-11-20" });
    const yesterday = await w.addPartner({ companyName: "Lapsed", insuranceExpiresOn: "2026-11-19" });
    const get = async (id: number) => (await w.desk.get(`/api/desk/partners/${id}`)).json() as DeskPartner;
    expect((await get(today)).insuranceExpired).toBe(false);
    expect((await get(yesterday)).insuranceExpired).toBe(true);
    w.setNow(new Date("2026-11-21T08:00:00Z")); // midnight has passed in Stockton
    expect((await get(today)).insuranceExpired).toBe(true);
    w.setNow(new Date("2026-11-21T07:00:00Z"));
  });

  it("refuses what is not a partner with a 400 that names the field, and stores nothing", async () => {
    const before = (await w.db.db.select().from(partners)).length;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ companyName: "" }, /^companyName: Write the company name/],
      [{ email: "not-an-address" }, /^email: Write an e-mail address/],
      [{ phone: "call me" }, /^phone: Write the phone number with its area code/],
      [{ services: [] }, /^services: Choose at least one service/],
      [{ services: ["helicopter-lift"] }, /^services\.0:/],
      [{ towns: [] }, /^towns: Choose at least one town/],
      [{ towns: ["Sacramento"] }, /^towns: Sacramento is not a town we serve\. Choose from: .*Stockton/],
      [{ webhookUrl: "http://insecure.example/hook" }, /^webhookUrl: The webhook's address must start with https:\/\//],
      [{ insuranceExpiresOn: "31/12/2027" }, /^insuranceExpiresOn: Use a date like/],
      [{ insuranceExpiresOn: "2027-02-31" }, /^insuranceExpiresOn: That day is not on the calendar/],
      [{ companyName: "Nul\u0000Towing" }, /^companyName: /],
      [{ towns: ["Lodi\u0000"] }, /^towns\.0: |^towns: /],
      [{ notes: "x".repeat(2001) }, /^notes: The notes may be at most 2000 characters/],
    ];
    for (const [fields, message] of cases) {
      const res = await w.desk.post("/api/desk/partners", { ...partnerInput(), ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    const notJson = await w.desk.request({
      method: "POST",
      url: "/api/desk/partners",
      payload: "companyName=x",
      headers: { "content-type": "text/plain" },
    });
    expect(notJson.statusCode).toBe(400);
    const huge = await w.desk.post("/api/desk/partners", partnerInput({ notes: "x".repeat(40_000) }));
    expect(huge.statusCode).toBe(413);
    expect((await w.db.db.select().from(partners)).length).toBe(before);
    // An edit is checked the same way, and a partner that is not there is a 404.
    const id = await w.addPartner({ companyName: "Checked Edits" });
    const badEdit = await w.desk.request({
      method: "PATCH",
      url: `/api/desk/partners/${id}`,
      payload: { towns: ["Paris"] },
    });
    expect(badEdit.statusCode).toBe(400);
    const missing = await w.desk.request({ method: "PUT", url: "/api/desk/partners/999999", payload: partnerInput() });
    expect(missing.statusCode).toBe(404);
    expect((await w.desk.get("/api/desk/partners/abc")).statusCode).toBe(404);
  });

  it("refuses, when entered, a webhook address the alert worker would never post to: a 400 saying what to ask for", async () => {
    const before = (await w.db.db.select().from(partners)).length;
    const inside = [
      "https://127.0.0.1/hooks",
      "https://169.254.169.254/latest/meta-data/",
      "https://10.0.0.5/hooks",
      "https://[::ffff:127.0.0.1]/hooks",
      "https://[fd00::1]/hooks",
      "https://localhost/hooks",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://dispatch/hooks",
    ];
    for (const webhookUrl of inside) {
      const res = await w.desk.post("/api/desk/partners", partnerInput({ webhookUrl }));
      expect(res.statusCode, webhookUrl).toBe(400);
      expect(res.json().error).toBe(WEBHOOK_NOT_PUBLIC);
    }
    expect((await w.db.db.select().from(partners)).length).toBe(before);

    // An edit (the whole form, or the one field) is checked the same way, and leaves the stored address.
    const id = await w.addPartner({ companyName: "Hooked Towing", webhookUrl: "https://hooks.example.com/hooked" });
    const put = await w.desk.request({
      method: "PUT",
      url: `/api/desk/partners/${id}`,
      payload: partnerInput({ companyName: "Hooked Towing", webhookUrl: "https://127.0.0.1:8443/hooks" }),
    });
    expect(put.statusCode).toBe(400);
    const patch = await w.desk.request({
      method: "PATCH",
      url: `/api/desk/partners/${id}`,
      payload: { webhookUrl: "https://169.254.169.254/" },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error).toBe(WEBHOOK_NOT_PUBLIC);
    const [stored] = await w.db.db.select().from(partners).where(eq(partners.id, id));
    expect(stored?.webhookUrl).toBe("https://hooks.example.com/hooked");
  });

  it("needs a signed-in desk user to read, and the session's CSRF token from the same origin to write", async () => {
    expect((await w.app.inject({ method: "GET", url: "/api/desk/partners" })).statusCode).toBe(401);
    expect((await w.app.inject({ method: "GET", url: "/api/desk/partners/report" })).statusCode).toBe(401);
    const anonymous = await w.app.inject({ method: "POST", url: "/api/desk/partners", payload: partnerInput() });
    expect(anonymous.statusCode).toBe(401);
    expect((await w.desk.post("/api/desk/partners", partnerInput(), false)).statusCode).toBe(403);
    const crossSite = await w.desk.request({
      method: "POST",
      url: "/api/desk/partners",
      payload: partnerInput(),
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.statusCode).toBe(403);
    const requestId = await w.addRequest();
    expect((await w.desk.post(`/api/desk/requests/${requestId}/offers`, { partnerIds: [1] }, false)).statusCode).toBe(
      403,
    );
    expect((await w.desk.post(`/api/desk/requests/${requestId}/vehicle`, {}, false)).statusCode).toBe(403);
  });

  it("removes a partner added by mistake, but keeps one that was offered a job (pause them instead)", async () => {
    const mistake = await w.addPartner({ companyName: "Typo Towing" });
    const res = await w.desk.request({ method: "DELETE", url: `/api/desk/partners/${mistake}` });
    expect(res.statusCode).toBe(204);
    expect((await w.desk.get(`/api/desk/partners/${mistake}`)).statusCode).toBe(404);

    const offered = await w.addPartner({ companyName: "Kept Towing", towns: ["Tracy"] });
    const requestId = await w.addRequest({ nearestTown: "Tracy" });
    expect((await w.desk.post(`/api/desk/requests/${requestId}/offers`, { partnerIds: [offered] })).statusCode).toBe(
      201,
    );
    const refused = await w.desk.request({ method: "DELETE", url: `/api/desk/partners/${offered}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/pause them instead/);
  });

  it("lists as candidates the active, insured partners taking the service in the town, least recently offered first", async () => {
    await w.db.db.execute(
      sql`delete from ${partners} where not exists (select 1 from partner_offers o where o.partner_id = ${partners.id})`,
    );
    await w.db.db.update(partners).set({ active: false });
    const oldest = await w.addPartner({ companyName: "Offered Long Ago", towns: ["Manteca"] });
    const never = await w.addPartner({ companyName: "Never Offered", towns: ["Manteca"] });
    const recent = await w.addPartner({ companyName: "Offered Recently", towns: ["Manteca"] });
    const neverToo = await w.addPartner({ companyName: "Never Offered Either", towns: ["Manteca"] });
    await w.addPartner({ companyName: "Paused", towns: ["Manteca"], active: false });
    await w.addPartner({ companyName: "Lapsed Insurance", towns: ["Manteca"], insuranceExpiresOn: "2026-11-19" });
    await w.addPartner({ companyName: "No Insurance Date", towns: ["Manteca"], insuranceExpiresOn: null });
    await w.addPartner({ companyName: "Other Town", towns: ["Tracy"] });
    await w.addPartner({ companyName: "Other Service", towns: ["Manteca"], services: ["flat-tire"] });
    await w.db.db
      .update(partners)
      .set({ lastOfferedAt: new Date("2026-10-01T00:00:00Z") })
      .where(eq(partners.id, oldest));
    await w.db.db
      .update(partners)
      .set({ lastOfferedAt: new Date("2026-11-18T00:00:00Z") })
      .where(eq(partners.id, recent));

    // The request stores the service's name ("Towing"); partners its slug ("towing").
    const requestId = await w.addRequest({ nearestTown: "Manteca", service: "Towing" });
    const offers = (await w.desk.get(`/api/desk/requests/${requestId}/offers`)).json() as DeskOffers;
    expect(offers.town).toBe("Manteca");
    expect(offers.candidates.map((p) => p.id)).toEqual([never, neverToo, oldest, recent]);

    // No position: no town, no candidates until the owner chooses one; an unknown town is a 400.
    const noTown = await w.addRequest({ nearestTown: null, nearestTownKm: null, service: "Towing" });
    const none = (await w.desk.get(`/api/desk/requests/${noTown}/offers`)).json() as DeskOffers;
    expect(none).toMatchObject({ town: null, candidates: [], offers: [] });
    const chosen = (await w.desk.get(`/api/desk/requests/${noTown}/offers?town=manteca`)).json() as DeskOffers;
    expect(chosen.candidates.map((p) => p.id)).toEqual([never, neverToo, oldest, recent]);
    const unknown = await w.desk.get(`/api/desk/requests/${noTown}/offers?town=Fresno`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/^town: we do not serve Fresno\. Choose from: /);
    expect((await w.desk.get("/api/desk/requests/999999/offers")).statusCode).toBe(404);
  });

  it("stores the car's year, make, model and plate the owner adds, shows them in the request, and records who", async () => {
    const requestId = await w.addRequest({ vehicle: "a grey sedan" });
    const res = await w.desk.post(`/api/desk/requests/${requestId}/vehicle`, {
      deskVehicle: "2014 Honda Civic",
      licensePlate: "7abc123",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ changed: true });
    const detail = (await w.desk.get(`/api/desk/requests/${requestId}`)).json() as DeskRequestDetail;
    expect(detail.request).toMatchObject({
      vehicle: "a grey sedan",
      deskVehicle: "2014 Honda Civic",
      licensePlate: "7ABC123",
    });
    expect(detail.events.map((e) => [e.kind, e.actor])).toEqual([["vehicle", "owner@example.com"]]);
    // The same again changes nothing; empty clears.
    expect(
      (
        await w.desk.post(`/api/desk/requests/${requestId}/vehicle`, {
          deskVehicle: "2014 Honda Civic",
          licensePlate: "7ABC123",
        })
      ).json(),
    ).toEqual({ changed: false });
    await w.desk.post(`/api/desk/requests/${requestId}/vehicle`, { deskVehicle: "", licensePlate: "" });
    const [row] = await w.db.db.select().from(serviceRequests).where(eq(serviceRequests.id, requestId));
    expect(row).toMatchObject({ deskVehicle: null, licensePlate: null });

    const tooLong = await w.desk.post(`/api/desk/requests/${requestId}/vehicle`, {
      deskVehicle: "",
      licensePlate: "X".repeat(13),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatch(/^licensePlate: The plate may be at most 12 characters/);
    expect(
      (await w.desk.post("/api/desk/requests/999999/vehicle", { deskVehicle: "", licensePlate: "" })).statusCode,
    ).toBe(404);
    await w.db.db.update(serviceRequests).set({ status: "cancelled" }).where(eq(serviceRequests.id, requestId));
    const cancelled = await w.desk.post(`/api/desk/requests/${requestId}/vehicle`, {
      deskVehicle: "Ford",
      licensePlate: "",
    });
    expect(cancelled.statusCode).toBe(409);
    expect(await w.db.db.select().from(requestEvents).where(eq(requestEvents.requestId, requestId))).toHaveLength(2);
  });
});
