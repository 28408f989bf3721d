import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/**
 * Small charts in plain SVG, each with the table it is drawn from. A chart library would weigh more
 * than the whole desk's own code for two kinds of bar; these draw only rectangles and text.
 *
 * The pattern: a <figure> named by its <figcaption>; the drawing is hidden from screen readers
 * (aria-hidden), and the same numbers are a real <table> in a <details> ("Show as a table") that
 * anyone can open, a screen reader's user first among them. Both fit a 360 px screen: the bars take
 * the width there is, the labels sit above them, never beside.
 */
export interface ChartRow {
  /** What the bar is (a day, a service, a page). */
  label: string;
  value: number;
  /** The value as the table and the bar's end say it ("12 min"); the number when not given. */
  shown?: string;
}

interface ChartFigureProps {
  title: string;
  /** One line under the title: a total, a rate. */
  summary?: ReactNode;
  rows: ChartRow[];
  /** The table's column headers: what a row is and what its value is. */
  labelHeader: string;
  valueHeader: string;
  /** Bars across, one per row, for categories; columns up, side by side, for days. */
  kind?: "bars" | "columns";
  /** The largest value the bars are scaled to (the rows' largest when not given: 5 for stars, say). */
  scaleMax?: number;
  /** Said instead of a drawing when there is nothing to draw. */
  empty?: string;
  className?: string;
}

const shownOf = (row: ChartRow) => row.shown ?? row.value.toLocaleString("en-US");

export function ChartFigure({
  title,
  summary,
  rows,
  labelHeader,
  valueHeader,
  kind = "bars",
  scaleMax,
  empty = "Nothing in this period.",
  className,
}: ChartFigureProps) {
  const max = Math.max(scaleMax ?? 0, ...rows.map((r) => r.value), 0);
  const nothing = rows.length === 0 || (kind === "bars" && max === 0 && scaleMax === undefined);
  return (
    <figure className={cn("min-w-0 rounded-lg border border-slate-200 bg-white p-3", className)}>
      <figcaption className="font-bold text-ink">{title}</figcaption>
      {summary && <p className="text-sm text-slate-700">{summary}</p>}
      {nothing ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : kind === "bars" ? (
        <Bars rows={rows} max={max} />
      ) : (
        <Columns rows={rows} max={max} />
      )}
      {rows.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="inline-flex min-h-6 cursor-pointer items-center font-medium text-brand-800 underline">
            Show as a table<span className="sr-only">: {title}</span>
          </summary>
          <table className="mt-2 w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-1 pr-2 font-semibold">
                  {labelHeader}
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  {valueHeader}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-2 font-normal break-all">
                    {row.label}
                  </th>
                  <td className="py-1 text-right tabular-nums">{shownOf(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </figure>
  );
}

const ROW_HEIGHT = 36;

/** One bar per row, the label and value on a line above it; the bar's length is its share of `max`. */
function Bars({ rows, max }: { rows: ChartRow[]; max: number }) {
  return (
    <svg
      aria-hidden="true"
      width="100%"
      height={rows.length * ROW_HEIGHT}
      className="mt-2 block overflow-hidden text-xs"
      data-chart="bars"
    >
      {rows.map((row, i) => {
        const y = i * ROW_HEIGHT;
        const share = max > 0 ? row.value / max : 0;
        return (
          <g key={row.label}>
            <text x="0" y={y + 12} className="fill-slate-800">
              {row.label}
            </text>
            <text x="100%" y={y + 12} textAnchor="end" className="fill-slate-800 font-semibold tabular-nums">
              {shownOf(row)}
            </text>
            <rect x="0" y={y + 17} width="100%" height="12" rx="2" className="fill-slate-100" />
            {share > 0 && (
              <rect
                x="0"
                y={y + 17}
                width={`${Math.max(share * 100, 0.5)}%`}
                height="12"
                rx="2"
                className="fill-brand-600"
              />
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** Side-by-side columns (days, oldest first), with the first and last label and the top value under them. */
function Columns({ rows, max }: { rows: ChartRow[]; max: number }) {
  const width = rows.length * 10;
  const first = rows[0];
  const last = rows[rows.length - 1];
  return (
    <div aria-hidden="true" className="mt-2" data-chart="columns">
      <div className="flex items-start gap-1">
        <svg
          aria-hidden="true"
          width="100%"
          height="96"
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
          className="block min-w-0 flex-1 border-b border-slate-400"
        >
          {rows.map((row, i) => {
            const h = max > 0 ? (row.value / max) * 100 : 0;
            return h > 0 ? (
              <rect key={row.label} x={i * 10 + 1} y={100 - h} width="8" height={h} className="fill-brand-600" />
            ) : null;
          })}
        </svg>
        <span className="text-xs text-slate-600 tabular-nums">{max.toLocaleString("en-US")}</span>
      </div>
      <div className="mt-1 flex justify-between text-xs text-slate-600">
        <span>{first?.label}</span>
        <span>{last?.label}</span>
      </div>
    </div>
  );
}
