import { Copy, Send } from "lucide-react";
import {
  type ComponentProps,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { Button } from "@/components/ui/button";
import { CharacterCount } from "@/components/ui/character-count";
import { FormField, fieldClass, inputClass } from "@/components/ui/form-field";
import { type FormCheck, useCheckedForm } from "@/components/ui/use-checked-form";
import { useScriptRunning } from "@/components/ui/use-script-running";
import { useSingleToast } from "@/components/ui/use-single-toast";
import type { Locale } from "@/i18n/locales";
import type { Dictionary } from "@/i18n/ui";
import { ApiError, apiRequest } from "@/lib/api-client";
import { sendToFallback } from "@/lib/service-request-fallback";
import { countSiteEvent } from "@/lib/site-events";
import { refusalOf } from "@/shared/api-refusal";
import {
  HONEYPOT_FIELD,
  MAX_NOTE_CHARS,
  MAX_VEHICLE_CHARS,
  type ServiceRequestCreated,
  servicesWithoutDropoff,
} from "@/shared/service-request-fields";
import type { ServiceRequest, ServiceRequestInput } from "@/shared/service-request-schema";
import { type Confirmation, RequestConfirmation } from "./RequestConfirmation";
import { SendFailure, type SendFailureState } from "./SendFailure";
import { UseMyLocation, type UseMyLocationProps } from "./UseMyLocation";

export interface ServiceRequestFormProps {
  /** Preselects the service (the service pages' "Request Service" card). */
  defaultService?: string;
  /** Where the browser sends the request if our API fails; set at build time. */
  fallbackUrl?: string;
  /** The business phone, for the confirmation's "anything urgent" call link. */
  phoneDisplay: string;
  telHref: string;
  /** The page's language: the form's words, its checks' messages, and the `language` it sends. */
  locale: Locale;
  strings: ServiceRequestFormStrings;
  /** The services to choose from: the value is the specification's name, the label in the page's language. */
  serviceOptions: { value: string; label: string }[];
  /** "Use my location" before the pickup field, with its notice; absent, the form has no such button. */
  location?: Omit<UseMyLocationProps, "onFix" | "phoneDisplay" | "telHref">;
}

/** The words of the form, its toasts, its confirmation and its failure note, in one language. */
interface ServiceRequestFormStrings {
  form: Dictionary["form"];
  confirmation: Dictionary["confirmation"];
  failure: Dictionary["failure"];
  call: string;
}

const emptyValues = (language: Locale, service = ""): ServiceRequestInput => ({
  name: "",
  email: "",
  phone: "",
  service,
  pickupLocation: "",
  dropoffLocation: "",
  vehicle: "",
  note: "",
  language,
});

const isServerFailure = (error: unknown) => !(error instanceof ApiError) || error.status >= 500;

/** The server's own words for a refusal it made on purpose (they name the phone number), if any. */
function refusalMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || isServerFailure(error)) return undefined;
  const refusal = refusalOf(error.body);
  // Field mistakes are shown by the fields themselves; these say what to do instead.
  return refusal?.code === "rate_limited" || refusal?.code === "refused" ? refusal.message : undefined;
}

/** How long a send may take before the driver is told it did not go through. */
const SEND_TIMEOUT_MS = 20_000;

/**
 * One per filled-in form, sent with every try of the same answers: if a try reached us but its answer
 * was lost, the next one gets the stored request back instead of storing it twice.
 */
const newIdempotencyKey = () => crypto.randomUUID();

/** What the driver is told of a stored request: its number and the link to its page (the fallback gives neither). */
type Stored = Pick<Confirmation, "id" | "requestPage">;

