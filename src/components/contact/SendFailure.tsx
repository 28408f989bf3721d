import { Phone, RotateCcw, WifiOff } from "lucide-react";
import { Button } from "@/components/ui/button";

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
  phoneDisplay,
  telHref,
}: {
  state: SendFailureState;
  phoneDisplay: string;
  telHref: string;
}) {
  if (state.kind === "resending") {
    return (
      <div
        role="status"
        className="rounded-md border border-amber-600/40 bg-amber-50 p-3 text-ink"
        data-testid="send-failure"
      >
        <p className="font-semibold">Your connection is back: sending your request again…</p>
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
        Your request was not sent.
      </p>
      <p>
        {state.triedAgain ? "We sent it again when your connection came back, and it still did not go through. " : ""}
        Your answers are kept below.{" "}
        {state.waitingForConnection ? "It will be sent again by itself once your phone is back online." : ""}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant="dark">
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
        <a
          href={telHref}
          className="inline-flex min-h-9 items-center gap-2 rounded-md px-3 text-sm font-semibold text-brand-800 underline"
        >
          <Phone className="size-4" aria-hidden="true" />
          {`Call ${phoneDisplay}`}
        </a>
      </div>
    </div>
  );
}
