import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { languageForOwner } from "@/i18n/locales";
import type { DeskReview, ReviewAction } from "@/shared/review";
import { businessTime } from "./format";
import { hrefFor } from "./use-hash-route";

export interface ReviewActions {
  act: (id: number, action: ReviewAction) => void;
  remove: (id: number) => void;
  /** A change is on its way: no second one until it is done. */
  busy: boolean;
}

function stateOf(r: DeskReview): string {
  if (r.hidden) return "Hidden";
  if (r.publishedAt) return `On the website since ${businessTime(r.publishedAt)}`;
  // A driver's change takes a published review off the website: the owner reads it before it goes back.
  if (r.consent && r.updatedAt !== r.createdAt) return "Changed by the driver: not on the website until you publish it";
  return "Not on the website";
}

/** When and in which language it was written, its request, partner, consent and whether the website shows it. */
function ReviewFacts({ r }: { r: DeskReview }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="font-semibold text-slate-600">Written</dt>
      <dd>
        {businessTime(r.createdAt)}
        {r.updatedAt !== r.createdAt && ` (changed ${businessTime(r.updatedAt)})`} in {languageForOwner[r.language]}
      </dd>
      <dt className="font-semibold text-slate-600">Request</dt>
      <dd>
        {r.requestId === null ? (
          "deleted"
        ) : (
          <a className="font-semibold underline" href={hrefFor({ view: "request", id: r.requestId })}>
            #{r.requestId}
          </a>
        )}
      </dd>
      <dt className="font-semibold text-slate-600">Partner</dt>
      <dd>{r.partnerCompany ?? "none"}</dd>
      <dt className="font-semibold text-slate-600">Consent</dt>
      <dd data-testid="review-consent">{r.consent ? "Yes: may be shown on the website" : "No"}</dd>
      <dt className="font-semibold text-slate-600">Website</dt>
      <dd data-testid="review-state">{stateOf(r)}</dd>
    </dl>
  );
}

/** Publish or take off (publish only with the driver's consent), hide or unhide, delete (asked first). */
function ReviewButtons({ r, actions }: { r: DeskReview; actions: ReviewActions }) {
  const { act, remove, busy } = actions;
  return (
    <div className="flex flex-wrap gap-2">
      {r.publishedAt ? (
        <Button type="button" variant="outline" disabled={busy} onClick={() => act(r.id, "unpublish")}>
          Take off the website
        </Button>
      ) : r.consent && !r.hidden ? (
        <Button type="button" variant="dark" disabled={busy} onClick={() => act(r.id, "publish")}>
          Publish
        </Button>
      ) : (
        !r.consent && <p className="text-sm text-slate-600">The driver did not allow it on the website.</p>
      )}
      <Button type="button" variant="outline" disabled={busy} onClick={() => act(r.id, r.hidden ? "unhide" : "hide")}>
        {r.hidden ? "Unhide" : "Hide"}
      </Button>
      <ConfirmDialog
        title={`Delete the review by ${r.firstName}?`}
        confirmLabel="Delete review"
        onConfirm={() => remove(r.id)}
        trigger={
          <button type="button" disabled={busy} className={buttonVariants({ variant: "danger-outline" })}>
            Delete
          </button>
        }
      >
        This removes the review, its words, first name and town for good, from the desk and the website, for a driver
        who asked. Its request stays.
      </ConfirmDialog>
    </div>
  );
}

/** One review: the stars and who, the driver's words as written, its facts and what the owner can do with it. */
export function ReviewCard({ r, actions }: { r: DeskReview; actions: ReviewActions }) {
  return (
    <article
      aria-labelledby={`review-${r.id}-title`}
      className={cn(
        "space-y-2 rounded-lg border bg-white p-4",
        r.hidden ? "border-dashed border-slate-400" : "border-slate-300",
      )}
      data-testid="desk-review"
    >
      <h2 id={`review-${r.id}-title`} className="font-bold text-ink">
        <span aria-hidden="true" className="text-brand-700">
          {"★".repeat(r.stars)}
          <span className="text-slate-300">{"★".repeat(5 - r.stars)}</span>
        </span>{" "}
        {r.stars} out of 5 · {r.firstName}
        {r.town ? `, ${r.town}` : ""}
      </h2>
      {r.comment ? (
        <p className="whitespace-pre-wrap text-ink [overflow-wrap:anywhere]" lang={r.language}>
          {r.comment}
        </p>
      ) : (
        <p className="text-slate-600">(no comment)</p>
      )}
      <ReviewFacts r={r} />
      <ReviewButtons r={r} actions={actions} />
    </article>
  );
}
