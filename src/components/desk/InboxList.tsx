import { Phone } from "lucide-react";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { languageForOwner } from "@/i18n/locales";
import type { InboxPage } from "@/shared/desk-schema";
import { telHrefFor } from "@/shared/links";
import { businessTime, timeAgo } from "./format";
import { StatusBadge } from "./StatusBadge";
import { hrefFor } from "./use-hash-route";

type InboxRow = InboxPage["items"][number];

/** One request: a link to its page (when, who, what, where, status) and a call button beside it. */
function InboxItem({ row, now }: { row: InboxRow; now: number }) {
  return (
    <li className={cn("flex items-center", row.status === "new" && "border-l-4 border-l-brand-500 bg-brand-50")}>
      <a
        href={hrefFor({ view: "request", id: row.id })}
        className="grid min-w-0 flex-1 grid-cols-1 gap-1 px-4 py-3 hover:bg-slate-50 md:grid-cols-[11rem_1fr_1fr_auto] md:items-center md:gap-4"
      >
        <span className="text-sm text-slate-600">
          <time dateTime={row.createdAt}>{businessTime(row.createdAt)}</time>
          <span className="block text-xs">{timeAgo(row.createdAt, now)}</span>
        </span>
        <span className="min-w-0">
          <span className={cn("block truncate text-ink", row.status === "new" ? "font-bold" : "font-medium")}>
            {row.name}
          </span>
          <span className="block truncate text-sm text-slate-700">
            {row.service}
            {row.language !== "en" && (
              <span className="ml-2 rounded bg-sky-100 px-1.5 py-0.5 text-xs font-semibold text-sky-900">
                {languageForOwner[row.language]}
              </span>
            )}
          </span>
        </span>
        <span className="min-w-0 truncate text-sm text-slate-700">{row.pickupLocation}</span>
        <span>
          <StatusBadge status={row.status} />
        </span>
      </a>
      <a
        href={telHrefFor(row.phone)}
        className={buttonVariants({ variant: "outline", size: "icon", className: "mr-3 shrink-0" })}
        aria-label={`Call ${row.name}, ${row.phone}`}
      >
        <Phone aria-hidden="true" />
      </a>
    </li>
  );
}

/** The page of requests; the previous list stays while a new filter loads, dimmed so it is not mistaken for the answer. */
export function InboxList({ rows, now, stale }: { rows: InboxRow[]; now: number; stale: boolean }) {
  return (
    <ul
      aria-label="Service requests"
      aria-busy={stale}
      className={cn("divide-y divide-slate-200 rounded-lg border border-slate-200", stale && "opacity-60")}
    >
      {rows.map((row) => (
        <InboxItem key={row.id} row={row} now={now} />
      ))}
    </ul>
  );
}

/** Newer and Older, with the page number between. */
export function InboxPager({
  page,
  hasMore,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Newer
      </Button>
      <span className="text-sm text-slate-700">Page {page}</span>
      <Button variant="outline" size="sm" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Older
      </Button>
    </nav>
  );
}
