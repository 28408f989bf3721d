import { Phone } from "lucide-react";
import { Button } from "@/components/ui/button";
import { IconLabel } from "@/components/ui/icon-label";
import type { CallPlacement } from "@/shared/event-schema";
import { PhoneText } from "./PhoneText";

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
