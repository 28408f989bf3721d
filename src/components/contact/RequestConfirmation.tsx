import { CircleCheck, RotateCcw } from "lucide-react";
import { useEffect, useRef } from "react";
import { CallButton } from "@/components/call/CallActions";
import { Button } from "@/components/ui/button";

export interface Confirmation {
  /** The stored request's number; absent when only the fallback receiver took the request. */
  id?: number;
  /** The phone the driver gave, as typed: the dispatcher calls it back. */
  phone: string;
  /** Sent by the form itself when the connection came back, after a send that had failed. */
  resent?: boolean;
}

/**
 * What stays in the form's place once a request is sent (the toast goes after a few seconds):
 * the request number, who calls whom, and the call link for anything urgent.
 */
export function RequestConfirmation({
  confirmation,
  phoneDisplay,
  telHref,
  onNewRequest,
}: {
  confirmation: Confirmation;
  phoneDisplay: string;
  telHref: string;
  onNewRequest: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves here so keyboard and screen-reader users learn the request went through.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section
      className="space-y-3 rounded-lg border border-green-700/30 bg-green-50 p-5 text-slate-700"
      aria-labelledby="request-confirmation-title"
      data-testid="request-confirmation"
    >
      <h3
        ref={heading}
        id="request-confirmation-title"
        tabIndex={-1}
        className="flex items-center gap-2 text-xl font-bold text-ink"
      >
        <CircleCheck className="size-6 text-green-700" aria-hidden="true" />
        Request received
      </h3>
      {confirmation.resent && <p>Sent when your connection came back.</p>}
      {confirmation.id !== undefined && (
        <p className="text-lg text-ink">
          Your request number is <strong data-testid="request-number">#{confirmation.id}</strong>.
        </p>
      )}
      <p>
        We'll call you at <strong className="whitespace-nowrap">{confirmation.phone}</strong>.
      </p>
      <p data-testid="danger-first">
        If anyone is hurt, your car is stopped in a live lane, a person or an animal is locked in a car, or there is
        fire or smoke,{" "}
        <a href="tel:911" className="font-semibold whitespace-nowrap text-brand-800 underline">
          call 911
        </a>{" "}
        first. Anything else urgent about the car? Don't wait for us to call:
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <CallButton phoneDisplay={phoneDisplay} telHref={telHref} />
        <Button type="button" size="lg" variant="outline" onClick={onNewRequest}>
          <RotateCcw aria-hidden="true" />
          Send another request
        </Button>
      </div>
    </section>
  );
}
