import { addDays, dayIn } from "@/shared/business-day";
import { site } from "@/shared/site";
import type { ReportPeriod } from "./use-hash-route";

/** Times on the desk are the business's clock (site.timeZone), whatever the phone's zone. */
const clock = new Intl.DateTimeFormat("en-US", {
  timeZone: site.timeZone,
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

export const businessTime = (iso: string) => clock.format(new Date(iso));

/** "just now", "12 min ago", "3 h ago", "2 days ago". */
export function timeAgo(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

export const mailtoHrefFor = (email: string) => `mailto:${email}`;

/** Today on the business's calendar, as YYYY-MM-DD (the report's and the insurance date's day). */
export const businessToday = (now = Date.now()) => dayIn(site.timeZone, new Date(now));

export { addDays };

const dayLabel = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });

/** "Mar 31, 2027" for a YYYY-MM-DD day (read as that calendar day, whatever the phone's zone). */
export const dayWords = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/** "45 s", "4 min 30 s", "1 h 5 min": a median time to accept. */
export function durationWords(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return s % 60 ? `${minutes} min ${s % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/** 0.8 -> "80%". */
export const percentWords = (share: number) => `${Math.round(share * 100)}%`;

/** A report period's first and last day (inclusive, the business's calendar): "last 7 days" ends today. */
export function periodDays(period: ReportPeriod, today = businessToday()): { from: string; to: string } {
  if ("days" in period) return { from: addDays(today, 1 - period.days), to: today };
  return period;
}
