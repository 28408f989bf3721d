import { offerPage as t } from "../../../src/i18n/en/offer-page";
import { fill } from "../../../src/i18n/ui";
import { mapSearchHref, telHrefFor } from "../../../src/shared/links";
import { locationView } from "../../../src/shared/location";
import { offerPageLook as look } from "../../../src/shared/offer-page-look";
import { site } from "../../../src/shared/site";
import { type Node, type Page, textNode as text } from "../request-page/page-shell";
import type { FoundOffer } from "./store";

/**
 * The parts of a partner's job page that are read from the cab of a truck: the answer deadline, large,
 * before acceptance; and, after it, what it takes to drive there (call the driver, navigate, the pickup)
 * at the top of the page.
 */

const KM_PER_MILE = 1.609344;
const oneDecimal = (n: number) => String(Math.round(n * 10) / 10);

/** "Near Riverton, about 2 mi (3.2 km) from its center"; "In Centerville" under half a mile, where "about 0 mi" says nothing. */
export function pickupAreaLine(town: string, distanceKm: number | null): string {
  if (distanceKm === null) return fill(t.pickupTown, { town });
  const miles = distanceKm / KM_PER_MILE;
  if (miles < 0.5) return fill(t.pickupIn, { town });
  return fill(t.pickupNear, { town, miles: oneDecimal(miles), km: oneDecimal(distanceKm) });
}

const clockTime = new Intl.DateTimeFormat("en-US", { timeZone: site.timeZone, hour: "numeric", minute: "2-digit" });

/** "6 min left", "under 1 min left" or "time is up": the same rule as the page's script (src/scripts/offer-deadline.ts). */
export function timeLeftWords(msLeft: number): string {
  if (msLeft <= 0) return t.timeUp;
  if (msLeft < 60_000) return t.underAMinute;
  return fill(t.minutesLeft, { minutes: String(Math.floor(msLeft / 60_000)) });
}

/**
 * "Answer by 2:43 AM, 6 min left", in the business's time zone. The server writes it as of `now`, so it
 * reads right without JavaScript; the page's script counts the minutes down from the <time>'s datetime
 * with the words it is given here (data-*), so the script holds no English.
 */
export function deadline($: Page, expiresAt: Date, now: Date): Node {
  const left = $("<span>")
    .attr({
      "data-offer-left": "",
      "data-words-minutes": t.minutesLeft,
      "data-words-under": t.underAMinute,
      "data-words-up": t.timeUp,
    })
    .text(timeLeftWords(expiresAt.getTime() - now.getTime()));
  const time = $("<time>").attr("datetime", expiresAt.toISOString()).text(clockTime.format(expiresAt));
  const [before, between] = t.deadline.split("{time}") as [string, string];
  const [comma] = between.split("{left}") as [string];
  return $("<p>")
    .addClass(look.deadline)
    .attr({ "data-testid": "offer-deadline", "data-offer-deadline": "" })
    .append(text($, before))
    .append(time)
    .append(text($, comma))
    .append(left);
}

/** A geo: URI for the pickup: the phone's position when the driver sent one, else the address as a query. */
function geoHref(found: FoundOffer): string {
  const position = locationView(found.request);
  if (position) return position.geoUri;
  return `geo:0,0?q=${encodeURIComponent(found.request.pickupLocation)}`;
}

const bigLink = ($: Page, href: string, label: string, style: string, testId: string) =>
  $("<a>").attr({ href, "data-testid": testId }).addClass(style).text(label);

/**
 * The top of an accepted job: call the driver, navigate (geo:, which Android's map apps open, and a maps
 * search link of the address for phones without a geo: handler, such as iPhones), and the pickup as the
 * driver wrote it, with the driver's note for the operator under it (a gate code, the car's state), as text.
 */
export function jobTop($: Page, found: FoundOffer): Node {
  const { request } = found;
  const position = locationView(request);
  const links = $("<div>")
    .addClass(look.buttonRow)
    .append(bigLink($, telHrefFor(request.phone), t.callDriver, look.primaryButton, "offer-call-driver"))
    .append(bigLink($, geoHref(found), t.navigate, look.primaryButton, "offer-navigate"));
  const where = $("<div>")
    .addClass("space-y-1")
    .append($("<p>").addClass(look.label).text(t.pickup))
    .append($("<p>").addClass(look.pickupText).attr("data-testid", "offer-pickup").text(request.pickupLocation))
    .append(
      $("<p>").append(
        bigLink($, mapSearchHref(request.pickupLocation), t.addressLink, look.link, "offer-address-link"),
      ),
    );
  if (position)
    where.append(
      $("<p>").append(bigLink($, position.openStreetMapUrl, t.positionLink, look.link, "offer-position-link")),
    );
  const note = request.note?.trim();
  if (note)
    where
      .append($("<p>").addClass(look.label).text(t.driverNote))
      .append($("<p>").addClass("whitespace-pre-line").attr("data-testid", "offer-note").text(note));
  return $("<section>")
    .addClass(look.card)
    .attr({ "aria-labelledby": "offer-top-heading", "data-testid": "offer-job-top" })
    .append($("<h2>").attr("id", "offer-top-heading").addClass(look.cardHeading).text(t.jobTopHeading))
    .append(links)
    .append(where);
}
