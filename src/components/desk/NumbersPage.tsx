import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ChartFigure, type ChartRow } from "@/components/ui/chart";
import { cn } from "@/components/ui/cn";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { CallPlacement } from "@/shared/event-schema";
import {
  type DayCount,
  type DeskNumbers,
  type NumbersPeriod,
  numbersPeriods,
  type Tally,
} from "@/shared/numbers-schema";
import { businessTime, percentWords } from "./format";
import { sourceLabels } from "./source-labels";

/** How the owner reads where a call link sits (src/shared/event-schema.ts says where each is). */
const placementLabels: Record<CallPlacement, string> = {
  header: "Header button",
  menu: "Phone menu",
  call_band: "Call bar (phones)",
  hero: "Home, first screen",
  form: "Request form",
  chat_reply: "Chat reply",
  request_page: "Driver's request page",
  footer: "Footer",
  page_body: "Page text",
};

/** "Mar 10"; over a year, "Mar 10, 2026", since a year's table would otherwise hold one "Mar 10" of each year's. */
const dayLabel = (day: string, withYear = false) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: withYear ? "numeric" : undefined,
    timeZone: "UTC",
  });

const dayRows = (days: DayCount[]): ChartRow[] =>
  days.map((d) => ({ label: dayLabel(d.day, days.length > 90), value: d.count }));
const tallyRows = (tallies: Tally[], label: (key: string) => string = (k) => k): ChartRow[] =>
  tallies.map((t) => ({ label: label(t.key), value: t.count }));

/** "1 h 5 min", "12 min", "40 s". */
function duration(minutes: number): string {
  if (minutes < 1) return `${Math.round(minutes * 60)} s`;
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes - h * 60);
  return m ? `${h} h ${m} min` : `${h} h`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The period the numbers cover: the last 7, 30 or 90 days. */
function PeriodChoice({ days, onChange }: { days: NumbersPeriod; onChange: (days: NumbersPeriod) => void }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Period</legend>
      {numbersPeriods.map((d) => (
        <label
          key={d}
          className={cn(
            "inline-flex min-h-11 cursor-pointer items-center rounded-md border px-3 font-semibold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600",
            d === days ? "border-ink bg-ink text-white" : "border-slate-300 bg-white text-ink",
          )}
        >
          <input
            type="radio"
            name="numbers-period"
            value={d}
            checked={d === days}
            onChange={() => onChange(d)}
            className="sr-only"
          />
          Last {d} days
        </label>
      ))}
    </fieldset>
  );
}

/** How many requests came, by day, service, town and source. */
function RequestCharts({ n }: { n: DeskNumbers }) {
  return (
    <>
      <ChartFigure
        className="md:col-span-2"
        title="Requests per day"
        summary={`${plural(n.requestsTotal, "request")} in ${n.days} days`}
        kind="columns"
        rows={dayRows(n.requestsPerDay)}
        labelHeader="Day"
        valueHeader="Requests"
      />
      <ChartFigure
        title="Requests by service"
        rows={tallyRows(n.byService)}
        labelHeader="Service"
        valueHeader="Requests"
      />
      <ChartFigure
        title="Requests by town"
        summary="The town nearest the driver's position; unknown when none was sent."
        rows={tallyRows(n.byTown)}
        labelHeader="Town"
        valueHeader="Requests"
      />
      <ChartFigure
        title="Requests by source"
        rows={tallyRows(n.bySource, (k) => sourceLabels[k as keyof typeof sourceLabels] ?? k)}
        labelHeader="Source"
        valueHeader="Requests"
      />
    </>
  );
}

/** What visitors did: call taps (by placement and page) and the request form. */
function VisitorCharts({ n }: { n: DeskNumbers }) {
  return (
    <>
      <ChartFigure
        title="Call taps by placement"
        summary={`${plural(n.callTaps.total, "tap")} on the phone number`}
        rows={tallyRows(n.callTaps.byPlacement, (k) => placementLabels[k as CallPlacement] ?? k)}
        labelHeader="Where on the page"
        valueHeader="Taps"
      />
      <ChartFigure
        title="Call taps by page"
        rows={tallyRows(n.callTaps.byPage)}
        labelHeader="Page"
        valueHeader="Taps"
      />
      <ChartFigure
        title="Request form: started and sent"
        summary={
          n.form.conversion === null
            ? "No form was started."
            : `${percentWords(n.form.conversion)} of the forms started were sent`
        }
        rows={[
          { label: "Started", value: n.form.started },
          { label: "Sent", value: n.form.sent },
        ]}
        labelHeader="Form"
        valueHeader="Times"
      />
    </>
  );
}

