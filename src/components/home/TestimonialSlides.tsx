import type { CarouselContent } from "@/shared/home-carousel";
import { TestimonialCardItems } from "@/shared/testimonial-card";

/**
 * The carousel's list as the build writes it: empty, marked for the server, which fills it at request
 * time with the published reviews first and the fixed entries (samples) in the places left, each drawn
 * by TestimonialCardItem (server/features/reviews/home-carousel.ts). Under `astro dev`, which has no
 * server, the page gives the same cards (`filled`) and the list draws them itself with the same
 * component. The carousel's island reads the cards from the page as it arrives.
 */
export function TestimonialSlides({ filled }: { filled?: Pick<CarouselContent, "cards" | "strings"> }) {
  return (
    <ul className="-ml-4 flex touch-pan-y" data-slot="home-reviews">
      {filled && <TestimonialCardItems cards={filled.cards} strings={filled.strings} />}
    </ul>
  );
}
