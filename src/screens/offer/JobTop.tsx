import { offerPage as t } from "@/i18n/en/offer-page";
import { fill } from "@/i18n/ui";
import { mapSearchHref, telHrefFor } from "@/shared/links";
import { locationView } from "@/shared/location";
import { site } from "@/shared/site";
import type { OfferJob } from "./offer-job";
import { buttonClass, buttonRowClass, Label, TextLink } from "./parts";
import { type TimeLeftWords, timeLeft } from "./time-left";

/**
 * The parts of a partner's job page that are read from the cab of a truck: the answer deadline, large,
 * before acceptance; and, after it, what it takes to drive there (call the driver, navigate, the pickup)
 * at the top of the page.
 */

const KM_PER_MILE = 1.609344;
const oneDecimal = (n: number) => String(Math.round(n * 10) / 10);

/** "Near Riverton, about 2 mi (3.2 km) from its center"; "In Riverton" under half a mile, where "about 0 mi" says nothing. */
export function pickupAreaLine(town: string, distanceKm: number | null): string {
  if (distanceKm === null) return fill(t.pickupTown, { town });
  const miles = distanceKm / KM_PER_MILE;
  if (miles < 0.5) return fill(t.pickupIn, { town });
  return fill(t.pickupNear, { town, miles: oneDecimal(miles), km: oneDecimal(distanceKm) });
}

const clockTime = new Intl.DateTimeFormat("en-US", { timeZone: site.timeZone, hour: "numeric", minute: "2-digit" });

const timeLeftWords: TimeLeftWords = { minutes: t.minutesLeft, under: t.underAMinute, up: t.timeUp };

/**
 * "Answer by 2:43 AM, 6 min left", in the business's time zone. The server writes it as of `now`, so it
 * reads right without JavaScript; the page's script counts the minutes down from the <time>'s datetime
 * with the words it is given here (data-*), so the script holds no English.
 */
export function Deadline({ expiresAt, now }: { expiresAt: Date; now: Date }) {
  const [before, between] = t.deadline.split("{time}") as [string, string];
  const [comma] = between.split("{left}") as [string];
  return (
    <p className="text-2xl leading-tight font-extrabold text-ink" data-testid="offer-deadline" data-offer-deadline="">
      {before}
      <time dateTime={expiresAt.toISOString()}>{clockTime.format(expiresAt)}</time>
      {comma}
      <span
        data-offer-left=""
        data-words-minutes={timeLeftWords.minutes}
        data-words-under={timeLeftWords.under}
        data-words-up={timeLeftWords.up}
      >
        {timeLeft(expiresAt.getTime() - now.getTime(), timeLeftWords)}
      </span>
    </p>
  );
}

/** A geo: URI for the pickup: the phone's position when the driver sent one, else the address as a query. */
function geoHref(request: OfferJob["request"]): string {
  const position = locationView(request);
  if (position) return position.geoUri;
  return `geo:0,0?q=${encodeURIComponent(request.pickupLocation)}`;
}

/**
 * The top of an accepted job: call the driver, navigate (geo:, which Android's map apps open, and a maps
 * search link of the address for phones without a geo: handler, such as iPhones), and the pickup as the
 * driver wrote it, with the driver's note for the operator under it (a gate code, the car's state), as text.
 */
export function JobTop({ request }: { request: OfferJob["request"] }) {
  const position = locationView(request);
  const note = request.note?.trim();
  return (
    <section
      className="space-y-3 rounded-lg border-2 border-ink bg-white p-4"
      aria-labelledby="offer-top-heading"
      data-testid="offer-job-top"
    >
      <h2 id="offer-top-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {t.jobTopHeading}
      </h2>
      <div className={buttonRowClass}>
        <a href={telHrefFor(request.phone)} data-testid="offer-call-driver" className={buttonClass.primary}>
          {t.callDriver}
        </a>
        <a href={geoHref(request)} data-testid="offer-navigate" className={buttonClass.primary}>
          {t.navigate}
        </a>
      </div>
      <div className="space-y-1">
        <Label>{t.pickup}</Label>
        <p
          className="text-xl font-bold text-ink [overflow-wrap:anywhere] whitespace-pre-wrap"
          data-testid="offer-pickup"
        >
          {request.pickupLocation}
        </p>
        <p>
          <TextLink href={mapSearchHref(request.pickupLocation)} testId="offer-address-link">
            {t.addressLink}
          </TextLink>
        </p>
        {position && (
          <p>
            <TextLink href={position.openStreetMapUrl} testId="offer-position-link">
              {t.positionLink}
            </TextLink>
          </p>
        )}
        {note && <Label>{t.driverNote}</Label>}
        {note && (
          <p className="whitespace-pre-line" data-testid="offer-note">
            {note}
          </p>
        )}
      </div>
    </section>
  );
}
