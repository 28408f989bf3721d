import { ArrowRight } from "lucide-react";
import { type IconName, ServiceIcon } from "@/components/services/ServiceIcon";
import { ServiceImage } from "@/components/services/ServiceImage";
import { Card, CardContent, CardHeader, type CardLink, CardLinks, CardTitle } from "@/components/ui/card";
import { SectionHeading } from "@/components/ui/section-heading";
import type { Dictionary } from "@/i18n/ui";
import { fill } from "@/i18n/ui";

interface ServiceCardData {
  icon: IconName;
  title: string;
  description: string;
  image: string;
  href: string;
  alt: string;
  /** A second link under "Learn more", such as the accident guide on the Accident Recovery card. */
  guide?: CardLink;
}

/**
 * How many cards are near the top: their images load at once, the rest lazily. Not boosted: on a
 * phone the first is at the fold's edge and the second a screen and a half down (412 x 823: 774 and
 * 1306 px), and the page's largest paint is the hero's text.
 */
const EAGER_IMAGES = 2;

export function ServiceCards({
  cards,
  strings,
  fallbackAlt,
}: {
  cards: ServiceCardData[];
  strings: Dictionary["home"];
  fallbackAlt: string;
}) {
  return (
    <section className="bg-slate-50 py-16" aria-labelledby="services-title">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="services-title" title={strings.servicesTitle}>
          {strings.servicesIntro}
        </SectionHeading>
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((card, i) => (
            <li key={card.title}>
              <Card className="flex h-full flex-col overflow-hidden">
                <ServiceImage
                  src={card.image}
                  alt={card.alt}
                  placement={i < EAGER_IMAGES ? "near" : "later"}
                  fallbackAlt={fallbackAlt}
                />
                <CardHeader>
                  <span className="grid size-10 place-items-center rounded-md bg-brand-100 text-brand-800">
                    <ServiceIcon name={card.icon} className="size-5" />
                  </span>
                  <CardTitle>{card.title}</CardTitle>
                </CardHeader>
                <CardContent className="flex flex-1 flex-col justify-between gap-4">
                  <p className="text-slate-600">{card.description}</p>
                  <CardLinks second={card.guide}>
                    <a
                      href={card.href}
                      className="inline-flex items-center gap-1 font-semibold text-brand-800 hover:underline"
                    >
                      {strings.learnMore}
                      <span className="sr-only">{fill(strings.learnMoreAbout, { title: card.title })}</span>
                      <ArrowRight className="size-4" aria-hidden="true" />
                    </a>
                  </CardLinks>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
