import { type FormEvent, useEffect, useState } from "react";
import type { Dictionary } from "@/i18n/ui";
import { formatPageTime, REQUEST_LIVE_DOM_EVENT, type RequestPageLive } from "@/shared/request-page";
import {
  MAX_REVIEW_COMMENT_LENGTH,
  REVIEW_EDIT_DAYS,
  REVIEW_STARS,
  type RequestReviewState,
  reviewPath,
} from "@/shared/review";

/** The island's words in the request's language; the two that name the phone come filled in. */
export type RequestReviewStrings = Omit<Dictionary["reviews"], "email" | "carousel" | "notDone" | "closed"> & {
  failed: string;
};

export interface RequestReviewProps {
  timeZone: string;
  languageTag: string;
  strings: RequestReviewStrings;
  /** The part's state as the server read it: the page is rendered from it, and the island starts from it. */
  initial: RequestReviewState;
  /** The page's token (from its address /request/{token}). */
  token: string;
}

/** The dictionary's fill, here so that the island does not load the dictionary. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/**
 * "How did it go?" on the driver's request page, once the request is done: 1 to 5 stars (native radios,
 * so the keyboard works as in any radio group), an optional comment, and the separate, unticked box
 * that allows the website to show it. The server renders it into the page (a plain form that posts and
 * comes back with a 303 without JavaScript); hydrated, it sends without leaving the page, and appears
 * as soon as the live part hears that the request is done.
 */
export function RequestReview({ timeZone, languageTag, strings: t, initial, token }: RequestReviewProps) {
  const [state, setState] = useState<RequestReviewState>(initial);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState("");

  useEffect(() => {
    const onLive = (event: Event) => {
      const live = (event as CustomEvent<RequestPageLive>).detail;
      setState((current) => {
        const review = current.review;
        const done = live.status === "done";
        // Reopened, it stops asking (a review already written stays shown, read-only).
        const editable = done && (!review || Date.now() < Date.parse(review.editableUntil));
        return { asking: done || review !== null, review, editable };
      });
    };
    document.addEventListener(REQUEST_LIVE_DOM_EVENT, onLive);
    return () => document.removeEventListener(REQUEST_LIVE_DOM_EVENT, onLive);
  }, []);

  if (!state.asking) return null;
  const review = state.review;
  const when = (iso: string) => formatPageTime(iso, timeZone, languageTag);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setSending(true);
    setProblem("");
    try {
      const res = await fetch(reviewPath(token), {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": languageTag },
        body: JSON.stringify({
          stars: Number(data.get("stars")),
          comment: String(data.get("comment") ?? ""),
          consent: data.get("consent") === "on",
        }),
      });
      const body = (await res.json().catch(() => null)) as { review?: RequestReviewState; message?: string } | null;
      if (res.ok && body?.review) setState(body.review);
      else setProblem(body?.message ?? t.failed);
    } catch {
      setProblem(t.failed);
    } finally {
      setSending(false);
    }
  };

  if (!state.editable) {
    if (!review) return null;
    return (
      <section
        id="review"
        aria-labelledby="review-heading"
        data-testid="request-review"
        className="space-y-3 rounded-lg border-2 border-brand-600 bg-white p-4"
      >
        <h2 id="review-heading" className="text-xl font-extrabold text-ink">
          {t.heading}
        </h2>
        <p className="text-slate-700">{fill(t.rated, { stars: review.stars })}</p>
        {review.comment && (
          <p className="text-lg whitespace-pre-wrap text-ink [overflow-wrap:anywhere]">{review.comment}</p>
        )}
        <p className="text-slate-700">{review.consent ? t.consentGiven : t.consentNotGiven}</p>
        <p className="text-slate-700">{fill(t.readOnly, { days: REVIEW_EDIT_DAYS })}</p>
      </section>
    );
  }

  return (
    <section
      id="review"
      aria-labelledby="review-heading"
      data-testid="request-review"
      className="space-y-3 rounded-lg border-2 border-brand-600 bg-white p-4"
    >
      <h2 id="review-heading" className="text-xl font-extrabold text-ink">
        {t.heading}
      </h2>
      {review ? (
        <p className="rounded-md border border-green-700/40 bg-green-50 px-3 py-2 text-green-900" role="status">
          {`${t.saved} ${fill(t.editableUntil, { date: when(review.editableUntil) })}`}
        </p>
      ) : (
        <p className="text-slate-700">{t.intro}</p>
      )}
      {/* Keyed by the saved review, so a saved answer is what the fields then hold. */}
      <form
        key={review?.writtenAt ?? "new"}
        method="post"
        action={reviewPath(token)}
        className="space-y-4"
        onSubmit={onSubmit}
      >
        <fieldset className="review-stars">
          <legend className="mb-1 text-sm font-semibold text-ink">{t.starsLegend}</legend>
          <div className="flex flex-wrap gap-1">
            {REVIEW_STARS.map((n) => (
              <label
                key={n}
                className="relative inline-flex size-11 cursor-pointer items-center justify-center rounded-md"
              >
                <input
                  type="radio"
                  name="stars"
                  value={n}
                  required
                  defaultChecked={review?.stars === n}
                  className="peer absolute size-px opacity-0"
                />
                <span
                  aria-hidden="true"
                  className="review-star text-4xl leading-none text-slate-300 peer-checked:text-brand-600"
                >
                  ★
                </span>
                <span className="sr-only">{t.stars[String(n) as keyof typeof t.stars]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="review-comment" className="block text-sm font-semibold text-ink">
            {t.commentLabel}
          </label>
          <p id="review-comment-hint" className="text-sm text-slate-600">
            {fill(t.commentHint, { max: MAX_REVIEW_COMMENT_LENGTH.toLocaleString(languageTag) })}
          </p>
          <textarea
            id="review-comment"
            name="comment"
            rows={4}
            maxLength={MAX_REVIEW_COMMENT_LENGTH}
            aria-describedby="review-comment-hint"
            className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-ink placeholder:text-slate-500 focus-visible:border-brand-600"
            defaultValue={review?.comment ?? ""}
          />
        </div>
        <div>
          <div className="flex items-start gap-3">
            <input
              type="checkbox"
              id="review-consent"
              name="consent"
              value="on"
              aria-describedby="review-consent-hint"
              defaultChecked={review?.consent ?? false}
              className="mt-0.5 size-6 shrink-0 accent-brand-700"
            />
            <label htmlFor="review-consent" className="font-medium text-ink">
              {t.consentLabel}
            </label>
          </div>
          <p id="review-consent-hint" className="text-sm text-slate-600">
            {t.consentHint}
          </p>
        </div>
        {problem && (
          <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
            {problem}
          </p>
        )}
        <button
          type="submit"
          className="inline-flex min-h-11 max-w-full items-center justify-center rounded-md bg-ink px-5 py-1.5 font-semibold text-white hover:bg-slate-800 disabled:opacity-60"
          disabled={sending}
        >
          {sending ? t.sending : review ? t.update : t.submit}
        </button>
      </form>
    </section>
  );
}
