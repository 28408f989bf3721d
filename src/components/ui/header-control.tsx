import type * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A quiet control for a dark header bar: on a phone only its icon shows (its words stay its
 * accessible name), from the sm breakpoint the words too. At least 44 px square either way.
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
        "inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2 text-sm text-slate-300 hover:text-white hover:underline sm:px-3",
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
