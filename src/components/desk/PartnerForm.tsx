import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { type DeskPartner, type PartnerInput, partnerInputSchema } from "@/shared/partner-schema";
import { ActiveSwitch, InsuranceField, NotesField, PartnerTextField } from "./PartnerFields";
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

/** The fields as typed, and their problems. */
function useDraft(initial: Draft) {
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
  return { draft, set, errors, setErrors, showErrors, form };
}

/** Saving the partner (a refusal of one field goes beside it) and removing one added by mistake. */
function usePartnerWrites(
  id: number | "new",
  companyName: string,
  onSaved: (message: string) => void,
  showErrors: (errors: Errors) => void,
) {
  const client = useQueryClient();
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
  // Only for a partner added by mistake: one ever offered a job stays (the server answers 409: pause them).
  const remove = useMutation({
    mutationFn: () => deskSend(client, "DELETE", `/api/desk/partners/${id}`),
    onSuccess: async () => {
      await refreshPartnerLists(client);
      onSaved(`${companyName} was removed.`);
    },
  });
  const saveRefusedField = save.isError && fieldRefusal(errorText(save.error)) !== undefined;
  const error = (save.isError && !saveRefusedField) || remove.isError ? (save.error ?? remove.error) : null;
  return { save, remove, error };
}

/** What the services and towns checkboxes choose: where and what a partner is offered. */
function CoverageFields({
  services,
  towns,
  townChoices,
  errors,
  onChange,
}: {
  services: string[];
  towns: string[];
  townChoices: readonly string[];
  errors: Errors;
  onChange: (key: "services" | "towns", next: string[]) => void;
}) {
  return (
    <>
      <div data-field="services">
        <CheckboxGroup
          legend="Services they take"
          options={serviceOptions}
          value={services}
          onChange={(next) => onChange("services", next)}
          error={errors.services}
        />
      </div>
      <div data-field="towns">
        <CheckboxGroup
          legend="Towns they cover"
          options={townChoices.map((t) => ({ value: t, label: t }))}
          value={towns}
          onChange={(next) => onChange("towns", next)}
          error={errors.towns}
        />
      </div>
    </>
  );
}

/** A save or remove the server refused (but for one field's, said beside it), and a pointer to the fields' own messages. */
function FormProblems({ error, fieldsNeedChange }: { error: Error | null; fieldsNeedChange: boolean }) {
  return (
    <>
      {error && <ErrorAlert className="text-sm">{errorText(error)}</ErrorAlert>}
      {fieldsNeedChange && (
        <p role="alert" className="text-sm font-medium text-red-700">
          Some fields need a change: see the messages above.
        </p>
      )}
    </>
  );
}

/** Save, Cancel, and for a saved partner, Remove (asked first). */
function PartnerButtons({
  id,
  companyName,
  saving,
  removing,
  onRemove,
}: {
  id: number | "new";
  companyName: string;
  saving: boolean;
  removing: boolean;
  onRemove: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" disabled={saving}>
        {id === "new" ? "Add partner" : "Save partner"}
      </Button>
      <a href={hrefFor({ view: "partners" })} className="inline-flex min-h-11 items-center px-2 font-medium underline">
        Cancel
      </a>
      {id !== "new" && (
        <ConfirmDialog
          title={`Remove ${companyName}?`}
          confirmLabel="Remove"
          onConfirm={onRemove}
          trigger={
            <button
              type="button"
              className={buttonVariants({ variant: "danger-outline", size: "sm", className: "ml-auto self-center" })}
              disabled={removing}
            >
              Remove partner
            </button>
          }
        >
          For a partner added by mistake. One who was ever offered a job stays in the report and the requests' history:
          pause them instead.
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The draft's problems by field, from the same schema the server reads it with. */
function draftErrors(draft: Draft): { errors: Errors } | { input: PartnerInput } {
  const parsed = partnerInputSchema.safeParse(draft);
  if (parsed.success) return { input: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Draft] ??= issue.message;
  return { errors };
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
  const ids = useId();
  const { draft, set, errors, setErrors, showErrors, form } = useDraft(initial);
  const { save, remove, error } = usePartnerWrites(id, initial.companyName, onSaved, showErrors);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = draftErrors(draft);
    if ("errors" in checked) return showErrors(checked.errors);
    setErrors({});
    save.mutate(checked.input);
  };
  type TextKey = "companyName" | "contactName" | "phone" | "email" | "webhookUrl";
  const text = (key: TextKey) => ({
    fieldId: `${ids}-${key}`,
    name: key,
    value: draft[key],
    error: errors[key],
    onChange: (value: string) => set(key, value),
  });

  return (
    <form ref={form} onSubmit={onSubmit} noValidate className="max-w-2xl space-y-5">
      <PartnerTextField {...text("companyName")} label="Company name" required autoComplete="organization" />
      <PartnerTextField {...text("contactName")} label="Contact name" required autoComplete="name" />
      <PartnerTextField {...text("phone")} label="Phone" required type="tel" inputMode="tel" autoComplete="tel" />
      <PartnerTextField
        {...text("email")}
        label="E-mail"
        required
        type="email"
        inputMode="email"
        autoComplete="email"
      />
      <PartnerTextField
        {...text("webhookUrl")}
        label="Webhook address (optional)"
        type="url"
        inputMode="url"
        help="For a partner with a dispatch system of its own: offers are also sent there as offer.created events. Must start with https://."
      />
      <CoverageFields
        services={draft.services}
        towns={draft.towns}
        townChoices={towns}
        errors={errors}
        onChange={(key, next) => set(key, next)}
      />
      <InsuranceField
        fieldId={`${ids}-insurance`}
        value={draft.insuranceExpiresOn}
        error={errors.insuranceExpiresOn}
        onChange={(v) => set("insuranceExpiresOn", v)}
      />
      <ActiveSwitch checked={draft.active} onChange={(v) => set("active", v)} />
      <NotesField fieldId={`${ids}-notes`} value={draft.notes} error={errors.notes} onChange={(v) => set("notes", v)} />
      <FormProblems error={error} fieldsNeedChange={Object.keys(errors).length > 0} />
      <PartnerButtons
        id={id}
        companyName={initial.companyName}
        saving={save.isPending}
        removing={remove.isPending}
        onRemove={() => remove.mutate()}
      />
    </form>
  );
}
