import { type FormEvent, type ReactNode, useState } from "react";
import {
  cancelPath,
  MAX_CANCEL_REASON_LENGTH,
  type RequestPageLive,
  requestPagePath,
  statusLabelOf,
} from "@/shared/request-page";
import type { RequestLiveStrings } from "./live-words";

/** The parts of the request page's live part (RequestLive): the status, the dispatcher's message, the cancel form. */

type Time = (iso: string) => ReactNode;

/** The status in the driver's words, and, when live updates stopped, the way to see the latest. */
export function StatusCard({
  live,
  stopped,
  token,
  words: t,
  time,
}: {
  live: RequestPageLive;
  stopped: boolean;
  token: string;
  words: RequestLiveStrings;
  time: Time;
}) {
  return (
    <section className="space-y-1 rounded-lg border-2 border-ink bg-white p-4" aria-labelledby="request-status-heading">
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
  );
}

/** What the dispatcher last wrote to the driver, as text, and when. */
export function MessageCard({
  message,
  heading,
  time,
}: {
  message: NonNullable<RequestPageLive["message"]>;
  heading: string;
  time: Time;
}) {
  return (
    <section
      className="mt-4 space-y-1 rounded-lg border border-brand-600/40 bg-brand-50 p-4"
      aria-labelledby="request-message-heading"
    >
      <h2 id="request-message-heading" className="text-base font-bold text-ink">
        {heading}
      </h2>
      <p className="text-lg whitespace-pre-wrap text-ink [overflow-wrap:anywhere]" data-testid="request-message">
        {message.text}
      </p>
      <p className="text-sm text-slate-600">{time(message.at)}</p>
    </section>
  );
}

/** Posts the cancel as JSON; the request's state that comes back, and what went wrong. */
async function sendCancel(token: string, languageTag: string, reason: string) {
  const res = await fetch(cancelPath(token), {
    method: "POST",
    // A refusal that cannot know the request (gone, too many lookups) is then said in the page's language.
    headers: { "Content-Type": "application/json", "Accept-Language": languageTag },
    body: JSON.stringify({ reason }),
  });
  const body = (await res.json().catch(() => null)) as { live?: RequestPageLive; message?: string } | null;
  return { ok: res.ok, live: body?.live, message: body?.message };
}

/**
 * "I no longer need help": a plain form that posts without JavaScript; here it sends without leaving
 * the page. What went wrong stays said once the form is gone (a request done in the meantime).
 */
export function CancelPart({
  canCancel,
  token,
  languageTag,
  words: t,
  onLive,
}: {
  canCancel: boolean;
  token: string;
  languageTag: string;
  words: RequestLiveStrings;
  onLive: (live: RequestPageLive) => void;
}) {
  const [cancelling, setCancelling] = useState(false);
  const [problem, setProblem] = useState("");
  const onCancel = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "");
    setCancelling(true);
    setProblem("");
    try {
      const answer = await sendCancel(token, languageTag, reason);
      if (answer.live) onLive(answer.live);
      if (!answer.ok) setProblem(answer.message ?? t.notCancelled);
    } catch {
      setProblem(t.offline);
    } finally {
      setCancelling(false);
    }
  };
  return (
    <>
      {canCancel && (
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
