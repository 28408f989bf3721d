import { Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader } from "@/components/ui/card";

interface ServiceRequestSectionProps {
  id?: string;
  title: string;
  intro: string;
  telHref: string;
  headingLevel?: "h1" | "h2";
  /** "Need help right now?" and "Call (209) 555-0100" in the page's language. */
  needHelpNow: string;
  callLabel: string;
  /** The form island, passed by the page as its slot. */
  children: ReactNode;
}

/** The "Contact Us" / "Request Service" card: a title, a word about calling, and the form. */
export function ServiceRequestSection({
  id,
  title,
  intro,
  telHref,
  headingLevel = "h2",
  needHelpNow,
  callLabel,
  children,
}: ServiceRequestSectionProps) {
  const Heading = headingLevel;
  return (
    <Card id={id} className="scroll-mt-24">
      <CardHeader>
        <Heading className="text-2xl font-extrabold text-ink sm:text-3xl">{title}</Heading>
        <p className="text-slate-600">
          {intro} {needHelpNow}{" "}
          <a
            href={telHref}
            data-placement="form"
            className="inline-flex items-center gap-1 font-semibold text-brand-800 underline"
          >
            <Phone className="size-4" aria-hidden="true" />
            {callLabel}
          </a>
        </p>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
