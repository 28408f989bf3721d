import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useLayoutEffect, useRef } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ErrorAlert } from "@/components/ui/error-alert";
import { type InboxFilter, type InboxPage, newCountLabel } from "@/shared/desk-schema";
import { site } from "@/shared/site";
import { AlertsWithoutSender } from "./AlertsWithoutSender";
import { InboxFilters, InboxSearch } from "./InboxFilters";
import { InboxList, InboxPager } from "./InboxList";
import { INBOX_POLL_MS } from "./NewRequestBanner";
import { hrefFor, useNow } from "./use-hash-route";

/** Where the page was scrolled while the inbox was last shown: put back when the owner returns to it. */
let scrolledTo = 0;

export interface InboxState {
  filter: InboxFilter;
  page: number;
}

function filterParams(filter: InboxFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, String(value));
  return params;
}

/**
 * Back from a request: the list as it was, where it was. The position is kept as the owner scrolls,
 * and read once more as the inbox leaves: a scroll event arrives a frame late, so a tap right after
 * a fling would otherwise leave the position before it (a layout effect's cleanup runs before the
 * request page takes the inbox's place, while the page is still as long as the list).
 */
function useScrollKept(data: InboxPage | undefined) {
  const restore = useRef<number | null>(scrolledTo);
  useLayoutEffect(() => {
    const keep = () => {
      scrolledTo = window.scrollY;
    };
    addEventListener("scroll", keep, { passive: true });
    return () => {
      removeEventListener("scroll", keep);
      keep();
    };
  }, []);
  useLayoutEffect(() => {
    if (restore.current === null || !data) return;
    window.scrollTo(0, restore.current);
    restore.current = null;
  }, [data]);
}

/** The inbox's heading, how many are new (said as it changes) and the way to type in a phoned request. */
function InboxHeader({ headingId, newCount }: { headingId: string; newCount: number }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h1 id={headingId} tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none">
        Inbox
      </h1>
      <p className="text-sm text-slate-600" aria-live="polite">
        {newCount === 1 ? "1 new request" : `${newCountLabel(newCount)} new requests`}
      </p>
      <a href={hrefFor({ view: "new" })} className={cn(buttonVariants({ variant: "primary", size: "sm" }))}>
        New request
      </a>
    </div>
  );
}

/** Export of the filtered list, Clear filters when some are set, and the time zone the times are in. */
function InboxTools({ filter, onClear }: { filter: InboxFilter; onClear: () => void }) {
  const exportParams = filterParams(filter).toString();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <a
        href={`/api/desk/requests.csv${exportParams ? `?${exportParams}` : ""}`}
        download
        className={buttonVariants({ variant: "outline", size: "sm" })}
      >
        Export CSV
      </a>
      {Object.values(filter).some(Boolean) && (
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      )}
      <span className="text-xs text-slate-600">Times in {site.timeZone.replace("_", " ")} time</span>
    </div>
  );
}

export function Inbox({ state, onChange }: { state: InboxState; onChange: (next: InboxState) => void }) {
  const id = useId();
  const now = useNow();
  const params = filterParams(state.filter);
  if (state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  const inbox = useQuery<InboxPage>({
    queryKey: [`/api/desk/requests${query ? `?${query}` : ""}`],
    // The one exception to the no-refetch defaults: drivers send requests while the owner watches
    // (see useLatestRequests). It keeps going in a background tab so that the tab's title can tell the
    // owner something arrived.
    refetchInterval: INBOX_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
  useScrollKept(inbox.data);

  const newCount = inbox.data?.newCount ?? 0;
  useEffect(() => {
    document.title = newCount > 0 ? `(${newCountLabel(newCount)} new) Inbox · Desk` : "Inbox · Desk";
  }, [newCount]);

  const setFilter = (patch: Partial<InboxFilter>) => onChange({ filter: { ...state.filter, ...patch }, page: 1 });
  const filtered = Object.values(state.filter).some(Boolean);
  const items = inbox.data?.items ?? [];

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <InboxHeader headingId={`${id}-heading`} newCount={newCount} />
      <AlertsWithoutSender channels={inbox.data?.alertsWithoutSender ?? []} />
      <InboxSearch id={id} filter={state.filter} setFilter={setFilter} />
      <InboxFilters filter={state.filter} setFilter={setFilter} />
      <InboxTools filter={state.filter} onClear={() => onChange({ filter: {}, page: 1 })} />

      {inbox.isError && (
        <ErrorAlert className="text-sm">
          The inbox could not be loaded ({inbox.error.message.slice(0, 120)}). It tries again in a few seconds.
        </ErrorAlert>
      )}
      {inbox.isPending && <p className="text-slate-600">Loading requests…</p>}
      {inbox.data && items.length === 0 && (
        <p className="rounded-md bg-slate-100 px-4 py-6 text-center text-slate-700">
          {filtered ? "No service requests match these filters." : "No service requests yet."}
        </p>
      )}
      {items.length > 0 && <InboxList rows={items} now={now} stale={inbox.isPlaceholderData} />}
      {inbox.data && (state.page > 1 || inbox.data.hasMore) && (
        <InboxPager page={state.page} hasMore={inbox.data.hasMore} onPage={(page) => onChange({ ...state, page })} />
      )}
    </section>
  );
}
