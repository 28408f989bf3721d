import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";

/** A problem said at once to a screen reader (role="alert"), in the desk's red box. */
export function ErrorAlert({ className, ...props }: ComponentProps<"p">) {
  return (
    <p
      role="alert"
      className={cn("rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800", className)}
      {...props}
    />
  );
}
