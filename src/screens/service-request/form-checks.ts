import { type RefObject, useEffect, useRef, useState } from "react";
import type { Locale } from "@/i18n/locales";
import { countSiteEvent } from "@/screens/common/site-events";
import type { ServiceRequest, ServiceRequestInput } from "@/shared/service-request-schema";
import type { RefusedAnswers } from "./form-shape";
import type { UseMyLocationProps } from "./UseMyLocation";
import { type FormCheck, useCheckedForm } from "./use-checked-form";

export const emptyValues = (language: Locale, service = ""): ServiceRequestInput => ({
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
 * The toasts' and the checks' code is fetched at the first focus or press in the form (long before
 * the first check or reply), and at the latest when it is needed. True once that happened.
 */
export function useLoadOnFirstTouch(formRef: RefObject<HTMLFormElement | null>) {
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
export function useStartedCount(formRef: RefObject<HTMLFormElement | null>) {
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

export type CheckedForm = ReturnType<typeof useCheckedForm<ServiceRequestInput, ServiceRequest>>;

/** Takes a position's fix into the form: its coordinates, and its line at the start of the pickup field. */
export function usePickupFix({ setValue, getValues }: CheckedForm) {
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

/**
 * The form's answers, checked on submit, then again at every change (the specification's order). A
 * refused form starts with what was sent and the server's errors, as if submitted once.
 */
export function useServiceRequestChecks(locale: Locale, defaultService: string, refused?: RefusedAnswers) {
  const [defaultValues] = useState(() => ({ ...emptyValues(locale, defaultService), ...refused?.values }));
  return useCheckedForm({
    defaultValues,
    check: serviceRequestResolver,
    watched: ["service", "vehicle", "note"],
    initialErrors: refused?.errors,
  });
}
