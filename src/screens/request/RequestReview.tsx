import { useEffect, useState } from "react";
import { formatPageTime, REQUEST_LIVE_DOM_EVENT, type RequestPageLive } from "@/shared/request-page";
import { REVIEW_EDIT_DAYS, type RequestReviewState } from "@/shared/review";
import { ReviewForm } from "./ReviewForm";
import { fill, type RequestReviewStrings } from "./review-words";

/** The island's words in the request's language; the two that name the phone come filled in. */
export type { RequestReviewStrings };

export interface RequestReviewProps {
  timeZone: string;
  languageTag: string;
  strings: RequestReviewStrings;
  /** The part's state as the server read it: the page is rendered from it, and the island starts from it. */
  initial: RequestReviewState;
  /** The page's token (from its address /request/{token}). */
  token: string;
}

/**
 * "How did it go?" on the driver's request page, once the request is done: 1 to 5 stars (native radios,
 * so the keyboard works as in any radio group), an optional comment, and the separate, unticked box
 * that allows the website to show it. The server renders it into the page (a plain form that posts and
 * comes back with a 303 without JavaScript); hydrated, it sends without leaving the page, and appears
 * as soon as the live part hears that the request is done.
 */
export function RequestReview({ timeZone, languageTag, strings: t, initial, token }: RequestReviewProps) {
  const [state, setState] = useState<RequestReviewState>(initial);

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
      <ReviewForm
        key={review?.writtenAt ?? "new"}
        review={review}
        token={token}
        languageTag={languageTag}
        words={t}
        onSaved={setState}
      />
    </section>
  );
}
