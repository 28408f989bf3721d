import { describe, expect, it } from "vitest";
import { csvCell, csvLine, localTime } from "../../server/shared/csv";
import { describeEvent } from "../../src/components/desk/event-words";
import {
  addDays,
  businessTime,
  businessToday,
  durationWords,
  percentWords,
  periodDays,
  timeAgo,
} from "../../src/components/desk/format";
import { hrefFor, parseHash } from "../../src/components/desk/use-hash-route";
import type { DeskEvent } from "../../src/shared/desk-schema";
import { mapSearchHref, telHrefFor } from "../../src/shared/links";

describe("CSV cells (RFC 4180 and the formula guard)", () => {
  it("quotes a cell holding a comma, a quote or a line break, and doubles quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("one\ntwo")).toBe('"one\ntwo"');
    expect(csvCell("one\r\ntwo")).toBe('"one\r\ntwo"');
    expect(csvLine(["a", 1, "b,c"])).toBe('a,1,"b,c"\r\n');
  });

  it.each(["=1+1", "+1 209 555 0100", "-5", "@SUM(A1)", "\t=1", "\r=1"])(
    "neutralises %j so no spreadsheet runs it",
    (value) => {
      const cell = csvCell(value);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      expect(unquoted).toBe(`'${value}`);
    },
  );

  it("leaves numbers and harmless text alone", () => {
    expect(csvCell(42)).toBe("42");
    expect(csvCell("Maria = driver")).toBe("Maria = driver");
    expect(csvCell("")).toBe("");
  });

  it("writes times on the business's clock, summer and winter", () => {
    expect(localTime(new Date("2026-07-04T19:05:09Z"), "America/Los_Angeles")).toBe("2026-07-04 12:05:09");
    expect(localTime(new Date("2026-01-15T08:00:00Z"), "America/Los_Angeles")).toBe("2026-01-15 00:00:00");
  });
});