/** Sends the request; answers with its number and page when our API stored it. */
async function submitRequest(
  data: ServiceRequest,
  trap: string,
  idempotencyKey: string,
  fallbackUrl?: string,
): Promise<Stored> {
  let res: Response;
  try {
    // A filled trap goes to the server as it is, so the server (not the page) decides what to do.
    res = await apiRequest(
      "POST",
      "/api/contact",
      trap ? { ...data, [HONEYPOT_FIELD]: trap } : data,
      { "Idempotency-Key": idempotencyKey },
      AbortSignal.timeout(SEND_TIMEOUT_MS),
    );
  } catch (error) {
    // Only when our server could not take it (no network, or a 5xx). A refusal (honeypot, too many
    // requests, invalid) was our server's decision: the webhook must not get around it.
    if (!fallbackUrl || !isServerFailure(error)) throw error;
    console.error("Service request failed, trying the fallback:", error);
    await sendToFallback(fallbackUrl, data);
    return {};
  }
  const created = (await res.json().catch(() => null)) as Partial<ServiceRequestCreated> | null;
  return {
    id: typeof created?.id === "number" ? created.id : undefined,
    // Only a path of our own: the link is rendered as an address on this site, nothing else.
    requestPage:
      typeof created?.requestPage === "string" && created.requestPage.startsWith("/request/")
        ? created.requestPage
        : undefined,
  };
}

/** Radix Toast is a third of the form's code: it loads once a visitor starts on the form. */
const FormToasts = lazy(() => import("./FormToasts"));

type ServiceRequestCheck = FormCheck<ServiceRequestInput, ServiceRequest>;
let resolverLoad: Promise<Record<Locale, ServiceRequestCheck>> | undefined;
/** The shared schema, and zod with it, load once a visitor starts on the form (or at the first check). */
const loadResolver = () => {
  resolverLoad ??= import("./service-request-resolver").then(
    (m) => m.serviceRequestChecks,
    (error: unknown) => {
      resolverLoad = undefined; // the next check tries again
      throw error;
    },
  );
  return resolverLoad;
};
/**
 * Checks with the shared schema. If its code cannot load, the request goes unchecked to the server,
 * which checks it with the same schema and answers with what to fix.
 */
const serviceRequestResolver: ServiceRequestCheck = async (values) => {
  let check: ServiceRequestCheck;
  try {
    check = (await loadResolver())[values.language === "es" ? "es" : "en"];
  } catch (error) {
    console.error("The form's checks could not load; the server checks the request.", error);
    return { ok: true, values: values as ServiceRequest };
  }
  return check(values);
};

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
 * The toasts' and the checks' code is fetched at the first focus or press in the form (long before
 * the first check or reply), and at the latest when it is needed. True once that happened.
 */
function useLoadOnFirstTouch(formRef: RefObject<HTMLFormElement | null>) {
  const [toastsWanted, setToastsWanted] = useState(false);
  useEffect(() => {
    const form = formRef.current;
    if (!form || toastsWanted) return;
    const want = () => {
      setToastsWanted(true);
      loadResolver().catch(() => {}); // said, if it matters, at the check
    };
    form.addEventListener("focusin", want);
    form.addEventListener("pointerdown", want);
    return () => {
      form.removeEventListener("focusin", want);
      form.removeEventListener("pointerdown", want);
    };
  }, [toastsWanted, formRef]);
  return toastsWanted;
}

/** The site's counts: a form is started at its first change, once until it is sent (then a new one may start). */
function useStartedCount(formRef: RefObject<HTMLFormElement | null>) {
  const started = useRef(false);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const start = () => {
      if (started.current) return;
      started.current = true;
      countSiteEvent("form_started", "form");
    };
    form.addEventListener("input", start);
    form.addEventListener("change", start);
    return () => {
      form.removeEventListener("input", start);
      form.removeEventListener("change", start);
    };
  }, [formRef]);
  return started;
}

type CheckedForm = ReturnType<typeof useCheckedForm<ServiceRequestInput, ServiceRequest>>;

interface SendingOptions {
  form: CheckedForm;
  fallbackUrl?: string;
  trapRef: RefObject<HTMLInputElement | null>;
  t: Dictionary["form"];
  show: ReturnType<typeof useSingleToast>["show"];
  /** The answers a sent form is emptied to. */
  emptied: () => ServiceRequestInput;
  onSent: (stored: Stored, data: ServiceRequest, resent: boolean) => void;
}

