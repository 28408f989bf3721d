import { Quote, Star } from "lucide-react";
import type { TestimonialCard } from "./testimonials";

export interface TestimonialCardStrings {
  /** "Rated {rating} out of {max}": the stars said to a screen reader, in the page's language. */
  rating: string;
  sampleName: string;
  sampleNote: string;
}

const MAX_STARS = 5;

/**
 * One card of the home page's carousel, with no state: the server renders the samples and the
 * published reviews alike with it (server/features/reviews/home-carousel.ts), so both look the same. Every text is React text: a
 * driver's words are never markup. A sample says it is an example and names no one; a real review
 * shows the first name, the town, the stars and the date, and the language it was written in where
 * the page says it.
 */
export function TestimonialCardItem({ card: t, strings }: { card: TestimonialCard; strings: TestimonialCardStrings }) {
  const spoken = strings.rating.replace("{rating}", String(t.stars)).replace("{max}", String(MAX_STARS));
  return (
    <li
      className="min-w-0 shrink-0 grow-0 basis-full pl-4 md:basis-1/3"
      data-testid="testimonial"
      data-sample={t.sample ? "true" : undefined}
    >
      <figure className="flex h-full flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div role="img" aria-label={spoken} className="flex gap-0.5">
          {Array.from({ length: MAX_STARS }, (_, i) => (
            <Star
              // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items
              key={i}
              aria-hidden="true"
              className={i < t.stars ? "size-5 fill-brand-500 text-brand-500" : "size-5 text-slate-300"}
            />
          ))}
        </div>
        <blockquote className="flex-1 text-slate-700" lang={t.lang}>
          <Quote className="mb-2 size-6 text-brand-500" aria-hidden="true" />
          {t.text && <p className="[overflow-wrap:anywhere] whitespace-pre-line">{t.text}</p>}
        </blockquote>
        <figcaption className="font-semibold text-ink">
          {t.sample ? strings.sampleName : t.name}
          {t.town && <span className="font-normal text-slate-500"> · {t.town}</span>}
          {t.date && (
            <time className="block text-sm font-normal text-slate-500" dateTime={t.date.iso}>
              {t.date.label}
            </time>
          )}
          {t.languageLabel && <span className="block text-sm font-normal text-slate-500">{t.languageLabel}</span>}
          {t.sample && <span className="block text-sm font-normal text-slate-500">{strings.sampleNote}</span>}
        </figcaption>
      </figure>
    </li>
  );
}

/** The carousel's cards in order: what the server puts in the home page's list, and `astro dev` too. */
export function TestimonialCardItems({
  cards,
  strings,
}: {
  cards: TestimonialCard[];
  strings: TestimonialCardStrings;
}) {
  return cards.map((card) => <TestimonialCardItem key={card.key} card={card} strings={strings} />);
}
