import { type FormEvent, useEffect, useState } from "react";
import type { Dictionary } from "@/i18n/ui";
import {
  cancelPath,
  eventsPath,
  formatPageTime,
  MAX_CANCEL_REASON_LENGTH,
  REQUEST_EVENT_GONE,
  REQUEST_EVENT_STATE,
  REQUEST_EVENTS_HEARTBEAT_MS,
  REQUEST_PAGE_PREFIX,
  type RequestPageLive,
} from "@/lib/request-page";
import { requestPageLook as look } from "@/lib/request-page-look";

/**
 * The island's words in the request's language, from the dictionary; the three that name the phone come
 * filled in, so the island never loads the dictionary itself.
 */
export type RequestLiveStrings = Pick<
  Dictionary["requestPage"],
  | "statusHeading"
  | "statuses"
  | "hints"
  | "messageHeading"
  | "cancelSummary"
  | "cancelExplained"
  | "reasonLabel"
  | "cancelButton"
  | "cancelling"
  | "cancelledOn"
  | "gone"
  | "stopped"
  | "reload"
  | "toSeeLatest"
> & { call: string; notCancelled: string; offline: string };

export interface RequestLiveProps {
  /** The business's clock: times on the page are in it. */
  timeZone: string;
  /** The page's language ("es-US"): how its times are written, and the language asked of the server. */
  languageTag: string;
  strings: RequestLiveStrings;
  telHref: string;
}

/** The element the server writes the page's state into (server/request-page/render.ts). */
const STATE_ELEMENT_ID = "request-live-state";
/** A stream silent for this long (two and a half heartbeats) is taken for dead and opened again. */
export const SILENCE_LIMIT_MS = REQUEST_EVENTS_HEARTBEAT_MS * 2.5;

const tokenFromAddress = () => decodeURIComponent(window.location.pathname.slice(REQUEST_PAGE_PREFIX.length));

function initialLive(): RequestPageLive | null {
  const raw = document.getElementById(STATE_ELEMENT_ID)?.dataset.state;
  try {
    return raw ? (JSON.parse(raw) as RequestPageLive) : null;
  } catch {
    return null;
  }
}

/**
 * The live part of the driver's request page: the status in the driver's words, the dispatcher's
 * message, and "I no longer need help". It starts from the state the server wrote into the page and
 * follows the request over Server-Sent Events: the server pushes every change (within about a second
 * of the owner's), also to a tab in the background. A stream that has gone silent (a phone that lost
 * its connection without noticing) is opened again, and so is one found closed when the tab comes back.
 */