describe("desk formatting", () => {
  it("says how long ago", () => {
    const now = Date.parse("2026-11-23T12:00:00Z");
    expect(timeAgo("2026-11-23T11:59:40Z", now)).toBe("just now");
    expect(timeAgo("2026-11-23T11:48:00Z", now)).toBe("12 min ago");
    expect(timeAgo("2026-11-23T09:00:00Z", now)).toBe("3 h ago");
    expect(timeAgo("2026-11-20T12:00:00Z", now)).toBe("3 days ago");
  });

  it("shows times in the business's zone whatever the machine's", () => {
    expect(businessTime("2026-11-23T08:05:00Z")).toBe("Nov 23, 12:05 AM PST");
  });

  it("builds call and map links from what the visitor typed, as the site and the assistant do", () => {
    expect(telHrefFor("(209) 555-0100")).toBe("tel:+12095550100");
    expect(telHrefFor("1 209 555 0100")).toBe("tel:+12095550100");
    expect(telHrefFor("+1 209 555 0100 ext. 5")).toBe("tel:+120955501005");
    expect(telHrefFor("javascript:alert(1)")).toBe("tel:1");
    expect(mapSearchHref("A & B, Stockton")).toBe(
      "https://www.google.com/maps/search/?api=1&query=A%20%26%20B%2C%20Stockton",
    );
  });

  it("reads the view from the address fragment", () => {
    expect(parseHash("#/requests/42")).toEqual({ view: "request", id: 42 });
    expect(parseHash("#/activity")).toEqual({ view: "activity" });
    expect(parseHash("#/requests/x")).toEqual({ view: "inbox", filter: {}, page: 1 });
    expect(parseHash("")).toEqual({ view: "inbox", filter: {}, page: 1 });
    // The inbox's filters survive a reload; what the schema refuses is dropped, the rest kept.
    expect(parseHash("#/?status=new&service=Towing&q=lodi&from=2026-11-01&page=3")).toEqual({
      view: "inbox",
      filter: { status: "new", service: "Towing", q: "lodi", from: "2026-11-01" },
      page: 3,
    });
    expect(parseHash("#/?status=sideways&to=2026-02-30&page=0")).toEqual({ view: "inbox", filter: {}, page: 1 });
    expect(hrefFor({ view: "inbox", filter: { status: "new", q: "a b" }, page: 2 })).toBe("#/?status=new&q=a+b&page=2");
    expect(hrefFor({ view: "inbox" })).toBe("#/");
  });

  it("reads the partners' views and the report's period from the fragment, and writes them back", () => {
    expect(parseHash("#/partners")).toEqual({ view: "partners" });
    expect(parseHash("#/partners/new")).toEqual({ view: "partner", id: "new" });
    expect(parseHash("#/partners/7")).toEqual({ view: "partner", id: 7 });
    expect(parseHash("#/partners/report?days=90")).toEqual({ view: "report", period: { days: 90 } });
    expect(parseHash("#/partners/report?from=2026-11-01&to=2026-11-15")).toEqual({
      view: "report",
      period: { from: "2026-11-01", to: "2026-11-15" },
    });
    // A hand-edited period (a day count not offered, a day not on the calendar, days reversed) is the default.
    for (const bad of ["days=12", "from=2026-02-30&to=2026-03-01", "from=2026-11-15&to=2026-11-01", ""]) {
      expect(parseHash(`#/partners/report?${bad}`)).toEqual({ view: "report", period: { days: 30 } });
    }
    for (const hash of ["#/partners", "#/partners/new", "#/partners/7", "#/partners/report?days=7"]) {
      expect(hrefFor(parseHash(hash))).toBe(hash);
    }
  });

  it("counts a report's days on the business's calendar, today included, across a clock change", () => {
    // 06:30 UTC on 2026-11-01 is still 31 October in Stockton (PDT, UTC-7).
    expect(businessToday(Date.parse("2026-11-01T06:30:00Z"))).toBe("2026-10-31");
    expect(addDays("2026-11-01", -1)).toBe("2026-10-31");
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(periodDays({ days: 7 }, "2026-11-03")).toEqual({ from: "2026-10-28", to: "2026-11-03" });
    expect(periodDays({ days: 30 }, "2026-03-10")).toEqual({ from: "2026-02-09", to: "2026-03-10" });
    expect(periodDays({ from: "2026-01-01", to: "2026-01-31" })).toEqual({ from: "2026-01-01", to: "2026-01-31" });
  });

  it("says a median time to accept and a completion rate in words", () => {
    expect(durationWords(45)).toBe("45 s");
    expect(durationWords(270)).toBe("4 min 30 s");
    expect(durationWords(600)).toBe("10 min");
    expect(durationWords(3900)).toBe("1 h 5 min");
    expect(durationWords(7200)).toBe("2 h");
    expect(percentWords(0.8)).toBe("80%");
    expect(percentWords(2 / 3)).toBe("67%");
  });
});

const event = (kind: DeskEvent["kind"], note: string | null): DeskEvent => ({
  id: 1,
  requestId: 42,
  kind,
  actor: "Rivera Towing",
  fromStatus: null,
  toStatus: null,
  note,
  at: "2026-11-23T12:52:00Z",
});

describe("the request's timeline in words", () => {
  it("names whom the job was offered to, their answer, their estimate and each step", () => {
    expect(describeEvent(event("offer_sent", "Rivera Towing"))).toBe("offered the job to Rivera Towing");
    expect(describeEvent(event("offer_declined", "Truck in the shop"))).toBe("declined the offer: Truck in the shop");
    expect(describeEvent(event("offer_declined", null))).toBe("declined the offer");
    expect(describeEvent(event("offer_expired", null))).toBe("did not answer in time: the offer expired");
    expect(describeEvent(event("offer_accepted", "25"))).toBe("accepted: about 25 minutes");
    expect(describeEvent(event("job_progress", "on_the_way"))).toBe("reported: On the way");
    expect(describeEvent(event("job_progress", "on_scene"))).toBe("reported: On scene");
    expect(describeEvent(event("job_progress", "done"))).toBe("reported: Done");
    expect(describeEvent(event("job_progress", "not_completed"))).toBe("reported: Could not complete");
    expect(describeEvent(event("no_partner", null))).toBe("no partner took the job: the desk was alerted");
  });
});
