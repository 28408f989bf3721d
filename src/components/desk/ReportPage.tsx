import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormField, inputClass } from "@/components/ui/form-field";
import { type StackedColumn, StackedTable } from "@/components/ui/stacked-table";
import { isCalendarDate } from "@/shared/desk-schema";
import type { PartnerReport, PartnerReportRow } from "@/shared/partner-schema";
import { dayWords, durationWords, percentWords, periodDays } from "./format";
import { errorText } from "./query-client";
import { hrefFor, REPORT_DAYS, type ReportPeriod } from "./use-hash-route";

const columns: StackedColumn<PartnerReportRow>[] = [
  {
    header: "Partner",
    cell: (r) =>
      r.active ? (
        r.companyName
      ) : (
        <>
          {r.companyName}{" "}
          <span className="rounded bg-slate-200 px-1.5 text-sm font-semibold text-slate-800" data-testid="paused">
            Paused
          </span>
        </>
      ),
    className: "font-semibold",
  },
  { header: "Offers", cell: (r) => r.offers },
  { header: "Accepted", cell: (r) => r.accepted },
  { header: "Declined", cell: (r) => r.declined },
  { header: "Expired", cell: (r) => r.expired },
  {
    header: "Median time to accept",
    cell: (r) => (r.medianSecondsToAccept === null ? "—" : durationWords(r.medianSecondsToAccept)),
  },
  { header: "Completion rate", cell: (r) => (r.completionRate === null ? "—" : percentWords(r.completionRate)) },
];

type Choice = `${(typeof REPORT_DAYS)[number]}` | "dates";

const goTo = (next: ReportPeriod) => {
  window.location.hash = hrefFor({ view: "report", period: next });
};

/** The two days of a chosen period. */
function DateRange({
  ids,
  from,
  to,
  onFrom,
  onTo,
}: {
  ids: string;
  from: string;
  to: string;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
}) {
  return (
    <>
      <FormField id={`${ids}-from`} className="w-full min-w-0 sm:w-auto" label="From">
        <input
          id={`${ids}-from`}
          type="date"
          className={cn(inputClass, "w-full sm:w-auto")}
          value={from}
          max={to || undefined}
          onChange={(e) => onFrom(e.target.value)}
        />
      </FormField>
      <FormField id={`${ids}-to`} className="w-full min-w-0 sm:w-auto" label="To">
        <input
          id={`${ids}-to`}
          type="date"
          className={cn(inputClass, "w-full sm:w-auto")}
          value={to}
          min={from || undefined}
          onChange={(e) => onTo(e.target.value)}
        />
      </FormField>
      <Button type="submit" variant="dark">
        Show report
      </Button>
    </>
  );
}

/** The period: a preset (shown at once) or two chosen days (shown with the button). */
function PeriodForm({ period, from, to }: { period: ReportPeriod; from: string; to: string }) {
  const ids = useId();
  const [choice, setChoice] = useState<Choice>("days" in period ? `${period.days}` : "dates");
  const [chosenFrom, setChosenFrom] = useState(from);
  const [chosenTo, setChosenTo] = useState(to);
  const [problem, setProblem] = useState("");
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (choice !== "dates") return goTo({ days: Number(choice) as (typeof REPORT_DAYS)[number] });
    if (!isCalendarDate(chosenFrom) || !isCalendarDate(chosenTo)) return setProblem("Choose both days.");
    if (chosenFrom > chosenTo) return setProblem("The first day must come before the last day.");
    setProblem("");
    goTo({ from: chosenFrom, to: chosenTo });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
      <FormField id={`${ids}-period`} className="w-full min-w-0 sm:w-auto" label="Period">
        <select
          id={`${ids}-period`}
          className={cn(inputClass, "w-full sm:w-auto")}
          value={choice}
          onChange={(e) => {
            const next = e.target.value as Choice;
            setChoice(next);
            // A preset needs nothing more: shown at once. Chosen dates wait for the button.
            if (next !== "dates") goTo({ days: Number(next) as (typeof REPORT_DAYS)[number] });
          }}
        >
          {REPORT_DAYS.map((d) => (
            <option key={d} value={d}>
              Last {d} days
            </option>
          ))}
          <option value="dates">Chosen dates</option>
        </select>
      </FormField>
      {choice === "dates" && (
        <DateRange ids={ids} from={chosenFrom} to={chosenTo} onFrom={setChosenFrom} onTo={setChosenTo} />
      )}
      {problem && (
        <p role="alert" className="w-full text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </form>
  );
}

/** The period's figures, a row per partner, and the same as a CSV file. */
function ReportTable({ from, to }: { from: string; to: string }) {
  const ids = useId();
  const query = `from=${from}&to=${to}`;
  const report = useQuery<PartnerReport>({ queryKey: [`/api/desk/partners/report?${query}`], staleTime: 0 });
  return (
    <section aria-labelledby={`${ids}-table`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${ids}-table`} className="text-lg font-bold text-ink">
          {dayWords(from)} to {dayWords(to)}
        </h2>
        <a
          href={`/api/desk/partners/report.csv?${query}`}
          download
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <Download aria-hidden="true" />
          Download CSV
        </a>
      </div>
      {report.isPending && <p>Loading…</p>}
      {report.isError && <ErrorAlert>{errorText(report.error)}</ErrorAlert>}
      {report.data?.rows.length === 0 && <p className="text-slate-700">No offers were sent in this period.</p>}
      {report.data && report.data.rows.length > 0 && (
        <StackedTable
          labelledBy={`${ids}-table`}
          rows={report.data.rows}
          rowKey={(r) => r.partnerId}
          columns={columns}
        />
      )}
      <p className="text-sm text-slate-600">
        Median time to accept: from the offer to the partner's acceptance. Completion rate: the accepted jobs the
        partner marked Done.
      </p>
    </section>
  );
}

/**
 * How each partner answered over a period: offers, accepted, declined, expired, the median time to
 * accept and the share of accepted jobs they finished; the same figures as a CSV file.
 */
export function ReportPage({ period }: { period: ReportPeriod }) {
  const { from, to } = periodDays(period);
  useEffect(() => {
    document.title = "Partners report · Desk";
  }, []);
  return (
    <section className="space-y-6">
      <div>
        <a
          href={hrefFor({ view: "partners" })}
          className="inline-block py-2 text-sm font-medium text-brand-800 underline underline-offset-2"
        >
          ← Partners
        </a>
        <h1 tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none">
          Partners report
        </h1>
      </div>
      <PeriodForm period={period} from={from} to={to} />
      <ReportTable from={from} to={to} />
    </section>
  );
}
