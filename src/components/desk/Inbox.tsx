import { useQuery } from "@tanstack/react-query";
import { Phone } from "lucide-react";
import { type ComponentProps, useEffect, useId, useLayoutEffect, useRef } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClass } from "@/components/ui/form-field";
import { languageForOwner } from "@/i18n/locales";
import { cn } from "@/lib/utils";
import { type InboxFilter, type InboxPage, newCountLabel } from "@/shared/desk-schema";
import { telHrefFor } from "@/shared/links";
import { requestSources } from "@/shared/location";
import { serviceNames } from "@/shared/services";
import { site } from "@/shared/site";
import { AlertsWithoutSender } from "./AlertsWithoutSender";
import { DeskField } from "./DeskField";
import { businessTime, timeAgo } from "./format";
import { INBOX_POLL_MS } from "./NewRequestBanner";
import { StatusBadge, StatusOptions } from "./StatusBadge";
import { sourceLabels } from "./source-labels";
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

type FormSubmit = NonNullable<ComponentProps<"form">["onSubmit"]>;

const selectClass = cn(inputClass, "pr-8");

/** The two ends of the date range filter, in the order they sit on screen. */
const dateFilters = [
  { key: "from", label: "From" },
  { key: "to", label: "To" },
] as const;

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

  // Back from a request: the list as it was, where it was. The position is kept as the owner scrolls,
  // and read once more as the inbox leaves: a scroll event arrives a frame late, so a tap right after
  // a fling would otherwise leave the position before it (a layout effect's cleanup runs before the
  // request page takes the inbox's place, while the page is still as long as the list).
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
    if (restore.current === null || !inbox.data) return;
    window.scrollTo(0, restore.current);
    restore.current = null;
  }, [inbox.data]);

  const newCount = inbox.data?.newCount ?? 0;
  useEffect(() => {
    document.title = newCount > 0 ? `(${newCountLabel(newCount)} new) Inbox · Desk` : "Inbox · Desk";
  }, [newCount]);

  const setFilter = (patch: Partial<InboxFilter>) => onChange({ filter: { ...state.filter, ...patch }, page: 1 });
  const onSearch: FormSubmit = (event) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    setFilter({ q: q || undefined });
  };
  const filtered = Object.values(state.filter).some(Boolean);
  const exportParams = filterParams(state.filter).toString();

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id={`${id}-heading`} tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none">
          Inbox
        </h1>
        <p className="text-sm text-slate-600" aria-live="polite">
          {newCount === 1 ? "1 new request" : `${newCountLabel(newCount)} new requests`}
        </p>
        <a href={hrefFor({ view: "new" })} className={cn(buttonVariants({ variant: "primary", size: "sm" }))}>
          New request
        </a>
      </div>

      <AlertsWithoutSender channels={inbox.data?.alertsWithoutSender ?? []} />

      <search>
        <form onSubmit={onSearch} className="flex gap-2" key={state.filter.q ?? ""}>
          <label htmlFor={`${id}-q`} className="sr-only">
            Search
          </label>
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            defaultValue={state.filter.q ?? ""}
            placeholder="Name, phone, email or place"
            className={inputClass}
          />
          <Button type="submit" variant="dark">
            Search
          </Button>
        </form>
      </search>

      <fieldset className="grid min-w-0 grid-cols-[repeat(auto-fill,minmax(min(100%,9rem),1fr))] gap-3 md:grid-cols-4">
        <legend className="sr-only">Filters</legend>
        <DeskField label="Status" className="space-y-1">
          {(fieldId) => (
            <select
              id={fieldId}
              className={selectClass}
              value={state.filter.status ?? ""}
              onChange={(e) => setFilter({ status: (e.target.value || undefined) as InboxFilter["status"] })}
            >
              <option value="">All</option>
              <StatusOptions />
            </select>
          )}
        </DeskField>
        <DeskField label="Service" className="space-y-1">
          {(fieldId) => (
            <select
              id={fieldId}
              className={selectClass}
              value={state.filter.service ?? ""}
              onChange={(e) => setFilter({ service: (e.target.value || undefined) as InboxFilter["service"] })}
            >
              <option value="">All</option>
              {serviceNames.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </DeskField>
        <DeskField label="Source" className="space-y-1">
          {(fieldId) => (
            <select
              id={fieldId}
              className={selectClass}
              value={state.filter.source ?? ""}
              onChange={(e) => setFilter({ source: (e.target.value || undefined) as InboxFilter["source"] })}
            >
              <option value="">All</option>
              {requestSources.map((s) => (
                <option key={s} value={s}>
                  {sourceLabels[s]}
                </option>
              ))}
            </select>
          )}
        </DeskField>
        {dateFilters.map(({ key, label }) => (
          <DeskField key={key} label={label} className="space-y-1">
            {(fieldId) => (
              <input
                id={fieldId}
                type="date"
                className={inputClass}
                value={state.filter[key] ?? ""}
                onChange={(e) => setFilter({ [key]: e.target.value || undefined })}
              />
            )}
          </DeskField>
        ))}
      </fieldset>

      <div className="flex flex-wrap items-center gap-2">
        <a
          href={`/api/desk/requests.csv${exportParams ? `?${exportParams}` : ""}`}
          download
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          Export CSV
        </a>
        {filtered && (
          <Button variant="ghost" size="sm" onClick={() => onChange({ filter: {}, page: 1 })}>
            Clear filters
          </Button>
        )}
        <span className="text-xs text-slate-600">Times in {site.timeZone.replace("_", " ")} time</span>
      </div>

      {inbox.isError && (
        <ErrorAlert className="text-sm">
          The inbox could not be loaded ({inbox.error.message.slice(0, 120)}). It tries again in a few seconds.
        </ErrorAlert>
      )}
      {inbox.isPending && <p className="text-slate-600">Loading requests…</p>}
      {inbox.data && inbox.data.items.length === 0 && (
        <p className="rounded-md bg-slate-100 px-4 py-6 text-center text-slate-700">
          {filtered ? "No service requests match these filters." : "No service requests yet."}
        </p>
      )}

      {inbox.data && inbox.data.items.length > 0 && (
        <ul
          aria-label="Service requests"
          aria-busy={inbox.isPlaceholderData}
          className={cn(
            "divide-y divide-slate-200 rounded-lg border border-slate-200",
            // The previous list stays while a new filter loads, dimmed so it is not mistaken for the answer.
            inbox.isPlaceholderData && "opacity-60",
          )}
        >
          {inbox.data.items.map((row) => (
            <li
              key={row.id}
              className={cn("flex items-center", row.status === "new" && "border-l-4 border-l-brand-500 bg-brand-50")}
            >
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
          ))}
        </ul>
      )}

      {inbox.data && (state.page > 1 || inbox.data.hasMore) && (
        <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={state.page <= 1}
            onClick={() => onChange({ ...state, page: state.page - 1 })}
          >
            Newer
          </Button>
          <span className="text-sm text-slate-700">Page {state.page}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={!inbox.data.hasMore}
            onClick={() => onChange({ ...state, page: state.page + 1 })}
          >
            Older
          </Button>
        </nav>
      )}
    </section>
  );
}
