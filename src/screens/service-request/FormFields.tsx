import { Copy, Send } from "lucide-react";
import type { InputHTMLAttributes, ReactNode, RefObject } from "react";
import { Button } from "@/components/ui/button";
import { FormField, fieldClass, inputClass } from "@/components/ui/form-field";
import { useScriptRunning } from "@/components/ui/use-script-running";
import type { Dictionary } from "@/i18n/ui";
import { HONEYPOT_FIELD, MAX_NOTE_CHARS, MAX_VEHICLE_CHARS } from "@/shared/service-request-fields";
import { CharacterCount } from "./character-count";
import type { CheckedForm } from "./form-checks";
import type { FormFieldName, ServiceRequestFormProps } from "./form-shape";
import { SendFailure, type SendFailureState } from "./SendFailure";

/**
 * Copies the pickup location into the drop-off field. It needs the script, so it appears only once the
 * script runs; it waits for that itself, so that the switch re-renders this button, not the whole form.
 */
function SameAsPickupButton({ onClick, label }: { onClick: () => void; label: string }) {
  if (!useScriptRunning()) return null;
  return (
    <Button type="button" variant="outline" size="sm" onClick={onClick}>
      <Copy aria-hidden="true" />
      {label}
    </Button>
  );
}

/**
 * A field's id, name, first value (what a refused form sent, or the page's service), and its
 * accessibility attributes (required, invalid, described by its message).
 */
