/**
 * The carousel's list as the build writes it: empty, marked for the server, which fills it at request
 * time with the published reviews first and the fixed entries (samples) in the places left, each drawn
 * by TestimonialCardItem (server/features/reviews/home-carousel.ts). The carousel's island reads the
 * cards from the page as it arrives.
 */
export function TestimonialSlides() {
  return <ul className="-ml-4 flex touch-pan-y" data-slot="home-reviews" />;
}
