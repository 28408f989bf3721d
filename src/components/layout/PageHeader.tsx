import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/**
 * The dark band at the top of inner pages: an optional breadcrumb, the page's h1 and a sentence under
 * it. `compact` keeps it short on phones where what follows must reach the first screen (the chat box).
 */
export function PageHeader({
  title,
  breadcrumb,
  compact = false,
  children,
}: {
  title: string;
  breadcrumb?: ReactNode;
  compact?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="bg-ink text-white">
      <div className={cn("mx-auto max-w-6xl px-4", compact ? "py-4 sm:py-12" : "py-12 sm:py-16")}>
        {breadcrumb && <div className="mb-4">{breadcrumb}</div>}
        <h1 className={cn("font-extrabold tracking-tight sm:text-5xl", compact ? "text-2xl" : "text-3xl")}>{title}</h1>
        {children && (
          <div
            className={cn("max-w-3xl text-slate-300", compact ? "mt-1 text-base sm:mt-4 sm:text-lg" : "mt-4 text-lg")}
          >
            {children}
          </div>
        )}
      </div>
    </div>
  );
}
