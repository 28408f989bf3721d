import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * The carousel's moving part: one card per step on phones, three per step from 768 px (the
 * specification's carousel). Embla does the dragging and swiping; previous and next are disabled at
 * the ends. The cards come as children (TestimonialSlides, static HTML in the page): the server puts
 * the published reviews in their place at request time, and the island moves whatever list it finds.
 */
export function TestimonialsCarousel({
  children,
  strings,
}: {
  children: ReactNode;
  strings: {
    label: string;
    previous: string;
    next: string;
  };
}) {
  const [viewportRef, api] = useEmblaCarousel({
    // The list inside the children's wrapper (Astro's <astro-slot>), not the viewport's first child.
    container: "[data-slot=home-reviews]",
    align: "start",
    loop: false,
    slidesToScroll: 1,
    breakpoints: { "(min-width: 768px)": { slidesToScroll: 3 } },
  });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(true);

  const update = useCallback(() => {
    if (!api) return;
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
  }, [api]);

  useEffect(() => {
    if (!api) return;
    update();
    api.on("select", update).on("reInit", update);
    return () => {
      api.off("select", update).off("reInit", update);
    };
  }, [api, update]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "ArrowLeft") {
      e.preventDefault();
      api?.scrollPrev();
    } else if (e.key === "ArrowRight") {
      e.preventDefault();
      api?.scrollNext();
    }
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={strings.label}
      onKeyDown={onKeyDown}
      data-testid="testimonials-carousel"
    >
      <div className="overflow-hidden" ref={viewportRef}>
        {children}
      </div>
      <div className="mt-6 flex justify-center gap-3">
        <Button
          variant="outline"
          size="icon"
          onClick={() => api?.scrollPrev()}
          disabled={!canPrev}
          aria-label={strings.previous}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          onClick={() => api?.scrollNext()}
          disabled={!canNext}
          aria-label={strings.next}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
