import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight, Quote } from "lucide-react";
import { type KeyboardEvent, useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { SectionHeading } from "@/components/ui/section-heading";
import { StarRating } from "@/components/ui/star-rating";

interface Testimonial {
  name: string;
  town: string;
  text: string;
  rating: number;
  /** Written for the site, not a customer's review: the card says so and names no one. */
  sample?: boolean;
}

/**
 * One testimonial per step on phones, three per step from 768 px (the specification's carousel).
 * Embla does the dragging and swiping; previous and next are disabled at the ends. `intro` is the
 * line under the heading, where the page says whether the entries are samples; a sample's card also
 * says it is an example and shows no customer's name.
 */
export function TestimonialsCarousel({
  testimonials,
  intro,
  strings,
}: {
  testimonials: Testimonial[];
  intro: string;
  strings: {
    title: string;
    label: string;
    previous: string;
    next: string;
    rating: string;
    sampleName: string;
    sampleNote: string;
  };
}) {
  const [viewportRef, api] = useEmblaCarousel({
    align: "start",
    loop: false,
    slidesToScroll: 1,
    breakpoints: { "(min-width: 768px)": { slidesToScroll: 3 } },
  });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(testimonials.length > 1);

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
    <section className="bg-slate-50 py-16" aria-labelledby="testimonials-title">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="testimonials-title" title={strings.title}>
          {intro}
        </SectionHeading>
        <section
          aria-roledescription="carousel"
          aria-label={strings.label}
          onKeyDown={onKeyDown}
          data-testid="testimonials-carousel"
        >
          <div className="overflow-hidden" ref={viewportRef}>
            <ul className="-ml-4 flex touch-pan-y">
              {testimonials.map((t) => (
                <li key={t.text} className="min-w-0 shrink-0 grow-0 basis-full pl-4 md:basis-1/3">
                  <figure className="flex h-full flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                    <StarRating rating={t.rating} label={strings.rating} />
                    <blockquote className="flex-1 text-slate-700">
                      <Quote className="mb-2 size-6 text-brand-500" aria-hidden="true" />
                      <p>{t.text}</p>
                    </blockquote>
                    <figcaption className="font-semibold text-ink">
                      {t.sample ? strings.sampleName : t.name}{" "}
                      <span className="font-normal text-slate-500">· {t.town}</span>
                      {t.sample && (
                        <span className="block text-sm font-normal text-slate-500">{strings.sampleNote}</span>
                      )}
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
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
      </div>
    </section>
  );
}