export function RequestLive({ timeZone, languageTag, strings: t, telHref }: RequestLiveProps) {
  const [live, setLive] = useState<RequestPageLive | null>(initialLive);
  const [gone, setGone] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [problem, setProblem] = useState("");
  const [token] = useState(tokenFromAddress);

  useEffect(() => {
    let source: EventSource | undefined;
    let lastHeard = Date.now();
    let finished = false;
    const heard = () => {
      lastHeard = Date.now();
    };
    const open = () => {
      source?.close();
      heard();
      setStopped(false);
      const es = new EventSource(eventsPath(token));
      source = es;
      es.addEventListener(REQUEST_EVENT_STATE, (event) => {
        heard();
        setLive(JSON.parse((event as MessageEvent<string>).data) as RequestPageLive);
      });
      es.addEventListener("ping", heard);
      es.addEventListener(REQUEST_EVENT_GONE, () => {
        finished = true;
        es.close();
        setGone(true);
      });
      // The browser reconnects by itself after a dropped stream; it gives up only on an answer that is no
      // stream at all (the link expired, too many requests): then the page says so and offers a reload.
      es.addEventListener("error", () => {
        if (es.readyState === EventSource.CLOSED && !finished) setStopped(true);
      });
    };
    const silent = () => Date.now() - lastHeard > SILENCE_LIMIT_MS;
    const watchdog = setInterval(() => {
      if (!finished && silent()) open();
    }, REQUEST_EVENTS_HEARTBEAT_MS / 2);
    const onVisible = () => {
      if (document.visibilityState !== "visible" || finished) return;
      if (silent() || source?.readyState === EventSource.CLOSED) open();
    };
    document.addEventListener("visibilitychange", onVisible);
    open();
    return () => {
      finished = true;
      clearInterval(watchdog);
      document.removeEventListener("visibilitychange", onVisible);
      source?.close();
    };
  }, [token]);

  const onCancel = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "");
    setCancelling(true);
    setProblem("");
    try {
      const res = await fetch(cancelPath(token), {
        method: "POST",
        // A refusal that cannot know the request (gone, too many lookups) is then said in the page's language.
        headers: { "Content-Type": "application/json", "Accept-Language": languageTag },
        body: JSON.stringify({ reason }),
      });
      const body = (await res.json().catch(() => null)) as { live?: RequestPageLive; message?: string } | null;
      if (body?.live) setLive(body.live);
      if (!res.ok) setProblem(body?.message ?? t.notCancelled);
    } catch {
      setProblem(t.offline);
    } finally {
      setCancelling(false);
    }
  };

  if (gone || !live) {
    return (
      <section className={look.statusCard} aria-labelledby="request-status-heading">
        <h2 id="request-status-heading" className={look.statusHeading}>
          {t.statusHeading}
        </h2>
        <p className={look.statusHint} role="status" data-testid="request-gone">
          {t.gone}{" "}
          <a href={telHref} className="font-semibold text-brand-800 underline">
            {t.call}
          </a>
        </p>
      </section>
    );
  }

  const time = (iso: string) => <time dateTime={iso}>{formatPageTime(iso, timeZone, languageTag)}</time>;
  return (
    <>
      <section className={look.statusCard} aria-labelledby="request-status-heading">
        <h2 id="request-status-heading" className={look.statusHeading}>
          {t.statusHeading}
        </h2>
        {/* Said to a screen reader when it changes: the driver may be looking away from the screen. */}
        <div className={look.statusSaid} aria-live="polite" aria-atomic="true">
          <p className={look.statusLabel} data-testid="request-status">
            {t.statuses[live.status]}
          </p>
          <p className={look.statusHint}>{t.hints[live.status]}</p>
          {live.cancelledAt && (
            <p className={look.statusHint}>
              {t.cancelledOn} {time(live.cancelledAt)}.
            </p>
          )}
        </div>
        {stopped && (
          <p className={look.statusHint} data-testid="request-stopped">
            {t.stopped}{" "}
            <a href={window.location.pathname} className="font-semibold text-brand-800 underline">
              {t.reload}
            </a>{" "}
            {t.toSeeLatest}
          </p>
        )}
      </section>
      <div aria-live="polite">
        {live.message && (
          <section className={look.messageCard} aria-labelledby="request-message-heading">
            <h2 id="request-message-heading" className={look.messageHeading}>
              {t.messageHeading}
            </h2>
            <p className={look.messageText} data-testid="request-message">
              {live.message.text}
            </p>
            <p className={look.messageTime}>{time(live.message.at)}</p>
          </section>
        )}
      </div>
      {live.canCancel && (
        <details className={look.cancel}>
          <summary className={look.cancelSummary}>{t.cancelSummary}</summary>
          <form method="post" action={cancelPath(token)} className={look.cancelForm} onSubmit={onCancel}>
            <p className="text-slate-700">{t.cancelExplained}</p>
            <label htmlFor="cancel-reason" className={look.reasonLabel}>
              {t.reasonLabel}
            </label>
            <textarea
              id="cancel-reason"
              name="reason"
              rows={3}
              maxLength={MAX_CANCEL_REASON_LENGTH}
              className={look.reasonInput}
            />
            <button type="submit" className={look.cancelButton} disabled={cancelling}>
              {cancelling ? t.cancelling : t.cancelButton}
            </button>
          </form>
        </details>
      )}
      {problem && (
        <p role="alert" className={`mt-4 ${look.problem}`}>
          {problem}
        </p>
      )}
    </>
  );
}
