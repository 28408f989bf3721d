import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { offerPageRenderer } from "../../server/features/offer/render";
import type { FoundOffer } from "../../server/features/offer/store";
import type { OfferJob } from "../../src/screens/offer/offer-job";
import { requestStatuses } from "../../src/shared/desk-schema";
import { JOB_STEPS, OFFER_STATES, type OfferPageState } from "../../src/shared/partner-schema";
import { builtStylesheets } from "../support/built-stylesheets";

/**
 * The partner's job page carries a stylesheet of its own (src/styles/job.css), made by Tailwind from the
 * job page's files only. A class the page draws but those files do not name (a component brought in from
 * elsewhere) would be missing from it and the page would lose that style. So the page is drawn in every
 * state the server can draw it in, and each class it uses that the site's stylesheet styles must be
 * styled by the job page's too. Read off the built site (`npm run build`).
 */
const distDir = path.resolve(process.env.ASTRO_OUT_DIR ?? "dist");
const shell = readFileSync(path.join(distDir, "offer.html"), "utf8");
const { siteCss, jobCss } = builtStylesheets(distDir);

/**
 * The class names a stylesheet's selectors name, unescaped: Tailwind writes `md\:pb-0`,
 * `\[content-visibility\:auto\]`, and a leading digit as a code point (`\32 xl\:…` for `2xl:…`).
 */
const unescapeCss = (name: string) =>
  name.replace(/\\([0-9a-f]{1,6}) ?|\\(.)/gi, (_, hex?: string, char?: string) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (char ?? ""),
  );
const classesStyledBy = (css: string) =>
  new Set([...css.matchAll(/\.((?:\\[0-9a-f]{1,6} ?|\\.|[\w-])+)/gi)].map((m) => unescapeCss(m[1] ?? "")));
/** The class names of the page's elements, as the browser reads them (React escapes `&`, `<`, `>`, `'` and `"`). */
const unescapeHtml = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#x27|#39);/g,
    (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" })[name] ?? "",
  );
const classesUsedIn = (html: string) =>
  new Set(
    [...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) =>
      unescapeHtml(m[1] ?? "")
        .split(/\s+/)
        .filter(Boolean),
    ),
  );

const siteClasses = classesStyledBy(siteCss);
const jobClasses = classesStyledBy(jobCss);
/** Classes the site styles but the job page's stylesheet does not. */
const unstyledOnJobPage = (used: Iterable<string>) =>
  [...used].filter((name) => siteClasses.has(name) && !jobClasses.has(name)).sort();

const at = new Date("2026-06-01T17:00:00Z");
const minutes = (n: number) => new Date(at.getTime() + n * 60_000);

/** An offer's job as the server reads it (only the fields the page draws), with or without the optional facts. */
function jobWith(full: boolean, status: OfferJob["request"]["status"], answered: boolean): FoundOffer {
  const job: OfferJob = {
    offer: {
      town: "Lodi",
      distanceKm: full ? 12.4 : null,
      answeredAt: answered ? minutes(-20) : null,
      expiresAt: minutes(10),
      notCompletedReason: full ? "The car was gone when I arrived" : null,
    },
    partner: { companyName: "Delta Tow Partners" },
    request: {
      id: 42,
      name: "Ana Driver",
      phone: "209-555-0100",
      service: "Towing",
      pickupLocation: "Pacific Ave & March Ln, Stockton",
      dropoffLocation: full ? "1200 W Fremont St, Stockton" : "",
      vehicle: full ? "Silver 2014 Honda Civic" : null,
      deskVehicle: full ? "2014 Honda Civic" : null,
      licensePlate: full ? "8ABC123" : null,
      note: full ? "Hazards on, right shoulder" : null,
      createdAt: minutes(-30),
      status,
      latitude: full ? 37.98 : null,
      longitude: full ? -121.31 : null,
      locationAccuracyM: full ? 12 : null,
      locationFixedAt: full ? minutes(-29) : null,
      nearestTown: full ? "Stockton" : null,
      nearestTownKm: full ? 1.2 : null,
    },
  };
  // The renderer reads only OfferJob's fields of the rows it is given (src/screens/offer/offer-job.ts).
  return job as unknown as FoundOffer;
}

/** Every state the page can be drawn in: each offer state, step, request status, taken or not, cancelled or not. */
function* everyJobPage() {
  const render = offerPageRenderer(shell, ["Stockton", "Lodi"]);
  for (const state of OFFER_STATES)
    for (const step of [null, ...JOB_STEPS])
      for (const status of requestStatuses)
        for (const taken of [false, true])
          for (const driverCancelled of [false, true])
            for (const full of [false, true]) {
              const answered = state !== "offered" && state !== "expired";
              const pageState: OfferPageState = {
                state,
                taken,
                driverCancelled,
                expiresAt: minutes(state === "expired" ? -5 : 10).toISOString(),
                answeredAt: answered ? minutes(-20).toISOString() : null,
                etaMinutes: state === "accepted" ? 25 : null,
                step,
                stepAt: step ? minutes(-5).toISOString() : null,
              };
              yield render(jobWith(full, status, answered), pageState, "t0ken", at);
            }
}

describe("the partner's job page's own stylesheet", () => {
  it("is the job page's: far smaller than the site's, without the site's long-form text", () => {
    expect(jobCss.length).toBeLessThan(siteCss.length / 3);
    expect(unstyledOnJobPage(["prose-article", "review-stars"])).toEqual(["prose-article", "review-stars"]);
    // Names Tailwind escapes are read as the page writes them.
    expect(siteClasses.has("md:pb-0")).toBe(true);
    expect(siteClasses.has("[content-visibility:auto]")).toBe(true);
  });

  it("styles every class the page draws in any state", () => {
    const used = new Set<string>();
    let pages = 0;
    for (const html of everyJobPage()) {
      pages++;
      for (const name of classesUsedIn(html)) used.add(name);
    }
    // The states differ (forms, steps, notices): many classes, most of them styled by the site too.
    expect(pages).toBeGreaterThan(1_000);
    expect([...used].filter((name) => siteClasses.has(name)).length).toBeGreaterThan(40);
    expect(unstyledOnJobPage(used)).toEqual([]);
  });
});
