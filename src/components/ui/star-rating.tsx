import { Star } from "lucide-react";

/** Stars for people who see them, one sentence for people who hear the page. */
export function StarRating({
  rating,
  max = 5,
  label = "Rated {rating} out of {max}",
}: {
  rating: number;
  max?: number;
  /** The spoken sentence, with {rating} and {max} filled in: the page's language. */
  label?: string;
}) {
  const spoken = label.replace("{rating}", String(rating)).replace("{max}", String(max));
  return (
    <div role="img" aria-label={spoken} className="flex gap-0.5">
      {Array.from({ length: max }, (_, i) => (
        <Star
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items
          key={i}
          aria-hidden="true"
          className={i < rating ? "size-5 fill-brand-500 text-brand-500" : "size-5 text-slate-300"}
        />
      ))}
    </div>
  );
}
