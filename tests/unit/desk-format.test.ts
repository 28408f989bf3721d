import { describe, expect, it } from "vitest";
import { csvCell, csvLine, localTime } from "../../server/features/desk/csv";
import { businessTime, timeAgo } from "../../src/components/desk/format";
import { hrefFor, parseHash } from "../../src/components/desk/use-hash-route";
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
});