/** How the work went: the drivers' waits, the reviews, the chat and "Use my location", the cancellations (in the order the page always had). */
function OutcomeCharts({ n }: { n: DeskNumbers }) {
  return (
    <>
      <ChartFigure
        title="Median wait of a driver"
        summary="From received to the first change of status, and to a partner's acceptance."
        rows={[
          ...(n.firstContact.medianMinutes === null
            ? []
            : [
                {
                  label: `To first contact (${plural(n.firstContact.measured, "request")})`,
                  value: n.firstContact.medianMinutes,
                  shown: duration(n.firstContact.medianMinutes),
                },
              ]),
          ...(n.partnerAcceptance.medianMinutes === null
            ? []
            : [
                {
                  label: `To a partner's acceptance (${plural(n.partnerAcceptance.measured, "request")})`,
                  value: n.partnerAcceptance.medianMinutes,
                  shown: duration(n.partnerAcceptance.medianMinutes),
                },
              ]),
        ]}
        labelHeader="Wait"
        valueHeader="Median"
        empty="No request in this period was contacted or accepted yet."
      />
      <ChartFigure
        title="Reviews"
        summary={
          n.reviews.average === null
            ? "No review in this period."
            : `${n.reviews.average.toFixed(1)} of 5 stars on average, ${plural(n.reviews.count, "review")}`
        }
        rows={
          n.reviews.average === null
            ? []
            : [{ label: "Average stars", value: n.reviews.average, shown: `${n.reviews.average.toFixed(1)} of 5` }]
        }
        scaleMax={5}
        labelHeader="Reviews"
        valueHeader="Stars"
        empty="No review in this period."
      />
      <ChartFigure
        title="Chat and location"
        rows={[
          { label: "Chat opened", value: n.chatOpened },
          { label: '"Use my location" used', value: n.locationUsed },
        ]}
        labelHeader="Event"
        valueHeader="Times"
      />
      <ChartFigure
        className="md:col-span-2"
        title="Cancellations per day"
        summary={`${plural(n.cancellationsTotal, "request")} cancelled by the driver`}
        kind="columns"
        rows={dayRows(n.cancellationsPerDay)}
        labelHeader="Day"
        valueHeader="Cancelled"
      />
    </>
  );
}

/**
 * The owner's numbers: requests, call taps, the form, waiting times, reviews and cancellations over
 * the last 7, 30, 90 or 365 days, each a small chart with its table (src/components/ui/chart.tsx).
 */
export function NumbersPage() {
  const [days, setDays] = useState<NumbersPeriod>(7);
  const numbers = useQuery<DeskNumbers>({ queryKey: [`/api/desk/numbers?days=${days}`], staleTime: 60_000 });
  useEffect(() => {
    document.title = "Numbers · Desk";
  }, []);
  const n = numbers.data;

  return (
    <section className="space-y-4">
      <h1 tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none">
        Numbers
      </h1>
      <PeriodChoice days={days} onChange={setDays} />
      {n && (
        <p className="text-sm text-slate-700">
          {dayLabel(n.from, n.days > 90)} to {dayLabel(n.to, n.days > 90)} (today), by the business's clock (
          {n.timeZone.replace("_", " ")}). Spam is not counted as a request. Figures as of {businessTime(n.computedAt)},
          kept for a minute.
        </p>
      )}
      {numbers.isError && (
        <ErrorAlert>
          The numbers could not be loaded ({numbers.error.message.slice(0, 200)}). Reload the page to try again.
        </ErrorAlert>
      )}
      {numbers.isPending && <p className="text-slate-600">Loading the numbers…</p>}
      {n && (
        <div className="grid gap-4 md:grid-cols-2" data-testid="numbers">
          <RequestCharts n={n} />
          <VisitorCharts n={n} />
          <OutcomeCharts n={n} />
        </div>
      )}
    </section>
  );
}
