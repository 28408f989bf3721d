import { Check } from "lucide-react";
import { type IconName, ServiceIcon } from "@/components/services/ServiceIcon";
import { Card, CardContent, CardHeader, type CardLink, CardLinks, CardTitle } from "@/components/ui/card";

interface OverviewCard {
  icon: IconName;
  title: string;
  description: string;
  features: string[];
  href: string;
  guide?: CardLink;
}

export function ServiceOverviewCards({ cards, moreAbout }: { cards: OverviewCard[]; moreAbout: string }) {
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
      {cards.map((card) => (
        <li key={card.title}>
          <Card className="flex h-full flex-col">
            <CardHeader>
              <span className="grid size-12 place-items-center rounded-lg bg-brand-100 text-brand-800">
                <ServiceIcon name={card.icon} className="size-6" />
              </span>
              <CardTitle as="h2">{card.title}</CardTitle>
              <p className="text-slate-600">{card.description}</p>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col justify-between gap-5">
              <ul className="space-y-2">
                {card.features.map((f) => (
                  <li key={f} className="flex gap-2 text-slate-700">
                    <Check className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" />
                    {f}
                  </li>
                ))}
              </ul>
              <CardLinks second={card.guide}>
                <a href={card.href} className="font-semibold text-brand-800 hover:underline">
                  {moreAbout.replace("{title}", card.title)}
                </a>
              </CardLinks>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