/** Sends the checked answers, keeps the failure note, and sends again once when the connection comes back. */
function useRequestSending({ form, fallbackUrl, trapRef, t, show, emptied, onSent }: SendingOptions) {
  const { handleSubmit, reset } = form;
  /**
   * The Idempotency-Key and the answers it went out with. A try with the same answers keeps the key,
   * so a try that reached us unseen is not stored twice. Changed answers get a new key: with the old
   * one, a try that did reach us would be answered with the first request and the correction (a new
   * pickup place, say) silently dropped while the driver reads "Request Sent". A new key can store a
   * second request only when a failed try did reach us (a lost answer, not a lost connection), and
   * then the owner sees both, the newer one right; a lost correction could send the truck astray.
   */
  const sentWith = useRef<{ key: string; answers: string } | null>(null);
  const [failure, setFailure] = useState<SendFailureState | null>(null);
  /** A send failed for want of a connection: the form is sent again, once, when it comes back. */
  const waitingForConnection = useRef(false);

  const send = async (data: ServiceRequest, automatic: boolean) => {
    const answers = JSON.stringify(data);
    if (sentWith.current?.answers !== answers) sentWith.current = { key: newIdempotencyKey(), answers };
    setFailure(automatic ? { kind: "resending" } : null);
    try {
      const stored = await submitRequest(data, trapRef.current?.value ?? "", sentWith.current.key, fallbackUrl);
      show({ title: t.successTitle, description: t.successText, variant: "default" });
      countSiteEvent("form_sent", "form");
      reset(emptied());
      sentWith.current = null;
      waitingForConnection.current = false;
      onSent(stored, data, automatic);
    } catch (error) {
      console.error("Service request failed:", error);
      const refusal = refusalMessage(error);
      show({ title: t.errorTitle, description: refusal ?? t.errorText, variant: "destructive" });
      if (!isServerFailure(error)) return; // a refusal: the toast and the fields say what to do
      waitingForConnection.current = !navigator.onLine && !automatic;
      setFailure({ kind: "not-sent", waitingForConnection: waitingForConnection.current, triedAgain: automatic });
    }
  };
  const onSubmit = handleSubmit((data) => send(data, false));
  /**
   * The form as it is now, checked again: the driver may have changed answers while offline. If they
   * no longer pass, nothing is sent; the fields say what to fix and the note stops promising a resend.
   */
  const resendCurrent = handleSubmit(
    (data) => send(data, true),
    () => setFailure({ kind: "not-sent", waitingForConnection: false, triedAgain: false }),
  );

  // Back online: the request that failed for want of a connection is sent again, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `resendCurrent` is this render's; the listener only needs the latest
  useEffect(() => {
    const onOnline = () => {
      if (!waitingForConnection.current) return;
      waitingForConnection.current = false;
      void resendCurrent();
    };
    addEventListener("online", onOnline);
    return () => removeEventListener("online", onOnline);
  }, [failure]);
  return { onSubmit, failure };
}

/** Takes a position's fix into the form: its coordinates, and its line at the start of the pickup field. */
function usePickupFix({ setValue, getValues }: CheckedForm) {
  /** The line the last fix wrote into the pickup field: a new fix replaces it and keeps what the driver added. */
  const fixLine = useRef<string | null>(null);
  const takeFix: UseMyLocationProps["onFix"] = (fix, line) => {
    countSiteEvent("location_used", "form");
    setValue("latitude", fix.latitude);
    setValue("longitude", fix.longitude);
    setValue("accuracy", fix.accuracy);
    setValue("fixedAt", fix.fixedAt.toISOString());

    const typed = getValues().pickupLocation.trim();
    const rest = fixLine.current && typed.startsWith(fixLine.current) ? typed.slice(fixLine.current.length) : "";
    const kept = fixLine.current && typed.startsWith(fixLine.current) ? rest.replace(/^\s*·?\s*/, "") : typed;
    fixLine.current = line;
    setValue("pickupLocation", kept ? `${line} · ${kept}` : line);
  };
  return takeFix;
}

/** A field's id, name, and its accessibility attributes (required, invalid, described by its message). */
function fieldProps({ register, errors }: CheckedForm, id: (name: string) => string) {
  return (name: keyof ServiceRequestInput & string, required = true, described?: string) => ({
    id: id(name),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby":
      [described, errors[name] ? `${id(name)}-error` : undefined].filter(Boolean).join(" ") || undefined,
    "aria-required": required || undefined,
    ...register(name),
  });
}

