import { type FormEvent, useEffect, useState } from "react";
import type { Dictionary } from "@/i18n/ui";
import { telHrefFor } from "@/shared/links";
import {
  ARRIVAL_TICK_MS,
  cancelPath,
  type DriverPartnerView,
  eventsPath,
  formatPageClock,
  formatPageTime,
  type LinePart,
  MAX_CANCEL_REASON_LENGTH,
  partnerAcceptedLine,
  partnerArrivalLine,
  partnerCallParts,
  REQUEST_EVENT_GONE,
  REQUEST_EVENT_STATE,
  REQUEST_EVENTS_HEARTBEAT_MS,
  REQUEST_LIVE_DOM_EVENT,
  REQUEST_STATE_POLL_MS,
  REQUEST_STREAM_RETRY_MS,
  type RequestPageLive,
  requestPagePath,
  statePath,
  statusLabelOf,
} from "@/shared/request-page";

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
  | "partner"
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
  /** The request as the server read it: the page is rendered from it, and the island starts from it. */
  initial: RequestPageLive;
  /** The page's token (from its address /request/{token}). */
  token: string;
  /** The server's clock when it rendered the page (ms): the arrival's minutes are counted from it until the island ticks. */
  now: number;
}

/** A sentence of parts (partnerAcceptedLine, partnerArrivalLine): words as text, times in <time>. */
function Sentence({ parts }: { parts: LinePart[] }) {
  return parts.map((part, i) =>
    typeof part === "string" ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence, always in the same order
      <span key={i}>{part}</span>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <time key={i} dateTime={part.time}>
        {part.label}
      </time>
    ),
  );
}

/** The partner's call button: its words, the phone on one line. */
function CallPartner({ href, parts }: { href: string; parts: ReturnType<typeof partnerCallParts> }) {
  return (
    <a
      href={href}
      className="block min-h-13 w-full rounded-md bg-ink px-5 py-3 text-center text-lg font-semibold text-white [overflow-wrap:anywhere] hover:bg-slate-700"
    >
      {parts.before}
      <span className="whitespace-nowrap">{parts.phone}</span>
      {parts.after}
    </a>
  );
}

/**
 * The time now, read again every ARRIVAL_TICK_MS while `running`: the arrival's minutes count down.
 * It starts at the server's `rendered` clock, so the browser hydrates the very text the server wrote.
 */
function useNow(running: boolean, rendered: number): number {
  const [now, setNow] = useState(rendered);
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), ARRIVAL_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/**
 * The partner who accepted: who and when, when they
 * expect to arrive by their own estimate (counting down), their latest step, and a call button to them
 * when the business shows their phone.
 */
function PartnerCard({
  partner,
  words: t,
  timeZone,
  languageTag,
  rendered,
}: {
  partner: DriverPartnerView;
  words: RequestLiveStrings["partner"];
  timeZone: string;
  languageTag: string;
  rendered: number;
}) {
  const now = useNow(partner.step === "accepted" || partner.step === "on_the_way", rendered);
  const arrival = partnerArrivalLine(t, partner, now, timeZone, languageTag);
  return (
    <section
      className="mt-4 space-y-2 rounded-lg border-2 border-brand-600 bg-white p-4"
      aria-labelledby="request-partner-heading"
      data-testid="request-partner"
    >
      <h2 id="request-partner-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {t.heading}
      </h2>
      <p className="text-lg text-ink [overflow-wrap:anywhere]" data-testid="partner-accepted">
        <Sentence parts={partnerAcceptedLine(t, partner, timeZone, languageTag)} />
      </p>
      {arrival && (
        <p className="text-xl font-bold text-ink" data-testid="partner-arrival">
          <Sentence parts={arrival} />
        </p>
      )}
      {partner.step !== "accepted" && (
        <p className="text-lg text-ink" data-testid="partner-step">
          {t.latest}: <strong>{t.steps[partner.step]}</strong> ·{" "}
          <time dateTime={partner.stepAt}>{formatPageClock(partner.stepAt, timeZone, languageTag)}</time>
        </p>
      )}
      {partner.phone && (
        <p data-testid="partner-phone">
          <CallPartner
            href={telHrefFor(partner.phone)}
            parts={partnerCallParts(t, partner.companyName, partner.phone)}
          />
        </p>
      )}
    </section>
  );
}

/** A stream silent for this long (two and a half heartbeats) is taken for dead and opened again. */
const SILENCE_LIMIT_MS = REQUEST_EVENTS_HEARTBEAT_MS * 2.5;
/**
 * Back in front (visible again, unfrozen, restored from the back/forward cache, back online), a stream
 * silent for longer than one heartbeat and a little is opened again at once rather than trusted: a
 * phone may have dropped its connection while the tab slept, and the driver is looking now.
 */
const WAKE_SILENCE_MS = REQUEST_EVENTS_HEARTBEAT_MS + 5_000;
/** Heard from this recently, a stream is taken as current when the page wakes: no read beside it. */
const WAKE_FRESH_MS = 2_000;

