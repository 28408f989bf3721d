import { useEffect, useRef, useState } from "react";
import type { LocationWords } from "@/i18n/location";
import { readJsonScript } from "@/screens/page/JsonScript";
import { REQUEST_ISLANDS_DATA_ID, type RequestIslandsData } from "@/screens/request/islands";
import { GEOLOCATION_PAGE_OPTIONS as OPTIONS } from "@/shared/geolocation-options";
import {
  type DriverStatus,
  endedDriverStatuses,
  REQUEST_LIVE_DOM_EVENT,
  REQUEST_PAGE_PREFIX,
  type RequestPageLive,
} from "@/shared/request-page";

/** The status the server rendered the page with (server/features/request-page/render.tsx). */
function statusInPage(): DriverStatus | null {
  return readJsonScript<RequestIslandsData>(REQUEST_ISLANDS_DATA_ID)?.live.status ?? null;
}

/** The request's status as the page shows it: first as written, then as the live island tells it. */
function useDriverStatus(): DriverStatus | null {
  const [status, setStatus] = useState(statusInPage);
  useEffect(() => {
    const onLive = (event: Event) => setStatus((event as CustomEvent<RequestPageLive>).detail.status);
    document.addEventListener(REQUEST_LIVE_DOM_EVENT, onLive);
    return () => document.removeEventListener(REQUEST_LIVE_DOM_EVENT, onLive);
  }, []);
  return status;
}

export interface SendLocationAgainProps {
  words: Pick<LocationWords, "again" | "notice" | "privacyLink" | "finding" | "denied" | "unavailable" | "timeout">;
  phoneDisplay: string;
  privacyHref: string;
  retentionDays: number;
}

/**
 * "Send my location again" on the driver's page (they may have walked somewhere safer): the notice
 * first, then the phone's position on a tap, sent to /api/request-location/{token}. The desk shows it
 * as the latest, with the earlier ones in the request's history. Not offered once the request is done,
 * closed or cancelled (the server would refuse it: 409), and gone the moment the page hears it ended.
 */
export function SendLocationAgain({ words, phoneDisplay, privacyHref, retentionDays }: SendLocationAgainProps) {
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const attempt = useRef(0);
  const driverStatus = useDriverStatus();
  if (!("geolocation" in navigator)) return null;
  if (driverStatus && endedDriverStatuses.includes(driverStatus)) return null;
  const withPhone = (text: string) => text.replace("{phone}", phoneDisplay);

  const send = () => {
    const mine = ++attempt.current;
    setBusy(true);
    setStatus(words.finding);
    const finish = (text: string) => {
      if (attempt.current !== mine) return;
      attempt.current++;
      clearTimeout(timer);
      setBusy(false);
      setStatus(text);
    };
    // The page keeps its own limit: an unanswered permission prompt never ends by itself.
    const timer = setTimeout(() => finish(withPhone(words.timeout)), OPTIONS.timeout);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        if (attempt.current !== mine) return;
        const token = decodeURIComponent(window.location.pathname.slice(REQUEST_PAGE_PREFIX.length));
        const { latitude, longitude, accuracy } = position.coords;
        try {
          const res = await fetch(`/api/request-location/${encodeURIComponent(token)}`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({
              latitude,
              longitude,
              accuracy,
              fixedAt: new Date(position.timestamp).toISOString(),
            }),
          });
          finish(withPhone(res.ok ? words.again.sent : res.status === 409 ? words.again.ended : words.again.failed));
        } catch {
          finish(withPhone(words.again.failed));
        }
      },
      (error) =>
        finish(withPhone(error.code === 1 ? words.denied : error.code === 3 ? words.timeout : words.unavailable)),
      OPTIONS,
    );
  };

  return (
    <section className="space-y-2 rounded-lg border border-slate-300 p-4" data-testid="send-location-again">
      <p>{words.again.intro}</p>
      <p className="text-sm text-slate-700">
        {words.notice.replace("{days}", String(retentionDays))}{" "}
        <a href={privacyHref} className="font-medium text-brand-800 underline underline-offset-2">
          {words.privacyLink}
        </a>
      </p>
      <button
        type="button"
        onClick={send}
        disabled={busy}
        className="inline-flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-4 font-semibold text-ink"
      >
        {words.again.button}
      </button>
      <p role="status" className="text-sm font-medium" data-testid="send-again-status">
        {status}
      </p>
    </section>
  );
}
