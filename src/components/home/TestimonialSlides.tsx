import { TestimonialCardItem, type TestimonialCardStrings } from "@/shared/testimonial-card";
import type { TestimonialCard } from "@/shared/testimonials";

/**
 * The carousel's list as the build writes it: the site's fixed entries (samples). The server finds
 * this list by its data-slot and puts the published reviews first at request time, keeping the
 * built sample cards only for the places left (server/features/reviews/home-carousel.ts).
 */
export function TestimonialSlides({ cards, strings }: { cards: TestimonialCard[]; strings: TestimonialCardStrings }) {
  return (
    <ul className="-ml-4 flex touch-pan-y" data-slot="home-reviews">
      {cards.map((card) => (
        <TestimonialCardItem key={card.key} card={card} strings={strings} />
      ))}
    </ul>
  );
}
