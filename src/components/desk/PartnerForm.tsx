import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormField, fieldClass, inputClass } from "@/components/ui/form-field";
import { cn } from "@/lib/utils";
import { type DeskPartner, type PartnerInput, partnerInputSchema } from "@/shared/partner-schema";
import { InsuranceLine } from "./PartnersPage";
import { inputOf, PARTNERS_KEY, refreshPartnerLists, serviceOptions } from "./partner-queries";
import { deskSend, errorText } from "./query-client";
import { hrefFor } from "./use-hash-route";

/** The form's fields as typed: every text a string, so an empty box is "" until the schema reads it. */
interface Draft {
  companyName: string;
  contactName: string;
  phone: string;
  email: string;
  webhookUrl: string;
  services: string[];
  towns: string[];
  active: boolean;
  notes: string;
  insuranceExpiresOn: string;
}

const emptyDraft: Draft = {
  companyName: "",
  contactName: "",
  phone: "",
  email: "",
  webhookUrl: "",
  services: [],
  towns: [],
  active: true,
  notes: "",
  insuranceExpiresOn: "",
};

const draftOf = (input: PartnerInput): Draft => ({
  ...input,
  webhookUrl: input.webhookUrl ?? "",
  insuranceExpiresOn: input.insuranceExpiresOn ?? "",
});

type Errors = Partial<Record<keyof Draft, string>>;

/**
 * A server's refusal of one field ("webhookUrl: The webhook address must…"): some checks only the
 * server can make (where an address leads), and their words belong beside the field like the form's own.
 */
function fieldRefusal(text: string): { key: keyof Draft; message: string } | undefined {
  const match = /^(\w+): (.+)$/s.exec(text);
  if (!match?.[1] || !match[2] || !Object.hasOwn(emptyDraft, match[1])) return undefined;
  return { key: match[1] as keyof Draft, message: match[2] };
}

/** Add a partner ("new") or edit one: the same fields and the same checks as the server (partnerInputSchema). */
export function PartnerForm({
  id,
  towns,
  onSaved,
}: {
  id: number | "new";
  /** The towns served (the area pages), the choices for where a partner works. */
  towns: readonly string[];
  onSaved: (message: string) => void;
}) {
  const partners = useQuery<DeskPartner[]>({ queryKey: PARTNERS_KEY });
  const partner = id === "new" ? undefined : partners.data?.find((p) => p.id === id);
  const title = id === "new" ? "Add a partner" : `Edit ${partner?.companyName ?? `partner #${id}`}`;
  useEffect(() => {
    document.title = `${title} · Desk`;
  }, [title]);

  const heading = (
    <h1 tabIndex={-1} className="text-2xl font-bold text-ink [overflow-wrap:anywhere] focus:outline-none">
      {title}
    </h1>
  );
  const back = (
    <a
      href={hrefFor({ view: "partners" })}
      className="inline-block py-2 text-sm font-medium text-brand-800 underline underline-offset-2"
    >
      ← Partners
    </a>
  );
  if (id !== "new" && !partner) {
    return (
      <section className="space-y-2">
        {back}
        {heading}
        {partners.isPending ? (
          <p>Loading…</p>
        ) : (
          <ErrorAlert>{partners.isError ? errorText(partners.error) : `There is no partner #${id}.`}</ErrorAlert>
        )}
      </section>
    );
  }
  return (
    <section className="space-y-4">
      <div>
        {back}
        {heading}
      </div>
      {partner && <InsuranceLine partner={partner} />}
      {/* Keyed by the partner, so its saved values fill the fields once they arrive. */}
      <Fields
        key={id}
        id={id}
        towns={towns}
        initial={partner ? draftOf(inputOf(partner)) : emptyDraft}
        onSaved={onSaved}
      />
    </section>
  );
}

