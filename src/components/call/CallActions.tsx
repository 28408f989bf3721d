import { MessageSquare, Phone } from "lucide-react";
import { Button } from "@/components/ui/button";
import { IconLabel } from "@/components/ui/icon-label";
import type { CallPlacement } from "@/shared/event-schema";
import { PhoneText } from "./PhoneNumber";

interface CallActionsProps {
  telHref: string;
  /** "Call (209) 555-0100" in the page's language. */
  callLabel: string;
  /** Where the request link goes: the form on this page or /contact. */
  requestHref: string;
  /** The words of the request link ("Request service online", or what the page says instead). */
  requestLabel: string;
  /** Where the call button sits, for the site's count of call taps (src/shared/event-schema.ts). */
  placement: CallPlacement;
}

/**
 * The large "Call (209) ..." button: a tel: link styled as the primary action. Its words come from
 * the caller (the page's language), so the form's island never carries the dictionary.
 */
export function CallButton({
  telHref,
  label,
  placement,
}: {
  telHref: string;
  label: string;
  placement: CallPlacement;
}) {
  return (
    <Button asChild size="lg">
      <a href={telHref} data-placement={placement}>
        <IconLabel icon={Phone}>
          <PhoneText text={label} />
        </IconLabel>
      </a>
    </Button>
  );
}

/** The pair every dark banner ends with: call now, or request service online. */
export function CallActions({ telHref, callLabel, requestHref, requestLabel, placement }: CallActionsProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <CallButton telHref={telHref} label={callLabel} placement={placement} />
      <Button asChild size="lg" variant="outline-light">
        <a href={requestHref}>
          <IconLabel icon={MessageSquare}>{requestLabel}</IconLabel>
        </a>
      </Button>
    </div>
  );
}
