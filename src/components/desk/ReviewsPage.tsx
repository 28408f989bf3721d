import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { cn } from "@/components/ui/cn";
import type { DeskReview, ReviewAction } from "@/shared/review";
import { deskSend, errorText } from "./query-client";
import { type ReviewActions, ReviewCard } from "./ReviewCard";

const REVIEWS_KEY = ["/api/desk/reviews"] as const;

/** Publishing, hiding and deleting reviews, with a sentence saying what was done (or why not). */
function useReviewActions(): ReviewActions & { said: string } {
  const client = useQueryClient();
  const [said, setSaid] = useState("");
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
  return {
    said,
    act: (id, action) => act.mutate({ id, action }),
    remove: (id) => remove.mutate(id),
    busy: act.isPending || remove.isPending,
  };
}

/**
 * Every review the drivers wrote, newest first, hidden ones included: the stars, the driver's words
 * (which the owner can never change), the request, the partner, the date and the driver's consent.
 * The owner publishes a review that has consent, takes it off the website, hides it, or deletes it
 * (with a confirmation); a review without consent says why it cannot be published (the server refuses
 * it too), and one the driver changed since says it waits to be published again.
 */
export function ReviewsPage() {
  const reviews = useQuery<DeskReview[]>({ queryKey: REVIEWS_KEY, staleTime: 0 });
  const actions = useReviewActions();
  useEffect(() => {
    document.title = "Reviews · Desk";
  }, []);

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
      <p role="status" aria-live="polite" className={cn(actions.said && "rounded-md bg-slate-100 px-3 py-2")}>
        {actions.said}
      </p>
      {reviews.isError && <p role="alert">{errorText(reviews.error)}</p>}
      {reviews.data && list.length === 0 && <p>No reviews yet.</p>}
      <ul className="space-y-4">
        {list.map((r) => (
          <li key={r.id}>
            <ReviewCard r={r} actions={actions} />
          </li>
        ))}
      </ul>
    </section>
  );
}
