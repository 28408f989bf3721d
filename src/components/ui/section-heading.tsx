import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export function SectionHeading({
  id,
  title,
  children,
  className,
}: {
  id?: string;
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("mx-auto mb-10 max-w-2xl text-center", className)}>
      <h2 id={id} className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-3 text-lg text-slate-600">{children}</p>}
    </div>
  );
}
