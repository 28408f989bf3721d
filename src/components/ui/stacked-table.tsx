// biome-ignore-all lint/a11y/noRedundantRoles: the table's roles are written out on purpose (see StackedTable).
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export interface StackedColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Classes of this column's cells, or of one row's cell (a failure in red, say). */
  className?: string | ((row: Row) => string);
}

/**
 * A table that fits a phone without scrolling sideways. Below the sm breakpoint each row is a block of
 * lines, each value after its column's name; from sm up it is laid out as the table it is. One copy of
 * the markup, switched by CSS: the names beside the values are hidden from screen readers, which hear
 * the column headers (kept for them, out of sight, on a phone).
 *
 * The roles are written out because some browsers (Safari among them) stop announcing a table as one
 * once its display is changed; on a table whose display is the table's own they change nothing.
 */
export function StackedTable<Row>({
  labelledBy,
  columns,
  rows,
  rowKey,
  className,
}: {
  /** The id of the heading that names the table. */
  labelledBy: string;
  columns: StackedColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  className?: string;
}) {
  return (
    <table
      role="table"
      aria-labelledby={labelledBy}
      className={cn("block w-full text-left text-sm sm:table", className)}
    >
      <thead role="rowgroup" className="sr-only sm:not-sr-only sm:table-header-group">
        <tr role="row" className="border-b border-slate-300">
          {columns.map((column) => (
            <th role="columnheader" scope="col" key={column.header} className="py-1 pr-3 last:pr-0">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup" className="block sm:table-row-group">
        {rows.map((row) => (
          <tr role="row" key={rowKey(row)} className="block border-b border-slate-200 py-2 sm:table-row sm:py-0">
            {columns.map((column) => (
              <td
                role="cell"
                key={column.header}
                className={cn(
                  "flex flex-wrap gap-x-2 py-0.5 wrap-anywhere sm:table-cell sm:py-1 sm:pr-3 sm:align-top sm:last:pr-0",
                  typeof column.className === "function" ? column.className(row) : column.className,
                )}
              >
                <span aria-hidden="true" className="font-semibold text-slate-600 sm:hidden">
                  {column.header}
                </span>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
