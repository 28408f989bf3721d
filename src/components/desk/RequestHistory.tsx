import { useId } from "react";
import { type StackedColumn, StackedTable } from "@/components/ui/stacked-table";
import type { DeskAlert, DeskEvent, DeskRequest } from "@/shared/desk-schema";
import { describeEvent, noteInDescription } from "./event-words";
import { businessTime } from "./format";
import { sourceLabels } from "./source-labels";

/** What each alert in the deliveries table is. */
const alertKindLabels: Record<string, string> = {
  new_request: "New request (owner)",
  cancelled: "Cancelled (owner)",
  driver_confirmation: "Confirmation (driver)",
  offer_created: "Offer (partner)",
  offer_withdrawn: "Offer withdrawn (partner)",
  offer_cancelled: "Cancelled by the driver (partner)",
  no_partner: "No partner took it (owner)",
  job_not_completed: "Partner could not complete (owner)",
  review_request: "How did it go? (driver)",
};

/** One alert per row: a table from sm up, a block of lines per alert on a phone. */
const alertColumns: StackedColumn<DeskAlert>[] = [
  { header: "Alert", cell: (a) => alertKindLabels[a.kind] ?? a.kind },
  { header: "Channel", cell: (a) => a.channel },
  { header: "State", cell: (a) => a.state },
  { header: "Attempts", cell: (a) => a.attempts },
  { header: "Last error", cell: (a) => a.lastError ?? "—" },
  { header: "Next attempt", cell: (a) => (a.state === "pending" ? businessTime(a.nextAttemptAt) : "—") },
];

/** From the request's arrival to the partner's Done: who did what, when, everything typed as text. */
export function Timeline({ request, events }: { request: DeskRequest; events: DeskEvent[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-bold text-ink">
        Timeline
      </h2>
      <ol className="mt-2 space-y-2 border-l-2 border-slate-300 pl-4" data-testid="timeline">
        <li className="text-sm">
          <p className="[overflow-wrap:anywhere]">
            <time dateTime={request.createdAt} className="text-slate-600">
              {businessTime(request.createdAt)}
            </time>{" "}
            — <span className="font-semibold">Received</span> ({sourceLabels[request.source]})
          </p>
        </li>
        {/* The API lists a request's events newest first (the history it always was): a timeline reads oldest first. */}
        {[...events]
          .sort((a, b) => a.id - b.id)
          .map((event) => (
            <li key={event.id} className="text-sm">
              <p className="[overflow-wrap:anywhere]">
                <time dateTime={event.at} className="text-slate-600">
                  {businessTime(event.at)}
                </time>{" "}
                — <span className="font-semibold">{event.actor}</span> {describeEvent(event)}
              </p>
              {event.note && !noteInDescription.has(event.kind) && (
                <p className="mt-1 whitespace-pre-wrap rounded-md bg-slate-50 px-3 py-2 text-ink [overflow-wrap:anywhere]">
                  {event.note}
                </p>
              )}
            </li>
          ))}
      </ol>
    </section>
  );
}

/** Each alert queued for the request, with its delivery state. */
export function AlertDeliveries({ alerts }: { alerts: DeskAlert[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-bold text-ink">
        Alert deliveries
      </h2>
      {alerts.length === 0 ? (
        <p className="text-sm text-slate-600">No alerts were queued for this request.</p>
      ) : (
        <StackedTable
          labelledBy={headingId}
          className="mt-2"
          rows={alerts}
          rowKey={(a) => a.id}
          columns={alertColumns}
        />
      )}
    </section>
  );
}
