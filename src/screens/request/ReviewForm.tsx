import { type FormEvent, useState } from "react";
import { MAX_REVIEW_COMMENT_LENGTH, REVIEW_STARS, type RequestReviewState, reviewPath } from "@/shared/review";
import { fill, type RequestReviewStrings } from "./review-words";

type Review = RequestReviewState["review"];

/** 1 to 5 stars: native radios, so the keyboard works as in any radio group. */
function StarsField({ review, words: t }: { review: Review; words: RequestReviewStrings }) {
  return (
    <fieldset className="review-stars">
      <legend className="mb-1 text-sm font-semibold text-ink">{t.starsLegend}</legend>
      <div className="flex flex-wrap gap-1">
        {REVIEW_STARS.map((n) => (
          <label key={n} className="relative inline-flex size-11 cursor-pointer items-center justify-center rounded-md">
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
  );
}

/** The separate, unticked box that allows the website to show the review. */
function ConsentField({ review, words: t }: { review: Review; words: RequestReviewStrings }) {
  return (
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
  );
}

/** Posts the review as JSON; the saved state, or what went wrong. */
async function sendReview(token: string, languageTag: string, data: FormData) {
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
  return res.ok && body?.review ? { saved: body.review } : { message: body?.message };
}

/**
 * The review's form: the stars, an optional comment, and the separate, unticked box that allows the
 * website to show it. A plain form that posts without JavaScript; here it sends without leaving the page.
 */
export function ReviewForm({
  review,
  token,
  languageTag,
  words: t,
  onSaved,
}: {
  review: Review;
  token: string;
  languageTag: string;
  words: RequestReviewStrings;
  onSaved: (state: RequestReviewState) => void;
}) {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState("");
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setSending(true);
    setProblem("");
    try {
      const answer = await sendReview(token, languageTag, data);
      if (answer.saved) onSaved(answer.saved);
      else setProblem(answer.message ?? t.failed);
    } catch {
      setProblem(t.failed);
    } finally {
      setSending(false);
    }
  };
  return (
    <form method="post" action={reviewPath(token)} className="space-y-4" onSubmit={onSubmit}>
      <StarsField review={review} words={t} />
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
      <ConsentField review={review} words={t} />
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
  );
}
