import type * as React from "react";
import { cn } from "@/components/ui/cn";

export function Card({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("rounded-xl border border-slate-200 bg-white shadow-sm", className)} {...props} />;
}

export function CardHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 p-6 pb-3", className)} {...props} />;
}

export function CardTitle({
  className,
  as: Heading = "h3",
  ...props
}: React.ComponentProps<"h3"> & { as?: "h2" | "h3" }) {
  return <Heading className={cn("text-xl font-bold text-ink", className)} {...props} />;
}

export function CardContent({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("p-6 pt-0", className)} {...props} />;
}

/** A second link a card may carry, such as the accident guide on the Accident Recovery cards. */
export interface CardLink {
  label: string;
  href: string;
}

/** The links at a card's foot, one per line: the card's own link, then its optional second link. */
export function CardLinks({ children, second }: { children: React.ReactNode; second?: CardLink }) {
  return (
    <div className="flex flex-col gap-2">
      {children}
      {second && (
        <a href={second.href} className="font-semibold text-brand-800 hover:underline">
          {second.label}
        </a>
      )}
    </div>
  );
}
