import { CircleCheck, RotateCcw } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import type { Dictionary } from "@/i18n/ui";
import { CallButton } from "@/screens/common/CallButton";

export interface Confirmation {
  /** The stored request's number; absent when only the fallback receiver took the request. */
  id?: number;
  /** The request's own page (`/request/{token}`), where the driver follows it; absent with the fallback. */
  requestPage?: string;
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
  strings: t,
  callLabel,
  telHref,
  onNewRequest,
}: {
  confirmation: Confirmation;
  strings: Dictionary["confirmation"];
  /** "Call (209) 555-0100" in the page's language. */
  callLabel: string;
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
        {t.title}
      </h3>
      {confirmation.resent && <p>{t.resent}</p>}
      {confirmation.id !== undefined && (
        <p className="text-lg text-ink">
          <Filled
            template={t.number}
            mark="{number}"
            value={<strong data-testid="request-number">#{confirmation.id}</strong>}
          />
        </p>
      )}
      <p>
        <Filled
          template={t.callBack}
          mark="{phone}"
          value={<strong className="whitespace-nowrap">{confirmation.phone}</strong>}
        />
      </p>
      {confirmation.requestPage && (
        <p data-testid="request-page-link">
          {t.pageLink.before}
          <a href={confirmation.requestPage} className="font-semibold text-brand-800 underline">
            {t.pageLink.link}
          </a>
          {t.pageLink.after}
        </p>
      )}
      <p data-testid="danger-first">
        {t.dangerBefore}{" "}
        <a href="tel:911" className="font-semibold whitespace-nowrap text-brand-800 underline">
          {t.call911}
        </a>{" "}
        {t.dangerAfter}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <CallButton telHref={telHref} label={callLabel} placement="form" />
        <Button type="button" size="lg" variant="outline" onClick={onNewRequest}>
          <RotateCcw aria-hidden="true" />
          {t.another}
        </Button>
      </div>
    </section>
  );
}

/** A sentence of the dictionary with one element (a number, a phone) in place of its mark. */
function Filled({ template, mark, value }: { template: string; mark: string; value: ReactNode }) {
  const at = template.indexOf(mark);
  if (at < 0) return <>{template}</>;
  return (
    <>
      {template.slice(0, at)}
      {value}
      {template.slice(at + mark.length)}
    </>
  );
}
