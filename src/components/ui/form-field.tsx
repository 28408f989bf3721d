import type * as React from "react";
import { cn } from "./cn";

/** A text box's look at any height (a textarea sets its own); `inputClass` is the one-line field. */
export const fieldClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 text-base text-ink placeholder:text-slate-500 focus-visible:border-brand-600 aria-[invalid=true]:border-red-600";
export const inputClass = `${fieldClass} h-11`;

interface FormFieldProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  children: React.ReactNode;
  className?: string;
  /** A small control beside the label (for example a button that fills the field). */
  action?: React.ReactNode;
}

/** A label, its control and the control's error message, tied together for assistive technology. */
export function FormField({ id, label, required, error, children, className, action }: FormFieldProps) {
  const labelElement = (
    <label htmlFor={id} className="block text-sm font-semibold text-ink">
      {label}
      {required && (
        <span className="ml-0.5 text-red-700" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
  return (
    <div className={cn("space-y-1.5", className)}>
      {action ? (
        <div className="flex flex-wrap items-end justify-between gap-2">
          {labelElement}
          {action}
        </div>
      ) : (
        labelElement
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
