import { cn } from "@/components/ui/cn";
import { FormField, fieldClass, inputClass } from "@/components/ui/form-field";

/** A one-line text field with its label, optional help and the problem beside it. */
export function PartnerTextField({
  fieldId,
  name,
  label,
  value,
  error,
  onChange,
  type = "text",
  autoComplete = "off",
  inputMode,
  required,
  help,
}: {
  fieldId: string;
  /** The draft's key: the form finds a field by it to focus its first problem. */
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  type?: string;
  autoComplete?: string;
  inputMode?: "tel" | "email" | "url";
  required?: boolean;
  help?: string;
}) {
  const describedBy = [help && `${fieldId}-help`, error && `${fieldId}-error`].filter(Boolean).join(" ");
  return (
    <div data-field={name}>
      <FormField id={fieldId} label={label} required={required} error={error}>
        {help && (
          <p id={`${fieldId}-help`} className="text-sm text-slate-600">
            {help}
          </p>
        )}
        <input
          id={fieldId}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          className={inputClass}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          required={required}
        />
      </FormField>
    </div>
  );
}

/** The insurance certificate's end date: without one, or after it, the partner is offered no job. */
export function InsuranceField({
  fieldId,
  value,
  error,
  onChange,
}: {
  fieldId: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div data-field="insuranceExpiresOn">
      <FormField id={fieldId} label="Insurance certificate expires on" error={error}>
        <p id={`${fieldId}-help`} className="text-sm text-slate-600">
          Without a date, or after it, the partner is not offered jobs: enter the renewed certificate's date.
        </p>
        <input
          id={fieldId}
          type="date"
          className={cn(inputClass, "max-w-56")}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-help ${fieldId}-error` : `${fieldId}-help`}
        />
      </FormField>
    </div>
  );
}

/** Active or paused: paused partners are kept but never offered a job. */
export function ActiveSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3">
      <input
        type="checkbox"
        className="size-6 shrink-0 accent-ink"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        <span className="font-semibold">Active</span>
        <span className="block text-sm text-slate-600">Paused partners are kept but never offered a job.</span>
      </span>
    </label>
  );
}

/** The owner's free notes on the partner. */
export function NotesField({
  fieldId,
  value,
  error,
  onChange,
}: {
  fieldId: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div data-field="notes">
      <FormField id={fieldId} label="Notes (optional)" error={error}>
        <textarea
          id={fieldId}
          rows={3}
          maxLength={2000}
          className={cn(fieldClass, "py-2")}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
        />
      </FormField>
    </div>
  );
}
