import { type RefObject, useEffect, useRef, useState } from "react";
import type { Dictionary } from "@/i18n/ui";
import { ApiError, apiRequest } from "@/screens/common/api-client";
import { countSiteEvent } from "@/screens/common/site-events";
import { refusalOf } from "@/shared/api-refusal";
import { HONEYPOT_FIELD, type ServiceRequestCreated } from "@/shared/service-request-fields";
import type { ServiceRequest, ServiceRequestInput } from "@/shared/service-request-schema";
import type { CheckedForm } from "./form-checks";
import type { Confirmation } from "./RequestConfirmation";
import type { SendFailureState } from "./SendFailure";
import { sendToFallback } from "./service-request-fallback";
import type { useSingleToast } from "./use-single-toast";

export const isServerFailure = (error: unknown) => !(error instanceof ApiError) || error.status >= 500;

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
export type Stored = Pick<Confirmation, "id" | "requestPage">;

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
export function useRequestSending({ form, fallbackUrl, trapRef, t, show, emptied, onSent }: SendingOptions) {
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