export function fieldProps({ register, errors, defaultValues }: CheckedForm, id: (name: string) => string) {
  return (name: FormFieldName, required = true, described?: string) => ({
    id: id(name),
    defaultValue: defaultValues[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby":
      [described, errors[name] ? `${id(name)}-error` : undefined].filter(Boolean).join(" ") || undefined,
    "aria-required": required || undefined,
    ...register(name),
  });
}

/** What every group of the form's fields is given. */
export interface FieldGroupProps {
  field: ReturnType<typeof fieldProps>;
  errors: CheckedForm["errors"];
  id: (name: string) => string;
  t: Dictionary["form"];
}

/**
 * One of the form's fields, by its name: its group (label, required mark, error message) and its control
 * tied to them (id, aria-invalid, aria-describedby), with a character count under it where `count` is
 * given. The control is an <input> with `input`'s attributes, or what `children` draws with its props.
 */
function RequestField({
  group: { field, errors, id, t },
  name,
  label,
  required = false,
  className,
  action,
  input,
  count,
  children,
}: {
  group: FieldGroupProps;
  name: FormFieldName;
  label: string;
  required?: boolean;
  className?: string;
  action?: ReactNode;
  input?: InputHTMLAttributes<HTMLInputElement>;
  count?: { value: string; max: number };
  children?: (control: ReturnType<FieldGroupProps["field"]>) => ReactNode;
}) {
  const countId = count ? id(`${name}-count`) : undefined;
  const control = field(name, required, countId);
  return (
    <FormField
      id={id(name)}
      label={label}
      required={required}
      error={errors[name]}
      className={className}
      action={action}
    >
      {children ? children(control) : <input {...input} className={inputClass} {...control} />}
      {count && countId && <CharacterCount id={countId} value={count.value} max={count.max} words={t} />}
    </FormField>
  );
}

/** Who asks (name, phone, email) and the service asked for. */
export function WhoAndServiceFields({
  serviceOptions,
  ...group
}: FieldGroupProps & Pick<ServiceRequestFormProps, "serviceOptions">) {
  const { t } = group;
  return (
    <>
      <RequestField group={group} name="name" label={t.name} required input={{ type: "text", autoComplete: "name" }} />
      <RequestField
        group={group}
        name="phone"
        label={t.phone}
        required
        input={{ type: "tel", autoComplete: "tel", inputMode: "tel" }}
      />
      <RequestField
        group={group}
        name="email"
        label={t.email}
        required
        input={{ type: "email", autoComplete: "email" }}
      />
      <RequestField group={group} name="service" label={t.service} required>
        {/* Its defaultValue puts `selected` in the pre-rendered HTML, so the page's service is chosen even without JavaScript. */}
        {(control) => (
          <select className={inputClass} {...control}>
            <option value="">{t.chooseService}</option>
            {serviceOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </RequestField>
    </>
  );
}

/** Where: the pickup field (after "Use my location" where there is one) and the drop-off field. */
export function PlaceFields({
  location,
  noDropoff,
  sameAsPickup,
  ...group
}: FieldGroupProps & { location?: ReactNode; noDropoff: boolean; sameAsPickup: () => void }) {
  const { t } = group;
  return (
    <>
      {location && <div className="sm:col-span-2">{location}</div>}
      <RequestField
        group={group}
        name="pickupLocation"
        label={t.pickup}
        required
        className="sm:col-span-2"
        input={{ type: "text", autoComplete: "street-address", placeholder: t.pickupPlaceholder }}
      />
      <RequestField
        group={group}
        name="dropoffLocation"
        label={t.dropoff}
        required
        className="sm:col-span-2"
        // For these services the label's row is pre-rendered with the label alone; the button joins it.
        action={noDropoff ? <SameAsPickupButton onClick={sameAsPickup} label={t.sameAsPickup} /> : undefined}
        input={{ type: "text", autoComplete: "off", placeholder: t.dropoffPlaceholder }}
      />
    </>
  );
}

/** The vehicle and the note, each with its character count. */
export function DetailFields({ vehicle, note, ...group }: FieldGroupProps & { vehicle: string; note: string }) {
  const { t } = group;
  return (
    <>
      {/* No maxLength: a browser would cut the text without a word; the count says the limit instead. */}
      <RequestField
        group={group}
        name="vehicle"
        label={t.vehicle}
        className="sm:col-span-2"
        input={{ type: "text", autoComplete: "off", placeholder: t.vehiclePlaceholder }}
        count={{ value: vehicle, max: MAX_VEHICLE_CHARS }}
      />
      <RequestField
        group={group}
        name="note"
        label={t.note}
        className="sm:col-span-2"
        count={{ value: note, max: MAX_NOTE_CHARS }}
      >
        {(control) => (
          <textarea
            rows={3}
            autoComplete="off"
            placeholder={t.notePlaceholder}
            className={`${fieldClass} min-h-24 py-2`}
            {...control}
          />
        )}
      </RequestField>
    </>
  );
}

/** A trap for bots: out of sight, out of the tab order, ignored by autofill. */
export function BotTrap({
  id,
  label,
  trapRef,
}: {
  id: string;
  label: string;
  trapRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input type="text" id={id} name={HONEYPOT_FIELD} ref={trapRef} tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** The failure note, the send button and the note on required fields (and the position's privacy link). */
export function SendRow({
  failure,
  isSubmitting,
  strings,
  telHref,
  location,
}: Pick<ServiceRequestFormProps, "strings" | "telHref" | "location"> & {
  failure: SendFailureState | null;
  isSubmitting: boolean;
}) {
  const t = strings.form;
  return (
    <div className="space-y-3 sm:col-span-2">
      {failure && <SendFailure state={failure} strings={strings.failure} callLabel={strings.call} telHref={telHref} />}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={isSubmitting}>
        <Send aria-hidden="true" />
        {isSubmitting ? t.sending : t.send}
      </Button>
      <p className="text-sm text-slate-600">
        {t.requiredNote.split("{star}")[0]}
        <span className="text-red-700">*</span>
        {t.requiredNote.split("{star}")[1]} {t.dangerNote}
        {location && (
          <>
            {" "}
            <a href={location.privacyHref} className="font-medium text-brand-800 underline underline-offset-2">
              {location.words.privacyLink}
            </a>
          </>
        )}
      </p>
    </div>
  );
}
