import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/**
 * A box that scrolls sideways when its content (a wide table on a phone) does not fit. It takes
 * keyboard focus and has a name (a named section is a region), so someone without a pointer can scroll
 * it with the arrow keys.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  /** What the region holds, read by screen readers when it takes focus. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
    <section aria-label={label} tabIndex={0} className={cn("overflow-x-auto", className)}>
      {children}
    </section>
  );
}
