import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { languageForOwner } from "@/i18n/locales";
import { cn } from "@/lib/utils";
import type { DeskReview, ReviewAction } from "@/shared/review";
import { businessTime } from "./format";
import { deskSend, errorText } from "./query-client";
import { hrefFor } from "./use-hash-route";

const REVIEWS_KEY = ["/api/desk/reviews"] as const;

function stateOf(r: DeskReview): string {
  if (r.hidden) return "Hidden";
  if (r.publishedAt) return `On the website since ${businessTime(r.publishedAt)}`;
  // A driver's change takes a published review off the website: the owner reads it before it goes back.
  if (r.consent && r.updatedAt !== r.createdAt) return "Changed by the driver: not on the website until you publish it";
  return "Not on the website";
}

/**
 * Every review the drivers wrote, newest first, hidden ones included: the stars, the driver's words
 * (which the owner can never change), the request, the partner, the date and the driver's consent.
 * The owner publishes a review that has consent, takes it off the website, hides it, or deletes it
 * (with a confirmation); a review without consent says why it cannot be published (the server refuses
 * it too), and one the driver changed since says it waits to be published again.
 */
export function ReviewsPage() {
  const client = useQueryClient();
  const reviews = useQuery<DeskReview[]>({ queryKey: REVIEWS_KEY, staleTime: 0 });
  const [said, setSaid] = useState("");
  useEffect(() => {
    document.title = "Reviews · Desk";
  }, []);

  const act = useMutation({
    mutationFn: async ({ id, action }: { id: number; action: ReviewAction }) => {
      await deskSend(client, "POST", `/api/desk/reviews/${id}/${action}`);
      return { id, action };
    },
    onSuccess: ({ id, action }) => {
      const done = { publish: "published", unpublish: "taken off the website", hide: "hidden", unhide: "unhidden" };
      setSaid(`Review ${id} ${done[action]}.`);
    },
    onError: (error) => setSaid(errorText(error)),
    onSettled: () => client.invalidateQueries({ queryKey: REVIEWS_KEY }),
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await deskSend(client, "DELETE", `/api/desk/reviews/${id}`);
      return id;
    },
    onSuccess: (id) => setSaid(`Review ${id} deleted.`),
    onError: (error) => setSaid(errorText(error)),
    onSettled: () => client.invalidateQueries({ queryKey: REVIEWS_KEY }),
  });

  const list = reviews.data ?? [];
  const published = list.filter((r) => r.publishedAt && !r.hidden).length;

  return (
    <section className="space-y-6">
      <h1 tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none">
        Reviews
      </h1>
      <p className="text-slate-700">
        Every driver whose request is done is asked how it went. Only a review whose driver ticked the box can go on the
        website; the home page shows the 7 most recent published ones. You can hide a review, never change its words.
      </p>
      {reviews.data && (
        <p className="font-semibold text-ink">
          {list.length} review{list.length === 1 ? "" : "s"}, {published} published on the website.
        </p>
      )}
      <p role="status" aria-live="polite" className={cn(said && "rounded-md bg-slate-100 px-3 py-2")}>
        {said}
      </p>
      {reviews.isError && <p role="alert">{errorText(reviews.error)}</p>}
      {reviews.data && list.length === 0 && <p>No reviews yet.</p>}
      <ul className="space-y-4">
        {list.map((r) => (
          <li key={r.id}>
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
              <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                <dt className="font-semibold text-slate-600">Written</dt>
                <dd>
                  {businessTime(r.createdAt)}
                  {r.updatedAt !== r.createdAt && ` (changed ${businessTime(r.updatedAt)})`} in{" "}
                  {languageForOwner[r.language]}
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
              <div className="flex flex-wrap gap-2">
                {r.publishedAt ? (
                  <Button
                    type="button"
                    variant="outline"
                    disabled={act.isPending}
                    onClick={() => act.mutate({ id: r.id, action: "unpublish" })}
                  >
                    Take off the website
                  </Button>
                ) : r.consent && !r.hidden ? (
                  <Button
                    type="button"
                    variant="dark"
                    disabled={act.isPending}
                    onClick={() => act.mutate({ id: r.id, action: "publish" })}
                  >
                    Publish
                  </Button>
                ) : (
                  !r.consent && <p className="text-sm text-slate-600">The driver did not allow it on the website.</p>
                )}
                <Button
                  type="button"
                  variant="outline"
                  disabled={act.isPending}
                  onClick={() => act.mutate({ id: r.id, action: r.hidden ? "unhide" : "hide" })}
                >
                  {r.hidden ? "Unhide" : "Hide"}
                </Button>
                <ConfirmDialog
                  title={`Delete the review by ${r.firstName}?`}
                  confirmLabel="Delete review"
                  onConfirm={() => remove.mutate(r.id)}
                  trigger={
                    <button
                      type="button"
                      disabled={remove.isPending}
                      className={buttonVariants({ variant: "danger-outline" })}
                    >
                      Delete
                    </button>
                  }
                >
                  This removes the review, its words, first name and town for good, from the desk and the website, for a
                  driver who asked. Its request stays.
                </ConfirmDialog>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
