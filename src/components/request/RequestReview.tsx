import { type FormEvent, useEffect, useState } from "react";
import type { Dictionary } from "@/i18n/ui";
import {
  formatPageTime,
  REQUEST_LIVE_DOM_EVENT,
  REQUEST_PAGE_PREFIX,
  type RequestPageLive,
} from "@/shared/request-page";
import {
  MAX_REVIEW_COMMENT_LENGTH,
  REVIEW_EDIT_DAYS,
  REVIEW_STARS,
  type RequestReviewState,
  reviewPath,
} from "@/shared/review";
import { reviewLook as look } from "@/shared/review-look";

/** The island's words in the request's language; the two that name the phone come filled in. */
export type RequestReviewStrings = Omit<Dictionary["reviews"], "email" | "carousel" | "notDone" | "closed"> & {
  failed: string;
};

interface RequestReviewProps {
  timeZone: string;
  languageTag: string;
  strings: RequestReviewStrings;
}

/** The element the server writes the review part's state into (server/features/request-page/render.ts). */
const STATE_ELEMENT_ID = "request-review-state";

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

function initialState(): RequestReviewState | null {
  const raw = document.getElementById(STATE_ELEMENT_ID)?.dataset.state;
  try {
    return raw ? (JSON.parse(raw) as RequestReviewState) : null;
  } catch {
    return null;
  }
}

/**
 * "How did it go?" on the driver's request page, once the request is done: 1 to 5 stars (native radios,
 * so the keyboard works as in any radio group), an optional comment, and the separate, unticked box
 * that allows the website to show it. The same elements and classes as the page the server writes for
 * a browser without JavaScript (server/features/reviews/page-part.ts); here it sends without leaving
 * the page, and appears as soon as the live part hears that the request is done.
 */
export function RequestReview({ timeZone, languageTag, strings: t }: RequestReviewProps) {
  const [state, setState] = useState<RequestReviewState | null>(initialState);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState("");
  const [token] = useState(() => decodeURIComponent(window.location.pathname.slice(REQUEST_PAGE_PREFIX.length)));

  useEffect(() => {
    const onLive = (event: Event) => {
      const live = (event as CustomEvent<RequestPageLive>).detail;
      setState((current) => {
        const review = current?.review ?? null;
        const done = live.status === "done";
        // Reopened, it stops asking (a review already written stays shown, read-only).
        const editable = done && (!review || Date.now() < Date.parse(review.editableUntil));
        return { asking: done || review !== null, review, editable };
      });
    };
    document.addEventListener(REQUEST_LIVE_DOM_EVENT, onLive);
    return () => document.removeEventListener(REQUEST_LIVE_DOM_EVENT, onLive);
  }, []);

  if (!state?.asking) return null;
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
      <section id="review" aria-labelledby="review-heading" data-testid="request-review" className={look.card}>
        <h2 id="review-heading" className={look.heading}>
          {t.heading}
        </h2>
        <p className={look.text}>{fill(t.rated, { stars: review.stars })}</p>
        {review.comment && <p className={look.quote}>{review.comment}</p>}
        <p className={look.text}>{review.consent ? t.consentGiven : t.consentNotGiven}</p>
        <p className={look.text}>{fill(t.readOnly, { days: REVIEW_EDIT_DAYS })}</p>
      </section>
    );
  }

  return (
    <section id="review" aria-labelledby="review-heading" data-testid="request-review" className={look.card}>
      <h2 id="review-heading" className={look.heading}>
        {t.heading}
      </h2>
      {review ? (
        <p className={look.saved} role="status">
          {`${t.saved} ${fill(t.editableUntil, { date: when(review.editableUntil) })}`}
        </p>
      ) : (
        <p className={look.text}>{t.intro}</p>
      )}
      {/* Keyed by the saved review, so a saved answer is what the fields then hold. */}
      <form
        key={review?.writtenAt ?? "new"}
        method="post"
        action={reviewPath(token)}
        className={look.form}
        onSubmit={onSubmit}
      >
        <fieldset className={look.fieldset}>
          <legend className={look.legend}>{t.starsLegend}</legend>
          <div className={look.starsRow}>
            {REVIEW_STARS.map((n) => (
              <label key={n} className={look.star}>
                <input
                  type="radio"
                  name="stars"
                  value={n}
                  required
                  defaultChecked={review?.stars === n}
                  className={look.starInput}
                />
                <span aria-hidden="true" className={look.starGlyph}>
                  ★
                </span>
                <span className="sr-only">{t.stars[String(n) as keyof typeof t.stars]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="review-comment" className={look.label}>
            {t.commentLabel}
          </label>
          <p id="review-comment-hint" className={look.hint}>
            {fill(t.commentHint, { max: MAX_REVIEW_COMMENT_LENGTH.toLocaleString(languageTag) })}
          </p>
          <textarea
            id="review-comment"
            name="comment"
            rows={4}
            maxLength={MAX_REVIEW_COMMENT_LENGTH}
            aria-describedby="review-comment-hint"
            className={look.input}
            defaultValue={review?.comment ?? ""}
          />
        </div>
        <div>
          <div className={look.consentRow}>
            <input
              type="checkbox"
              id="review-consent"
              name="consent"
              value="on"
              aria-describedby="review-consent-hint"
              defaultChecked={review?.consent ?? false}
              className={look.checkbox}
            />
            <label htmlFor="review-consent" className={look.consentLabel}>
              {t.consentLabel}
            </label>
          </div>
          <p id="review-consent-hint" className={look.hint}>
            {t.consentHint}
          </p>
        </div>
        {problem && (
          <p className={look.problem} role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className={look.button} disabled={sending}>
          {sending ? t.sending : review ? t.update : t.submit}
        </button>
      </form>
    </section>
  );
}
