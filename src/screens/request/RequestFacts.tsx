import { type Locale, languageTag } from "@/i18n/locales";
import { fill, serviceNameIn, ui } from "@/i18n/ui";
import { formatPageTime, type RequestPageFacts } from "@/shared/request-page";
import { site } from "@/shared/site";

/** The request page's heading: "Request #12". Rendered by the server only: it never changes. */
export function RequestHeading({ number, locale }: { number: number; locale: Locale }) {
  return <h1 className="text-3xl font-extrabold text-ink">{fill(ui[locale].requestPage.heading, { number })}</h1>;
}

/** What the driver sent, as they typed it (React sets it as text). Rendered by the server only. */
export function RequestFacts({ facts, locale }: { facts: RequestPageFacts; locale: Locale }) {
  const t = ui[locale].requestPage.facts;
  const rows: [string, React.ReactNode][] = [
    [t.number, `#${facts.id}`],
    [t.service, serviceNameIn(locale, facts.service)],
    [t.pickup, facts.pickupLocation],
    [
      t.sent,
      <time dateTime={facts.sentAt} key="sent">
        {formatPageTime(facts.sentAt, site.timeZone, languageTag[locale])}
      </time>,
    ],
    [t.callAt, fill(t.phoneEnding, { last4: facts.phoneLast4 })],
  ];
  return (
    <dl className="mt-6" data-testid="request-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="border-b border-slate-200 py-2 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4">
          <dt className="text-sm font-semibold text-slate-600">{label}</dt>
          <dd className="text-ink [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