/**
 * The live part of the driver's request page: the status in the driver's words, the dispatcher's
 * message, and "I no longer need help". It starts from the state the server wrote into the page and
 * follows the request over Server-Sent Events: the server pushes every change (within about a second
 * of the owner's), also to a tab in the background. A stream that has gone silent (a phone that lost
 * its connection without noticing) is opened again, and so is one found closed or silent when the tab
 * comes back. When the server will not hold a stream (too many open from the driver's address or on
 * the server, or it is failing), the page reads the state itself every 10 s, inside the 15 s it
 * promises, and tries a stream again a minute later.
 */
export function RequestLive({ timeZone, languageTag, strings: t, telHref, initial, token, now }: RequestLiveProps) {
  const [live, setLive] = useState<RequestPageLive>(initial);
  const [gone, setGone] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [problem, setProblem] = useState("");

  useEffect(() => {
    let source: EventSource | undefined;
    let lastHeard = Date.now();
    let finished = false;
    /** "stream" while an EventSource follows the request; "poll" while the page reads the state itself. */
    let mode: "stream" | "poll" = "stream";
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let pollInFlight = false;
    /** In "poll" mode: when to try a stream again. */
    let streamAgainAt = 0;
    /** Counts the states the stream brought: a read answered before the latest of them is not shown. */
    let streamed = 0;
    const heard = () => {
      lastHeard = Date.now();
    };
    const finish = () => {
      finished = true;
      clearTimeout(pollTimer);
      source?.close();
    };
    const open = () => {
      source?.close();
      heard();
      mode = "stream";
      clearTimeout(pollTimer);
      const es = new EventSource(eventsPath(token));
      source = es;
      es.addEventListener(REQUEST_EVENT_STATE, (event) => {
        heard();
        streamed += 1;
        setStopped(false);
        setLive(JSON.parse((event as MessageEvent<string>).data) as RequestPageLive);
      });
      es.addEventListener("ping", heard);
      es.addEventListener(REQUEST_EVENT_GONE, () => {
        finish();
        setGone(true);
      });
      // The browser reconnects by itself after a dropped stream; it gives up only on an answer that is
      // no stream at all (refused as too many, the link gone, a server error): then the page reads the
      // state itself, which also tells a link that is gone from a stream that was only refused.
      es.addEventListener("error", () => {
        if (es.readyState === EventSource.CLOSED && source === es && !finished) startPolling();
      });
    };
    /**
     * Reads the state once and shows it. Answers "gone" (the request was deleted or its link expired:
     * the page then says so, as after a stream's "gone"), "read", or how long the server asks to wait.
     */
    const readState = async (): Promise<"gone" | "read" | { retryMs: number }> => {
      const before = streamed;
      try {
        const res = await fetch(statePath(token), { cache: "no-store" });
        if (res.status === 404) {
          finish();
          setGone(true);
          return "gone";
        }
        if (!res.ok) return { retryMs: Math.max(0, Number(res.headers.get("Retry-After")) || 0) * 1000 };
        const body = (await res.json()) as { live?: RequestPageLive };
        if (body.live && streamed === before) setLive(body.live);
        return "read";
      } catch {
        return { retryMs: 0 }; // no connection
      }
    };
    const startPolling = () => {
      if (mode === "poll") return;
      mode = "poll";
      streamAgainAt = Date.now() + REQUEST_STREAM_RETRY_MS;
      void poll();
    };
    /** One read in "poll" mode; then the next, or a stream again once its minute is up. */
    const poll = async () => {
      if (finished || mode !== "poll" || pollInFlight) return;
      clearTimeout(pollTimer);
      pollInFlight = true;
      const outcome = await readState().finally(() => {
        pollInFlight = false;
      });
      if (outcome === "gone" || finished || mode !== "poll") return;
      // Too many lookups, a failing server or no connection: said on the page, and tried again.
      setStopped(outcome !== "read");
      if (Date.now() >= streamAgainAt) open();
      else
        pollTimer = setTimeout(
          () => void poll(),
          Math.max(REQUEST_STATE_POLL_MS, outcome === "read" ? 0 : outcome.retryMs),
        );
    };
    const silentFor = (ms: number) => Date.now() - lastHeard > ms;
    const watchdog = setInterval(() => {
      if (!finished && mode === "stream" && silentFor(SILENCE_LIMIT_MS)) open();
    }, REQUEST_EVENTS_HEARTBEAT_MS / 2);
    /**
     * The page is in front again (visible, thawed, restored, back online): it shows the current state
     * now, whatever became of its stream while it slept. A stream that missed a heartbeat, or closed,
     * is opened again (it sends the state at once); one that may be alive is kept, and the state read
     * once beside it, since a connection the phone dropped can look alive for up to a heartbeat.
     */
    const onWake = () => {
      if (finished || document.visibilityState !== "visible") return;
      if (mode === "poll") void poll();
      else if (silentFor(WAKE_SILENCE_MS) || source?.readyState === EventSource.CLOSED) open();
      else if (silentFor(WAKE_FRESH_MS)) void readState();
    };
    const wakeEvents: [EventTarget, string][] = [
      [document, "visibilitychange"],
      // A tab the phone froze in the background and thawed (Page Lifecycle), and one restored from
      // the back/forward cache, whose stream the browser closed when it was stored.
      [document, "resume"],
      [window, "pageshow"],
      [window, "online"],
    ];
    for (const [target, name] of wakeEvents) target.addEventListener(name, onWake);
    open();
    return () => {
      finish();
      clearInterval(watchdog);
      for (const [target, name] of wakeEvents) target.removeEventListener(name, onWake);
    };
  }, [token]);

  // Told to the rest of the page: the review part appears once the request is done.
  useEffect(() => {
    if (live) document.dispatchEvent(new CustomEvent(REQUEST_LIVE_DOM_EVENT, { detail: live }));
  }, [live]);

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

  if (gone) {
    return (
      <section
        className="space-y-1 rounded-lg border-2 border-ink bg-white p-4"
        aria-labelledby="request-status-heading"
      >
        <h2 id="request-status-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
          {t.statusHeading}
        </h2>
        <p className="text-slate-700" role="status" data-testid="request-gone">
          {t.gone}{" "}
          <a href={telHref} data-placement="request_page" className="font-semibold text-brand-800 underline">
            {t.call}
          </a>
        </p>
      </section>
    );
  }

  const time = (iso: string) => <time dateTime={iso}>{formatPageTime(iso, timeZone, languageTag)}</time>;
  return (
    <>
      <section
        className="space-y-1 rounded-lg border-2 border-ink bg-white p-4"
        aria-labelledby="request-status-heading"
      >
        <h2 id="request-status-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
          {t.statusHeading}
        </h2>
        {/* Said to a screen reader when it changes: the driver may be looking away from the screen. */}
        <div className="space-y-1" aria-live="polite" aria-atomic="true">
          <p className="text-2xl font-extrabold text-ink" data-testid="request-status">
            {statusLabelOf(t.statuses, live)}
          </p>
          <p className="text-slate-700">{t.hints[live.status]}</p>
          {live.cancelledAt && (
            <p className="text-slate-700">
              {t.cancelledOn} {time(live.cancelledAt)}.
            </p>
          )}
        </div>
        {stopped && (
          <p className="text-slate-700" data-testid="request-stopped">
            {t.stopped}{" "}
            <a href={requestPagePath(token)} className="font-semibold text-brand-800 underline">
              {t.reload}
            </a>{" "}
            {t.toSeeLatest}
          </p>
        )}
      </section>
      {/* Said to a screen reader when it changes (an acceptance, a step), like the status. */}
      <div aria-live="polite" aria-atomic="true">
        {live.partner && (
          <PartnerCard
            partner={live.partner}
            words={t.partner}
            timeZone={timeZone}
            languageTag={languageTag}
            rendered={now}
          />
        )}
      </div>
      <div aria-live="polite">
        {live.message && (
          <section
            className="mt-4 space-y-1 rounded-lg border border-brand-600/40 bg-brand-50 p-4"
            aria-labelledby="request-message-heading"
          >
            <h2 id="request-message-heading" className="text-base font-bold text-ink">
              {t.messageHeading}
            </h2>
            <p className="text-lg whitespace-pre-wrap text-ink [overflow-wrap:anywhere]" data-testid="request-message">
              {live.message.text}
            </p>
            <p className="text-sm text-slate-600">{time(live.message.at)}</p>
          </section>
        )}
      </div>
      {live.canCancel && (
        <details className="mt-4 rounded-lg border border-slate-300 bg-white">
          <summary className="flex min-h-11 cursor-pointer items-center px-4 py-2 font-semibold text-red-800 underline underline-offset-2">
            {t.cancelSummary}
          </summary>
          <form
            method="post"
            action={cancelPath(token)}
            className="space-y-3 border-t border-slate-200 p-4"
            onSubmit={onCancel}
          >
            <p className="text-slate-700">{t.cancelExplained}</p>
            <label htmlFor="cancel-reason" className="block text-sm font-semibold text-ink">
              {t.reasonLabel}
            </label>
            <textarea
              id="cancel-reason"
              name="reason"
              rows={3}
              maxLength={MAX_CANCEL_REASON_LENGTH}
              className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-ink placeholder:text-slate-500 focus-visible:border-brand-600"
            />
            <button
              type="submit"
              className="inline-flex min-h-11 max-w-full items-center justify-center rounded-md bg-red-800 px-5 py-1.5 font-semibold text-white hover:bg-red-700 disabled:opacity-60"
              disabled={cancelling}
            >
              {cancelling ? t.cancelling : t.cancelButton}
            </button>
          </form>
        </details>
      )}
      {problem && (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      )}
    </>
  );
}
