import { useId } from "react";
import { cn } from "@/components/ui/cn";

export interface CheckboxOption {
  value: string;
  label: string;
}

/**
 * Several choices under one question: a fieldset whose legend names it, one labelled checkbox per
 * option (the whole row is the target, at least 44 px tall), and the group's error tied to it.
 * Two columns from sm up, one on a phone, so a long label wraps instead of widening the page.
 */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
  className,
}: {
  legend: string;
  options: readonly CheckboxOption[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const toggle = (option: string, checked: boolean) => {
    // Kept in the options' order, so what is saved reads the same as the list.
    const chosen = new Set(value);
    if (checked) chosen.add(option);
    else chosen.delete(option);
    onChange(options.map((o) => o.value).filter((v) => chosen.has(v)));
  };
  return (
    <fieldset
      className={cn("space-y-1.5", className)}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 min-w-0 cursor-pointer items-center gap-3 rounded-md px-1 hover:bg-slate-50"
          >
            <input
              type="checkbox"
              name={`${id}-${option.value}`}
              className="size-6 shrink-0 accent-ink"
              checked={value.includes(option.value)}
              onChange={(e) => toggle(option.value, e.target.checked)}
            />
            <span className="min-w-0 [overflow-wrap:anywhere]">{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
