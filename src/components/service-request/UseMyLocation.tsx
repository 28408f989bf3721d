import { LocateFixed } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useScriptRunning } from "@/components/ui/use-script-running";
import type { LocationWords } from "@/i18n/location";
import { readableFix } from "@/shared/fix-line";
import type { LocationFix } from "@/shared/location";
import { nearestTown, type Town } from "@/shared/nearest-town";

/** The browser's geolocation as the issue asks: the best fix, waiting at most 15 s, at most a minute old. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 };

type State =
  | { kind: "idle" }
  | { kind: "finding" }
  | { kind: "found" }
  | { kind: "failed"; reason: "denied" | "unavailable" | "timeout" };

export interface UseMyLocationProps {
  words: Omit<LocationWords, "validation" | "fieldNames" | "here" | "again">;
  phoneDisplay: string;
  privacyHref: string;
  towns: Town[];
  retentionDays: number;
  /** The fix and the readable line for the pickup field. */
  onFix: (fix: LocationFix & { fixedAt: Date }, line: string, town?: string) => void;
}

/**
 * "Use my location": the notice first (what is sent, why, who sees it, how long it is kept, and the
 * privacy page), then the phone's position on a tap. It needs a script and a phone that can locate
 * itself, so it is not in the pre-rendered HTML: without JavaScript the form is as it always was.
 */
export function UseMyLocation({ words, phoneDisplay, privacyHref, towns, retentionDays, onFix }: UseMyLocationProps) {
  const running = useScriptRunning();
  const [state, setState] = useState<State>({ kind: "idle" });
  /** The try in progress: a later answer to an abandoned try is ignored. */
  const attempt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!running || !("geolocation" in navigator)) return null;

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
        settle({ kind: "found" });
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

  return (
    <div className="space-y-2" data-testid="use-my-location">
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
        {state.kind === "failed" && (
          <span className="font-medium text-red-800">{words[state.reason].replace("{phone}", phoneDisplay)}</span>
        )}
      </p>
    </div>
  );
}
