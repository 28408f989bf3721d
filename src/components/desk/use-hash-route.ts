import { useEffect, useState } from "react";
import { type InboxFilter, inboxQuerySchema, isCalendarDate } from "@/shared/desk-schema";

/**
 * The desk's views live in the address's #fragment, so Back works, a reload keeps the view, and
 * /desk stays one static page. The inbox's filters and page are in it too ("#/?status=new&page=2").
 */
export type DeskRoute =
  | { view: "inbox"; filter?: InboxFilter; page?: number }
  | { view: "request"; id: number }
  | { view: "activity" }
  | { view: "new" }
  | { view: "reviews" }
  | { view: "numbers" }
  | { view: "partners" }
  /** One partner's form: "new" to add one. */
  | { view: "partner"; id: number | "new" }
  | { view: "report"; period: ReportPeriod };

/** The partners report's period: the last 7, 30 or 90 days (today included), or two chosen days. */
export type ReportPeriod = { days: (typeof REPORT_DAYS)[number] } | { from: string; to: string };
export const REPORT_DAYS = [7, 30, 90] as const;
export const DEFAULT_REPORT_PERIOD: ReportPeriod = { days: 30 };

/** The period from the report's fragment; anything else (a hand-edited address) is the default. */
function reportPeriod(query: string): ReportPeriod {
  const params = new URLSearchParams(query);
  const days = Number(params.get("days"));
  const match = REPORT_DAYS.find((d) => d === days);
  if (match) return { days: match };
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  if (isCalendarDate(from) && isCalendarDate(to) && from <= to) return { from, to };
  return DEFAULT_REPORT_PERIOD;
}

/** The inbox's filters from its fragment; a value the schema refuses (a hand-edited address) is dropped. */
function inboxRoute(query: string): DeskRoute {
  const params = Object.fromEntries(new URLSearchParams(query));
  const filter: InboxFilter = {};
  let page = 1;
  for (const [key, value] of Object.entries(params)) {
    const parsed = inboxQuerySchema.safeParse({ [key]: value });
    if (!parsed.success) continue;
    if (key === "page") page = parsed.data.page;
    else if (key in inboxQuerySchema.shape) Object.assign(filter, { [key]: parsed.data[key as keyof InboxFilter] });
  }
  return { view: "inbox", filter, page };
}

export function parseHash(hash: string): DeskRoute {
  const request = /^#\/requests\/(\d{1,10})$/.exec(hash);
  if (request?.[1]) return { view: "request", id: Number(request[1]) };
  if (hash === "#/activity") return { view: "activity" };
  if (hash === "#/reviews") return { view: "reviews" };
  if (hash === "#/numbers") return { view: "numbers" };
  if (hash === "#/new") return { view: "new" };
  if (hash === "#/partners") return { view: "partners" };
  if (hash === "#/partners/new") return { view: "partner", id: "new" };
  const partner = /^#\/partners\/(\d{1,10})$/.exec(hash);
  if (partner?.[1]) return { view: "partner", id: Number(partner[1]) };
  const report = /^#\/partners\/report(?:\?(.*))?$/.exec(hash);
  if (report) return { view: "report", period: reportPeriod(report[1] ?? "") };
  const query = /^#\/\?(.*)$/.exec(hash);
  return inboxRoute(query?.[1] ?? "");
}

export function hrefFor(route: DeskRoute): string {
  if (route.view === "request") return `#/requests/${route.id}`;
  if (route.view === "activity") return "#/activity";
  if (route.view === "reviews") return "#/reviews";
  if (route.view === "numbers") return "#/numbers";
  if (route.view === "new") return "#/new";
  if (route.view === "partners") return "#/partners";
  if (route.view === "partner") return `#/partners/${route.id}`;
  if (route.view === "report") {
    const period = route.period;
    const query = "days" in period ? `days=${period.days}` : `from=${period.from}&to=${period.to}`;
    return `#/partners/report?${query}`;
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(route.filter ?? {})) if (value) params.set(key, String(value));
  if ((route.page ?? 1) > 1) params.set("page", String(route.page));
  const query = params.toString();
  return query ? `#/?${query}` : "#/";
}

export function useHashRoute(): DeskRoute {
  const [route, setRoute] = useState<DeskRoute>(() => parseHash(window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseHash(window.location.hash));
    window.addEventListener("hashchange", onChange);
    return () => window.removeEventListener("hashchange", onChange);
  }, []);
  return route;
}

/** A clock for "12 min ago": ticks every `ms`. */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
