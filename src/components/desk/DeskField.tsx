import { type ReactNode, useId } from "react";
import { cn } from "@/components/ui/cn";

/** The label every desk control carries above it. */
export function DeskLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-semibold text-ink">
      {children}
    </label>
  );
}

/**
 * A desk control with its label above it. The control gets its id from here (the render prop), so
 * a label can never point at another control's id.
 */
export function DeskField({
  label,
  className,
  children,
}: {
  label: string;
  /** Spacing between label and control; the default suits forms, filters use a tighter one. */
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn("space-y-1.5", className)}>
      <DeskLabel htmlFor={id}>{label}</DeskLabel>
      {children(id)}
    </div>
  );
}
