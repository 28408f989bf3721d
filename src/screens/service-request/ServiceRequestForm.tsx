import { type ComponentProps, lazy, Suspense, useId, useRef, useState } from "react";
import type { Dictionary } from "@/i18n/ui";
import { HONEYPOT_FIELD, servicesWithoutDropoff } from "@/shared/service-request-fields";
import {
  BotTrap,
  DetailFields,
  type FieldGroupProps,
  fieldProps,
  PlaceFields,
  SendRow,
  WhoAndServiceFields,
} from "./FormFields";
import {
  type CheckedForm,
  emptyValues,
  useLoadOnFirstTouch,
  usePickupFix,
  useServiceRequestChecks,
  useStartedCount,
} from "./form-checks";
import type { ServiceRequestFormProps } from "./form-shape";
import { type Confirmation, RequestConfirmation } from "./RequestConfirmation";
import type { SendFailureState } from "./SendFailure";
import { useRequestSending } from "./send-request";
import { UseMyLocation } from "./UseMyLocation";
import { useSingleToast } from "./use-single-toast";

/** Radix Toast is a third of the form's code: it loads once a visitor starts on the form. */
const FormToasts = lazy(() => import("./FormToasts"));

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

/** The form element and its fields; the hidden `language` says the language the driver reads. */
function FormBody({
  props,
  form,
  id,
  onSubmit,
  failure,
  trapRef,
  hidden,
  formRef,
}: {
  props: ServiceRequestFormProps;
  form: CheckedForm;
  id: (name: string) => string;
  onSubmit: () => void;
  failure: SendFailureState | null;
  trapRef: React.RefObject<HTMLInputElement | null>;
  hidden: boolean;
  formRef: React.RefObject<HTMLFormElement | null>;
}) {
  const { phoneDisplay, telHref, locale, strings, location } = props;
  const t = strings.form;
  const takeFix = usePickupFix(form);
  const fields: FieldGroupProps = { field: fieldProps(form, id), errors: form.errors, id, t };
  return (
    <form
      ref={formRef}
      hidden={hidden}
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
      <WhoAndServiceFields {...fields} serviceOptions={props.serviceOptions} />
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
  );
}

/**
 * The service-request form. With JavaScript it validates with the shared schema (on submit, then on
 * every change) and posts JSON; without it, the same markup posts the form to the same endpoint. The
 * server draws it too, with `refused`, when it refuses a form posted without JavaScript
 * (server/features/service-requests/form-pages.tsx), and the page hydrates it with the same props.
 */
export function ServiceRequestForm(props: ServiceRequestFormProps) {
  const { defaultService = "", fallbackUrl, phoneDisplay, telHref, locale, strings, idPrefix, refused } = props;
  const t = strings.form;
  const uid = useId();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const id = (name: string) => `${idPrefix ?? uid}-${name}`;
  const { toast, show, setOpen } = useSingleToast();
  const trapRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const toastsWanted = useLoadOnFirstTouch(formRef);
  const started = useStartedCount(formRef);
  const form = useServiceRequestChecks(locale, defaultService, refused);
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
      <FormBody {...{ props, form, id, onSubmit, failure, trapRef, formRef }} hidden={confirmation !== null} />
      {(toastsWanted || toast) && <LazyFormToasts toast={toast} onOpenChange={setOpen} t={t} />}
    </>
  );
}
