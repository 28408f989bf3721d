/**
 * The calendar day a moment falls on in a time zone, as YYYY-MM-DD: the business counts its days by
 * its own clock (site.timeZone), whatever the server's or the database's zone.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dayIn(timeZone: string, at: Date): string {
  let format = formats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formats.set(timeZone, format);
  }
  return format.format(at);
}

/** The day `days` after (or before, when negative) a YYYY-MM-DD day, by the calendar. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
