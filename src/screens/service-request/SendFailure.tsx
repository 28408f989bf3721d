import { Phone, RotateCcw, WifiOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { Dictionary } from "@/i18n/ui";
import { PhoneText } from "@/screens/common/PhoneText";

/** Why the form is showing a failure, and what it is doing about it. */
export type SendFailureState =
  /** The last send did not reach us (no connection, our server failing, no answer in time). */
  | { kind: "not-sent"; waitingForConnection: boolean; triedAgain: boolean }
  /** The connection came back and the form is sending the same request again by itself. */
  | { kind: "resending" };

/**
 * Beside the send button, until the next try: the request was not sent, the answers are kept, and
 * two ways on (try again, or call). A toast alone goes in five seconds and leaves a form that looks
 * untouched, so a driver could think help was on the way.
 */
export function SendFailure({
  state,
  strings: t,
  callLabel,
  telHref,
}: {
  state: SendFailureState;
  strings: Dictionary["failure"];
  callLabel: string;
  telHref: string;
}) {
  if (state.kind === "resending") {
    return (
      <div
        role="status"
        className="rounded-md border border-amber-600/40 bg-amber-50 p-3 text-ink"
        data-testid="send-failure"
      >
        <p className="font-semibold">{t.resending}</p>
      </div>
    );
  }
  return (
    <div
      role="alert"
      className="space-y-2 rounded-md border border-red-700/40 bg-red-50 p-3 text-ink"
      data-testid="send-failure"
    >
      <p className="flex items-start gap-2 font-semibold">
        <WifiOff className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
        {t.notSent}
      </p>
      <p>
        {state.triedAgain ? t.triedAgain : ""}
        {t.kept} {state.waitingForConnection ? t.willResend : ""}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant="dark">
          <RotateCcw aria-hidden="true" />
          {t.tryAgain}
        </Button>
        <a
          href={telHref}
          data-placement="form"
          className="inline-flex min-h-9 items-center gap-2 rounded-md px-3 text-sm font-semibold text-brand-800 underline"
        >
          <Phone className="size-4" aria-hidden="true" />
          <PhoneText text={callLabel} />
        </a>
      </div>
    </div>
  );
}
