import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { type StackedColumn, StackedTable } from "@/components/ui/stacked-table";
import type { DeskEvent, DeskSignIn } from "@/shared/desk-schema";
import { describeEvent } from "./event-words";
import { businessTime } from "./format";
import { hrefFor } from "./use-hash-route";

/** One sign-in per row: a table from sm up, a block of lines per sign-in on a phone. */
const signInColumns: StackedColumn<DeskSignIn>[] = [
  { header: "Time", cell: (s) => businessTime(s.at), className: "sm:whitespace-nowrap" },
  { header: "Email", cell: (s) => s.email },
  {
    header: "Result",
    cell: (s) => (s.succeeded ? "Signed in" : "Failed"),
    className: (s) => (s.succeeded ? "" : "font-semibold text-red-800"),
  },
  { header: "Address", cell: (s) => s.clientAddress },
];

/** Who signed in (or tried) and from where, and the latest changes to requests, deletions included. */
export function ActivityPage() {
  // Fresh each time the page opens: this is the owner checking on their own desk.
  const signIns = useQuery<DeskSignIn[]>({ queryKey: ["/api/desk/sign-ins"], staleTime: 0 });
  const changes = useQuery<DeskEvent[]>({ queryKey: ["/api/desk/activity"], staleTime: 0 });
  useEffect(() => {
    document.title = "Activity · Desk";
  }, []);

  return (
    <section className="space-y-8">
      <h1 tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none">
        Activity
      </h1>
      <section aria-labelledby="sign-ins-heading">
        <h2 id="sign-ins-heading" className="text-lg font-bold text-ink">
          Recent sign-ins
        </h2>
        {signIns.isError && <p role="alert">{signIns.error.message.slice(0, 200)}</p>}
        {signIns.data && (
          <StackedTable
            labelledBy="sign-ins-heading"
            className="mt-2"
            rows={signIns.data}
            rowKey={(s) => s.id}
            columns={signInColumns}
          />
        )}
      </section>
      <section aria-labelledby="changes-heading">
        <h2 id="changes-heading" className="text-lg font-bold text-ink">
          Recent changes
        </h2>
        {changes.isError && <p role="alert">{changes.error.message.slice(0, 200)}</p>}
        {changes.data?.length === 0 && <p className="text-sm text-slate-600">No changes yet.</p>}
        <ol className="mt-2 space-y-2">
          {changes.data?.map((e) => (
            <li key={e.id} className="text-sm">
              <time dateTime={e.at} className="text-slate-600">
                {businessTime(e.at)}
              </time>{" "}
              — <span className="font-semibold">{e.actor}</span> {describeEvent(e)}
              {e.kind !== "deleted" && (
                <>
                  {" "}
                  on{" "}
                  <a
                    href={hrefFor({ view: "request", id: e.requestId })}
                    className="font-medium text-brand-800 underline underline-offset-2"
                  >
                    request #{e.requestId}
                  </a>
                </>
              )}
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}
