/**
 * CSV for the bookkeeper: RFC 4180 (comma-separated, CRLF line ends, a field quoted when it holds
 * a comma, a quote or a line break, quotes doubled), UTF-8 with a byte-order mark so spreadsheet
 * programs read accents right, a header row, and times in the business's time zone, named in the
 * header.
 *
 * Formula injection: a spreadsheet runs a cell that begins with = + - @ (or a tab or carriage
 * return before one) as a formula, and a visitor types these fields. Such a cell gets a leading
 * apostrophe (OWASP's advice), which spreadsheets show as text and never evaluate.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: (string | number)[]) => `${cells.map(csvCell).join(",")}\r\n`;

export const BYTE_ORDER_MARK = "\uFEFF";

/** "2026-11-23 14:05:09" in the given zone. */
export function localTime(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}:${get("second")}`;
}
