import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { inputClass } from "@/components/ui/form-field";
import { languageForOwner, locales } from "@/i18n/locales";
import { serviceNames } from "@/shared/services";
import { CallerPageLink, rememberCallerPage } from "./CallerPageLink";
import { DeskField } from "./DeskField";
import { deskSend, errorText, invalidateRequests } from "./query-client";
import { rememberTypedHere } from "./typed-here";
import { hrefFor } from "./use-hash-route";

/** The form's fields, as the public form names them, with the desk's labels. */
const fields = [
  { name: "name", label: "Caller's name", type: "text" },
  { name: "phone", label: "Caller's phone", type: "tel" },
  { name: "email", label: "Caller's email", type: "email" },
  { name: "pickupLocation", label: "Pickup location", type: "text" },
  { name: "dropoffLocation", label: "Drop-off location", type: "text" },
  { name: "vehicle", label: "Vehicle (optional)", type: "text" },
] as const;

interface Saved {
  id: number;
  requestPage?: string;
  /** The caller's phone as typed, for the Text link. */
  phone: string;
}

/** Saving the typed call; the server's refusals by field go beside their fields. */
function usePhoneInSave(onSaved: (saved: Saved) => void) {
  const client = useQueryClient();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: async (body: Record<string, string>) => {
      const res = await deskSend(client, "POST", "/api/desk/requests", body);
      return (await res.json()) as Omit<Saved, "phone">;
    },
    onSuccess: (answer, sent) => {
      // Before the inbox is asked again: the banner must know this one is the owner's own.
      rememberTypedHere(answer.id);
      // The link the save made, shown as Text and Copy here and on the request while this page lives.
      if (answer.requestPage)
        rememberCallerPage(answer.id, { path: answer.requestPage, language: sent.language === "es" ? "es" : "en" });
      onSaved({ ...answer, phone: sent.phone ?? "" });
      setFieldErrors({});
      invalidateRequests(client);
    },
    onError: (error) => {
      try {
        const body = JSON.parse(error.message.replace(/^\d{3}: /, "")) as { fields?: Record<string, string> };
        setFieldErrors(body.fields ?? {});
      } catch {
        setFieldErrors({});
      }
    },
  });
  return { save, fieldErrors };
}

/** Saved: the caller's own page to read out or text, the request, and the way to the next call. */
function PhoneInSaved({ saved, onAnother }: { saved: Saved; onAnother: () => void }) {
  return (
    <section className="space-y-4" data-testid="phone-in-saved">
      <h1 className="text-2xl font-bold text-ink">Service request #{saved.id} saved</h1>
      <h2 className="font-semibold text-ink">The caller's own page</h2>
      <CallerPageLink requestId={saved.id} phone={saved.phone} />
      <p className="flex flex-wrap gap-2">
        <a href={hrefFor({ view: "request", id: saved.id })} className={cn(buttonVariants({ variant: "primary" }))}>
          Open request #{saved.id}
        </a>
        <Button variant="outline" onClick={onAnother}>
          Another call
        </Button>
      </p>
    </section>
  );
}

/** The text fields, each with the server's refusal under it. */
function CallerFields({ fieldErrors }: { fieldErrors: Record<string, string> }) {
  return fields.map((f) => (
    <DeskField
      key={f.name}
      label={f.label}
      className={f.name.endsWith("Location") || f.name === "vehicle" ? "sm:col-span-2" : undefined}
    >
      {(id) => (
        <>
          <input
            id={id}
            name={f.name}
            type={f.type}
            className={inputClass}
            aria-invalid={fieldErrors[f.name] ? true : undefined}
            aria-describedby={fieldErrors[f.name] ? `${id}-error` : undefined}
          />
          {fieldErrors[f.name] && (
            <p id={`${id}-error`} className="text-sm font-medium text-red-700">
              {fieldErrors[f.name]}
            </p>
          )}
        </>
      )}
    </DeskField>
  ));
}

/** The service asked for, and the language to call back in. */
function ServiceAndLanguage({ serviceError }: { serviceError: string | undefined }) {
  return (
    <>
      <DeskField label="Service">
        {(id) => (
          <>
            <select
              id={id}
              name="service"
              className={inputClass}
              defaultValue=""
              aria-invalid={serviceError ? true : undefined}
            >
              <option value="">Choose a service</option>
              {serviceNames.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
            {serviceError && <p className="text-sm font-medium text-red-700">{serviceError}</p>}
          </>
        )}
      </DeskField>
      <DeskField label="Caller's language">
        {(id) => (
          <select id={id} name="language" className={inputClass} defaultValue="en">
            {locales.map((l) => (
              <option key={l} value={l}>
                {languageForOwner[l]}
              </option>
            ))}
          </select>
        )}
      </DeskField>
    </>
  );
}

/**
 * "New request" for a call: the owner types what the caller says into the public form's fields. The
 * server checks it with the same schema, stores it with source "phone", alerts the other desk users
 * and gives it a driver's page, whose address the owner reads out or texts to the caller.
 */
export function PhoneInForm() {
  const [saved, setSaved] = useState<Saved | null>(null);
  const { save, fieldErrors } = usePhoneInSave(setSaved);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    save.mutate(data);
  };
  if (saved) return <PhoneInSaved saved={saved} onAnother={() => setSaved(null)} />;

  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold text-ink">New request from a call</h1>
      <form onSubmit={onSubmit} className="grid max-w-2xl grid-cols-1 gap-4 sm:grid-cols-2" noValidate>
        <CallerFields fieldErrors={fieldErrors} />
        <ServiceAndLanguage serviceError={fieldErrors.service} />
        <div className="space-y-2 sm:col-span-2">
          {save.isError && Object.keys(fieldErrors).length === 0 && (
            <p role="alert" className="font-medium text-red-700">
              {errorText(save.error)}
            </p>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save request"}
          </Button>
        </div>
      </form>
    </section>
  );
}
