import { useEffect, useState } from "react";
import { telHrefFor } from "@/shared/links";
import {
  ARRIVAL_TICK_MS,
  type DriverPartnerView,
  formatPageClock,
  formatPageTime,
  type LinePart,
  partnerAcceptedLine,
  partnerArrivalLine,
  partnerCallParts,
  REQUEST_LIVE_DOM_EVENT,
  type RequestPageLive,
} from "@/shared/request-page";
import { followRequest } from "./follow-request";
import { CancelPart, MessageCard, StatusCard } from "./LiveParts";
import type { RequestLiveStrings } from "./live-words";

export type { RequestLiveStrings };

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

  useEffect(() => followRequest(token, { setLive, setGone, setStopped }), [token]);

  // Told to the rest of the page: the review part appears once the request is done.
  useEffect(() => {
    if (live) document.dispatchEvent(new CustomEvent(REQUEST_LIVE_DOM_EVENT, { detail: live }));
  }, [live]);

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
      <StatusCard live={live} stopped={stopped} token={token} words={t} time={time} />
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
        {live.message && <MessageCard message={live.message} heading={t.messageHeading} time={time} />}
      </div>
      <CancelPart canCancel={live.canCancel} token={token} languageTag={languageTag} words={t} onLive={setLive} />
    </>
  );
}