/** What every group of the form's fields is given. */
interface FieldGroupProps {
  field: ReturnType<typeof fieldProps>;
  errors: CheckedForm["errors"];
  id: (name: string) => string;
  t: Dictionary["form"];
}

/** Who asks (name, phone, email) and the service asked for. */
function WhoAndServiceFields({
  field,
  errors,
  id,
  t,
  defaultService,
  serviceOptions,
}: FieldGroupProps & Pick<ServiceRequestFormProps, "defaultService" | "serviceOptions">) {
  return (
    <>
      <FormField id={id("name")} label={t.name} required error={errors.name}>
        <input type="text" autoComplete="name" className={inputClass} {...field("name")} />
      </FormField>
      <FormField id={id("phone")} label={t.phone} required error={errors.phone}>
        <input type="tel" autoComplete="tel" inputMode="tel" className={inputClass} {...field("phone")} />
      </FormField>
      <FormField id={id("email")} label={t.email} required error={errors.email}>
        <input type="email" autoComplete="email" className={inputClass} {...field("email")} />
      </FormField>
      <FormField id={id("service")} label={t.service} required error={errors.service}>
        {/* defaultValue puts `selected` in the pre-rendered HTML, so the page's service is chosen even without JavaScript. */}
        <select className={inputClass} defaultValue={defaultService} {...field("service")}>
          <option value="">{t.chooseService}</option>
          {serviceOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </FormField>
    </>
  );
}

/** Where: the pickup field (after "Use my location" where there is one) and the drop-off field. */
function PlaceFields({
  field,
  errors,
  id,
  t,
  location,
  noDropoff,
  sameAsPickup,
}: FieldGroupProps & { location?: ReactNode; noDropoff: boolean; sameAsPickup: () => void }) {
  return (
    <>
      {location && <div className="sm:col-span-2">{location}</div>}
      <FormField
        id={id("pickupLocation")}
        label={t.pickup}
        required
        error={errors.pickupLocation}
        className="sm:col-span-2"
      >
        <input
          type="text"
          autoComplete="street-address"
          placeholder={t.pickupPlaceholder}
          className={inputClass}
          {...field("pickupLocation")}
        />
      </FormField>
      <FormField
        id={id("dropoffLocation")}
        label={t.dropoff}
        required
        error={errors.dropoffLocation}
        className="sm:col-span-2"
        // For these services the label's row is pre-rendered with the label alone; the button joins it.
        action={noDropoff ? <SameAsPickupButton onClick={sameAsPickup} label={t.sameAsPickup} /> : undefined}
      >
        <input
          type="text"
          autoComplete="off"
          placeholder={t.dropoffPlaceholder}
          className={inputClass}
          {...field("dropoffLocation")}
        />
      </FormField>
    </>
  );
}

/** The vehicle and the note, each with its character count. */
function DetailFields({ field, errors, id, t, vehicle, note }: FieldGroupProps & { vehicle: string; note: string }) {
  const counterWords = t;
  return (
    <>
      <FormField id={id("vehicle")} label={t.vehicle} error={errors.vehicle} className="sm:col-span-2">
        {/* No maxLength: a browser would cut the text without a word; the count says the limit instead. */}
        <input
          type="text"
          autoComplete="off"
          placeholder={t.vehiclePlaceholder}
          className={inputClass}
          {...field("vehicle", false, id("vehicle-count"))}
        />
        <CharacterCount id={id("vehicle-count")} value={vehicle} max={MAX_VEHICLE_CHARS} words={counterWords} />
      </FormField>
      <FormField id={id("note")} label={t.note} error={errors.note} className="sm:col-span-2">
        <textarea
          rows={3}
          autoComplete="off"
          placeholder={t.notePlaceholder}
          className={`${fieldClass} min-h-24 py-2`}
          {...field("note", false, id("note-count"))}
        />
        <CharacterCount id={id("note-count")} value={note} max={MAX_NOTE_CHARS} words={counterWords} />
      </FormField>
    </>
  );
}

/** A trap for bots: out of sight, out of the tab order, ignored by autofill. */
function BotTrap({ id, label, trapRef }: { id: string; label: string; trapRef: RefObject<HTMLInputElement | null> }) {
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input type="text" id={id} name={HONEYPOT_FIELD} ref={trapRef} tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** The failure note, the send button and the note on required fields (and the position's privacy link). */
function SendRow({
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

/** The form's toasts, once their code is wanted. */
function LazyFormToasts({
  toast,
  onOpenChange,
  t,
}: Pick<ComponentProps<typeof FormToasts>, "toast" | "onOpenChange"> & { t: Dictionary["form"] }) {
  return (
    <Suspense fallback={null}>
      <FormToasts
        toast={toast}
        onOpenChange={onOpenChange}
        labels={{ region: t.notification, close: t.closeNotification, viewport: t.notifications }}
      />
    </Suspense>
  );
}

/** The form's answers, checked on submit, then again at every change (the specification's order). */
function useServiceRequestChecks(locale: Locale, defaultService: string) {
  const [defaultValues] = useState(() => emptyValues(locale, defaultService));
  return useCheckedForm({ defaultValues, check: serviceRequestResolver, watched: ["service", "vehicle", "note"] });
}

/**
 * The service-request form. With JavaScript it validates with the shared schema (on submit, then on
 * every change) and posts JSON; without it, the same markup posts the form to the same endpoint.
 */
export function ServiceRequestForm(props: ServiceRequestFormProps) {
  const { defaultService = "", fallbackUrl, phoneDisplay, telHref, locale, strings, location } = props;
  const t = strings.form;
  const uid = useId();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const id = (name: string) => `${uid}-${name}`;
  const { toast, show, setOpen } = useSingleToast();
  const trapRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const toastsWanted = useLoadOnFirstTouch(formRef);
  const started = useStartedCount(formRef);
  const form = useServiceRequestChecks(locale, defaultService);
  const { onSubmit, failure } = useRequestSending({
    form,
    fallbackUrl,
    trapRef,
    t,
    show,
    emptied: () => {
      started.current = false;
      return emptyValues(locale, defaultService);
    },
    onSent: (stored, data, resent) => setConfirmation({ ...stored, phone: data.phone, resent }),
  });
  const takeFix = usePickupFix(form);
  const fields: FieldGroupProps = { field: fieldProps(form, id), errors: form.errors, id, t };

  return (
    <>
      {confirmation && (
        <RequestConfirmation
          confirmation={confirmation}
          strings={strings.confirmation}
          callLabel={strings.call}
          phoneDisplay={phoneDisplay}
          telHref={telHref}
          onNewRequest={() => setConfirmation(null)}
        />
      )}
      <form
        ref={formRef}
        hidden={confirmation !== null}
        method="post"
        action="/api/contact"
        noValidate
        onSubmit={onSubmit}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        aria-label={t.label}
        data-testid="contact-form"
      >
        {/* The language the driver reads: the server answers in it and the owner is told to call back in it. */}
        <input type="hidden" {...form.register("language")} value={locale} />
        <WhoAndServiceFields {...fields} defaultService={defaultService} serviceOptions={props.serviceOptions} />
        <PlaceFields
          {...fields}
          location={
            location && <UseMyLocation {...location} phoneDisplay={phoneDisplay} telHref={telHref} onFix={takeFix} />
          }
          noDropoff={servicesWithoutDropoff.includes(form.watch("service"))}
          sameAsPickup={() => form.setValue("dropoffLocation", form.getValues().pickupLocation)}
        />
        <DetailFields {...fields} vehicle={form.watch("vehicle")} note={form.watch("note")} />
        <BotTrap id={id(HONEYPOT_FIELD)} label={t.trap} trapRef={trapRef} />
        <SendRow
          failure={failure}
          isSubmitting={form.isSubmitting}
          strings={strings}
          telHref={telHref}
          location={location}
        />
      </form>
      {(toastsWanted || toast) && <LazyFormToasts toast={toast} onOpenChange={setOpen} t={t} />}
    </>
  );
}
