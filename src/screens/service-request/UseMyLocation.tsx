import { LocateFixed } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useScriptRunning } from "@/components/ui/use-script-running";
import type { LocationWords } from "@/i18n/location";
import { readableFix } from "@/shared/fix-line";
import { insideCircle, type LatLng } from "@/shared/geo";
import type { LocationFix } from "@/shared/location";
import { nearestTown, type Town } from "@/shared/nearest-town";

/** The browser's geolocation as the issue asks: the best fix, waiting at most 15 s, at most a minute old. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 };

type State =
  | { kind: "idle" }
  | { kind: "finding" }
  | { kind: "found"; outside: boolean }
  | { kind: "failed"; reason: "denied" | "unavailable" | "timeout" };

export interface UseMyLocationProps {
  words: Omit<LocationWords, "validation" | "fieldNames" | "here" | "again">;
  phoneDisplay: string;
  telHref: string;
  privacyHref: string;
  /** The circle served (site.serviceAreaCenter, site.serviceRadiusMeters): a fix outside it is said before sending. */
  serviceArea: { center: LatLng; radiusMeters: number };
  towns: Town[];
  retentionDays: number;
  /** The fix and the readable line for the pickup field. */
  onFix: (fix: LocationFix & { fixedAt: Date }, line: string, town?: string) => void;
}

/** A message with its "{phone}" as a link a thumb can tap. */
function withPhoneLink(message: string, phoneDisplay: string, telHref: string): ReactNode {
  const [before, after] = message.split("{phone}");
  if (after === undefined) return message;
  return (
    <>
      {before}
      <a href={telHref} className="inline-flex min-h-6 items-center font-semibold underline underline-offset-2">
        {phoneDisplay}
      </a>
      {after}
    </>
  );
}

/** The phone's position on request: each try settles once (found, refused, unavailable or too slow). */
function useLocate({
  words,
  serviceArea,
  towns,
  onFix,
}: Pick<UseMyLocationProps, "words" | "serviceArea" | "towns" | "onFix">) {
  const [state, setState] = useState<State>({ kind: "idle" });
  /** The try in progress: a later answer to an abandoned try is ignored. */
  const attempt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const locate = () => {
    const mine = ++attempt.current;
    setState({ kind: "finding" });
    const settle = (next: State) => {
      if (attempt.current !== mine) return;
      attempt.current++;
      clearTimeout(timer.current);
      setState(next);
    };
    // The browser's own timeout starts only once permission is given, and a prompt left unanswered
    // never ends: the page keeps its own 15 s, so the driver is always told to type instead.
    timer.current = setTimeout(() => settle({ kind: "failed", reason: "timeout" }), GEOLOCATION_OPTIONS.timeout);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (attempt.current !== mine) return;
        const { latitude, longitude, accuracy } = position.coords;
        const fix = { latitude, longitude, accuracy, fixedAt: new Date(position.timestamp) };
        const town = nearestTown(fix, towns)?.town;
        settle({ kind: "found", outside: !insideCircle(fix, serviceArea.center, serviceArea.radiusMeters) });
        onFix(fix, readableFix(fix, words, town), town);
      },
      (error) =>
        settle({
          kind: "failed",
          reason:
            error.code === error.PERMISSION_DENIED
              ? "denied"
              : error.code === error.TIMEOUT
                ? "timeout"
                : "unavailable",
        }),
      GEOLOCATION_OPTIONS,
    );
  };
  return { state, locate };
}

/**
 * "Use my location", before the pickup field: a short notice first (who sees the position, how long it
 * is kept, and the privacy page), then the phone's position on a tap. Said at once when the position is
 * outside the area served, with the phone to call; the request can still be sent. It needs a script and
 * a phone that can locate itself: hidden where scripts do not run, gone where the phone cannot locate.
 */
export function UseMyLocation({
  words,
  phoneDisplay,
  telHref,
  privacyHref,
  serviceArea,
  towns,
  retentionDays,
  onFix,
}: UseMyLocationProps) {
  const running = useScriptRunning();
  const { state, locate } = useLocate({ words, serviceArea, towns, onFix });
  if (running && !("geolocation" in navigator)) return null;

  return (
    // Pre-rendered, so the pickup field does not jump down when the island wakes, but shown only where
    // scripts run: without them the button could do nothing, and the form is as it always was.
    <div
      className={running ? "space-y-2" : "hidden space-y-2 [@media(scripting:enabled)]:block"}
      data-testid="use-my-location"
    >
      <p className="text-sm text-slate-700" data-testid="location-notice">
        {words.notice.replace("{days}", String(retentionDays))}{" "}
        <a href={privacyHref} className="font-medium text-brand-800 underline underline-offset-2">
          {words.privacyLink}
        </a>
      </p>
      <Button type="button" variant="outline" size="sm" onClick={locate} disabled={state.kind === "finding"}>
        <LocateFixed aria-hidden="true" />
        {state.kind === "finding" ? words.finding : words.useMyLocation}
      </Button>
      <p role="status" className="text-sm" data-testid="location-status">
        {state.kind === "found" && <span className="text-green-800">{words.found}</span>}
        {state.kind === "found" && state.outside && (
          <span
            className="mt-2 block rounded-md border border-amber-700 bg-amber-50 px-3 py-2 font-medium text-ink"
            data-testid="location-outside-area"
          >
            {withPhoneLink(words.outsideArea, phoneDisplay, telHref)}
          </span>
        )}
        {state.kind === "failed" && (
          <span className="font-medium text-red-800">{withPhoneLink(words[state.reason], phoneDisplay, telHref)}</span>
        )}
      </p>
    </div>
  );
}
