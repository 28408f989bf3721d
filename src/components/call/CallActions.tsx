import { MessageSquare } from "lucide-react";
import { Button } from "@/components/ui/button";
import { IconLabel } from "@/components/ui/icon-label";
import { CallButton } from "@/screens/common/CallButton";
import type { CallPlacement } from "@/shared/event-schema";

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