function Fields({
  id,
  towns,
  initial,
  onSaved,
}: {
  id: number | "new";
  towns: readonly string[];
  initial: Draft;
  onSaved: (message: string) => void;
}) {
  const client = useQueryClient();
  const ids = useId();
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const form = useRef<HTMLFormElement>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  /** Shows each field's problem beside it, and puts the focus on the first, for a keyboard or screen reader. */
  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = Object.keys(next)[0];
    form.current?.querySelector<HTMLElement>(`[data-field="${first}"] :is(input, textarea)`)?.focus();
  };

  const save = useMutation({
    mutationFn: (input: PartnerInput) =>
      id === "new"
        ? deskSend(client, "POST", "/api/desk/partners", input)
        : deskSend(client, "PUT", `/api/desk/partners/${id}`, input),
    onSuccess: async (_res, input) => {
      await refreshPartnerLists(client);
      onSaved(id === "new" ? `${input.companyName} was added.` : `${input.companyName} was saved.`);
    },
    onError: (error) => {
      const refused = fieldRefusal(errorText(error));
      if (refused) showErrors({ [refused.key]: refused.message });
    },
  });
  const saveRefusedField = save.isError && fieldRefusal(errorText(save.error)) !== undefined;

  // Only for a partner added by mistake: one ever offered a job stays (the server answers 409: pause them).
  const remove = useMutation({
    mutationFn: () => deskSend(client, "DELETE", `/api/desk/partners/${id}`),
    onSuccess: async () => {
      await refreshPartnerLists(client);
      onSaved(`${initial.companyName} was removed.`);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = partnerInputSchema.safeParse(draft);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Draft;
        next[key] ??= issue.message;
      }
      showErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const text = (
    key: "companyName" | "contactName" | "phone" | "email" | "webhookUrl",
    label: string,
    props: {
      type?: string;
      autoComplete?: string;
      inputMode?: "tel" | "email" | "url";
      required?: boolean;
      help?: string;
    },
  ) => {
    const fieldId = `${ids}-${key}`;
    const describedBy = [props.help && `${fieldId}-help`, errors[key] && `${fieldId}-error`].filter(Boolean).join(" ");
    return (
      <div data-field={key}>
        <FormField id={fieldId} label={label} required={props.required} error={errors[key]}>
          {props.help && (
            <p id={`${fieldId}-help`} className="text-sm text-slate-600">
              {props.help}
            </p>
          )}
          <input
            id={fieldId}
            type={props.type ?? "text"}
            autoComplete={props.autoComplete ?? "off"}
            inputMode={props.inputMode}
            className={inputClass}
            value={draft[key]}
            onChange={(e) => set(key, e.target.value)}
            aria-invalid={errors[key] ? true : undefined}
            aria-describedby={describedBy || undefined}
            required={props.required}
          />
        </FormField>
      </div>
    );
  };

  return (
    <form ref={form} onSubmit={onSubmit} noValidate className="max-w-2xl space-y-5">
      {text("companyName", "Company name", { required: true, autoComplete: "organization" })}
      {text("contactName", "Contact name", { required: true, autoComplete: "name" })}
      {text("phone", "Phone", { required: true, type: "tel", inputMode: "tel", autoComplete: "tel" })}
      {text("email", "E-mail", { required: true, type: "email", inputMode: "email", autoComplete: "email" })}
      {text("webhookUrl", "Webhook address (optional)", {
        type: "url",
        inputMode: "url",
        help: "For a partner with a dispatch system of its own: offers are also sent there as offer.created events. Must start with https://.",
      })}
      <div data-field="services">
        <CheckboxGroup
          legend="Services they take"
          options={serviceOptions}
          value={draft.services}
          onChange={(next) => set("services", next)}
          error={errors.services}
        />
      </div>
      <div data-field="towns">
        <CheckboxGroup
          legend="Towns they cover"
          options={towns.map((t) => ({ value: t, label: t }))}
          value={draft.towns}
          onChange={(next) => set("towns", next)}
          error={errors.towns}
        />
      </div>
      <div data-field="insuranceExpiresOn">
        <FormField id={`${ids}-insurance`} label="Insurance certificate expires on" error={errors.insuranceExpiresOn}>
          <p id={`${ids}-insurance-help`} className="text-sm text-slate-600">
            Without a date, or after it, the partner is not offered jobs: enter the renewed certificate's date.
          </p>
          <input
            id={`${ids}-insurance`}
            type="date"
            className={cn(inputClass, "max-w-56")}
            value={draft.insuranceExpiresOn}
            onChange={(e) => set("insuranceExpiresOn", e.target.value)}
            aria-invalid={errors.insuranceExpiresOn ? true : undefined}
            aria-describedby={
              errors.insuranceExpiresOn ? `${ids}-insurance-help ${ids}-insurance-error` : `${ids}-insurance-help`
            }
          />
        </FormField>
      </div>
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          className="size-6 shrink-0 accent-ink"
          checked={draft.active}
          onChange={(e) => set("active", e.target.checked)}
        />
        <span>
          <span className="font-semibold">Active</span>
          <span className="block text-sm text-slate-600">Paused partners are kept but never offered a job.</span>
        </span>
      </label>
      <div data-field="notes">
        <FormField id={`${ids}-notes`} label="Notes (optional)" error={errors.notes}>
          <textarea
            id={`${ids}-notes`}
            rows={3}
            maxLength={2000}
            className={cn(fieldClass, "py-2")}
            value={draft.notes}
            onChange={(e) => set("notes", e.target.value)}
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={errors.notes ? `${ids}-notes-error` : undefined}
          />
        </FormField>
      </div>
      {((save.isError && !saveRefusedField) || remove.isError) && (
        <ErrorAlert className="text-sm">{errorText(save.error ?? remove.error)}</ErrorAlert>
      )}
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="text-sm font-medium text-red-700">
          Some fields need a change: see the messages above.
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {id === "new" ? "Add partner" : "Save partner"}
        </Button>
        <a
          href={hrefFor({ view: "partners" })}
          className="inline-flex min-h-11 items-center px-2 font-medium underline"
        >
          Cancel
        </a>
        {id !== "new" && (
          <ConfirmDialog
            title={`Remove ${initial.companyName}?`}
            confirmLabel="Remove"
            onConfirm={() => remove.mutate()}
            trigger={
              <button
                type="button"
                className={buttonVariants({ variant: "danger-outline", size: "sm", className: "ml-auto self-center" })}
                disabled={remove.isPending}
              >
                Remove partner
              </button>
            }
          >
            For a partner added by mistake. One who was ever offered a job stays in the report and the requests'
            history: pause them instead.
          </ConfirmDialog>
        )}
      </div>
    </form>
  );
}
