import { describe, expect, it } from "vitest";
import type { partnerOffers } from "../../server/db/schema";
import type { PartnerReport, PartnerReportRow } from "../../src/shared/partner-schema";
import { databaseTargets } from "../support/databases";
import { addOffer } from "../support/offers";
import { partnersWorld } from "../support/partners";

type Seeded = Pick<typeof partnerOffers.$inferInsert, "state" | "step"> & {
  /** When it was offered (UTC) and how many seconds later it was answered. */
  at: string;
  answeredAfter?: number;
};

describe.each(databaseTargets)("the partners report on $kind", (target) => {
  const w = partnersWorld(target, {}, new Date("2026-11-20T20:00:00Z"));

  /** A history whose answers are known: October 2026 in Stockton (UTC-7 until 1 November). */
  async function seed() {
    const ids = {
      a: await w.addPartner({ companyName: "Alpha Towing" }),
      b: await w.addPartner({ companyName: "Bravo Tow" }),
      c: await w.addPartner({ companyName: "Charlie Roadside" }),
      // Paused by the owner: still in the report, marked so.
      d: await w.addPartner({ companyName: "Delta Never Asked", active: false }),
      // A name a spreadsheet would run as a formula, with a comma and quotes.
      evil: await w.addPartner({ companyName: '=HYPERLINK("x"), "Co"' }),
    };
    const history: [number, Seeded][] = [
      [ids.a, { at: "2026-10-05T10:00:00Z", state: "accepted", answeredAfter: 60, step: "done" }],
      [ids.a, { at: "2026-10-06T10:00:00Z", state: "accepted", answeredAfter: 180, step: "not_completed" }],
      [ids.a, { at: "2026-10-07T10:00:00Z", state: "accepted", answeredAfter: 120, step: "done" }],
      [ids.a, { at: "2026-10-08T10:00:00Z", state: "declined", answeredAfter: 40 }],
      [ids.a, { at: "2026-10-09T10:00:00Z", state: "expired", answeredAfter: 600 }],
      [ids.a, { at: "2026-10-10T10:00:00Z", state: "withdrawn", answeredAfter: 90 }],
      // 23:59 on 31 October in Stockton (already November in UTC): in the period.
      [ids.a, { at: "2026-11-01T06:59:00Z", state: "declined", answeredAfter: 30 }],
      // 23:59 on 30 September in Stockton: before it.
      [ids.a, { at: "2026-10-01T06:59:00Z", state: "accepted", answeredAfter: 5, step: "done" }],
      // 00:00 on 1 November in Stockton: after it.
      [ids.a, { at: "2026-11-01T07:00:00Z", state: "expired", answeredAfter: 600 }],
      [ids.b, { at: "2026-10-11T10:00:00Z", state: "accepted", answeredAfter: 30, step: "done" }],
      [ids.b, { at: "2026-10-12T10:00:00Z", state: "accepted", answeredAfter: 90, step: "on_the_way" }],
      [ids.b, { at: "2026-10-13T10:00:00Z", state: "expired", answeredAfter: 600 }],
      [ids.b, { at: "2026-10-14T10:00:00Z", state: "expired", answeredAfter: 600 }],
      [ids.c, { at: "2026-10-15T10:00:00Z", state: "declined", answeredAfter: 10 }],
      [ids.evil, { at: "2026-10-16T10:00:00Z", state: "offered" }],
    ];
    for (const [partnerId, offer] of history) {
      const createdAt = new Date(offer.at);
      const requestId = await w.addRequest({ createdAt });
      await addOffer(w.db.db, requestId, partnerId, createdAt, {
        state: offer.state,
        town: "Lodi",
        distanceKm: null,
        answeredAt:
          offer.answeredAfter === undefined ? null : new Date(createdAt.getTime() + offer.answeredAfter * 1000),
        etaMinutes: offer.state === "accepted" ? 25 : null,
        step: offer.step ?? (offer.state === "accepted" ? "accepted" : null),
      });
    }
    return ids;
  }

  it("counts each partner's offers, answers, median time to accept and completion over the chosen days", async () => {
    const ids = await seed();
    const res = await w.desk.get("/api/desk/partners/report?from=2026-10-01&to=2026-10-31");
    expect(res.statusCode).toBe(200);
    const report = res.json() as PartnerReport;
    expect(report.from).toBe("2026-10-01");
    expect(report.to).toBe("2026-10-31");
    const row = (id: number) => report.rows.find((r) => r.partnerId === id);
    expect(row(ids.a)).toEqual({
      partnerId: ids.a,
      companyName: "Alpha Towing",
      active: true,
      offers: 7,
      accepted: 3,
      declined: 2,
      expired: 1,
      medianSecondsToAccept: 120,
      completionRate: 2 / 3,
    } satisfies PartnerReportRow);
    expect(row(ids.b)).toMatchObject({ offers: 4, accepted: 2, declined: 0, expired: 2, medianSecondsToAccept: 60 });
    expect(row(ids.b)?.completionRate).toBe(0.5);
    expect(row(ids.c)).toMatchObject({
      offers: 1,
      accepted: 0,
      declined: 1,
      medianSecondsToAccept: null,
      completionRate: null,
    });
    expect(row(ids.d)).toMatchObject({
      active: false,
      offers: 0,
      accepted: 0,
      declined: 0,
      expired: 0,
      medianSecondsToAccept: null,
    });
    // Every partner has a row, by company name.
    expect(report.rows.map((r) => r.companyName)).toEqual([
      '=HYPERLINK("x"), "Co"',
      "Alpha Towing",
      "Bravo Tow",
      "Charlie Roadside",
      "Delta Never Asked",
    ]);

    // One day only: the offer made at 23:59 on 31 October.
    const lastDay = (
      await w.desk.get("/api/desk/partners/report?from=2026-10-31&to=2026-10-31")
    ).json() as PartnerReport;
    expect(lastDay.rows.find((r) => r.partnerId === ids.a)).toMatchObject({ offers: 1, declined: 1 });

    // The same figures as CSV, with a name that would be a formula made plain text.
    const csv = await w.desk.get("/api/desk/partners/report.csv?from=2026-10-01&to=2026-10-31");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="partners-2026-10-01-to-2026-10-31.csv"');
    const lines = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "Partner,From (America/Los_Angeles),To (America/Los_Angeles),Offers,Accepted,Declined,Expired,Median time to accept (minutes),Completion rate (%)",
    );
    expect(lines).toContain(`"'=HYPERLINK(""x""), ""Co""",2026-10-01,2026-10-31,1,0,0,0,,`);
    expect(lines).toContain("Alpha Towing,2026-10-01,2026-10-31,7,3,2,1,2,66.7");
    expect(lines).toContain("Bravo Tow,2026-10-01,2026-10-31,4,2,0,2,1,50");
    expect(lines.at(-1)).toBe("");
  });

  it("covers the last 30 days up to today when no days are given, and refuses days it cannot read", async () => {
    // The clock says 20 November in Stockton.
    const report = (await w.desk.get("/api/desk/partners/report")).json() as PartnerReport;
    expect([report.from, report.to]).toEqual(["2026-10-22", "2026-11-20"]);
    const from = (await w.desk.get("/api/desk/partners/report?from=2026-11-01")).json() as PartnerReport;
    expect([from.from, from.to]).toEqual(["2026-11-01", "2026-11-20"]);

    const backwards = await w.desk.get("/api/desk/partners/report?from=2026-10-31&to=2026-10-01");
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toBe("from: The period's first day must come before its last day");
    const notADay = await w.desk.get("/api/desk/partners/report.csv?from=October");
    expect(notADay.statusCode).toBe(400);
    expect(notADay.json().error).toBe("from: Use a date like 2026-11-01");
    const noSuchDay = await w.desk.get("/api/desk/partners/report?from=2026-02-30&to=2026-03-01");
    expect(noSuchDay.statusCode).toBe(400);
    expect(noSuchDay.json().error).toBe("from: That day is not on the calendar: use a date like 2026-11-01");
    expect((await w.app.inject({ method: "GET", url: "/api/desk/partners/report.csv" })).statusCode).toBe(401);
  });
});
