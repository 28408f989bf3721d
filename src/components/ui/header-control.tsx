import type * as React from "react";
import { cn } from "@/components/ui/cn";

/**
 * A quiet control for a dark header bar: on a phone only its icon shows (its words stay its
 * accessible name), from the sm breakpoint the words too. 44 px tall; 40 px wide on a phone, so a
 * header's links and controls fit one row of a 360 px screen, 44 px from sm.
 */
export function HeaderControl({
  icon,
  children,
  className,
  ...props
}: React.ComponentProps<"button"> & { icon: React.ReactNode }) {
  return (
    <button
      type="button"
      className={cn(
        "inline-flex min-h-11 min-w-10 items-center justify-center gap-1.5 rounded-md px-2 text-sm text-slate-300 hover:text-white hover:underline max-sm:px-0 sm:min-w-11 sm:px-3",
        className,
      )}
      {...props}
    >
      <span aria-hidden="true" className="[&_svg]:size-5">
        {icon}
      </span>
      <span className="sr-only sm:not-sr-only">{children}</span>
    </button>
  );
}
