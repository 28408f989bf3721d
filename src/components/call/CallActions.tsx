import { MessageSquare, Phone } from "lucide-react";
import { Button } from "@/components/ui/button";
import { IconLabel } from "@/components/ui/icon-label";

export interface CallActionsProps {
  phoneDisplay: string;
  telHref: string;
  /** Where "Request service online" goes: the form on this page or /contact. */
  requestHref: string;
  /** The words of the request link; "Request service online" unless the page says otherwise. */
  requestLabel?: string;
}

/** The large "Call (209) ..." button: a tel: link styled as the primary action. */
export function CallButton({ phoneDisplay, telHref }: Pick<CallActionsProps, "phoneDisplay" | "telHref">) {
  return (
    <Button asChild size="lg">
      <a href={telHref}>
        <IconLabel icon={Phone}>{`Call ${phoneDisplay}`}</IconLabel>
      </a>
    </Button>
  );
}

/** The pair every dark banner ends with: call now, or request service online. */
export function CallActions({
  phoneDisplay,
  telHref,
  requestHref,
  requestLabel = "Request service online",
}: CallActionsProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <CallButton phoneDisplay={phoneDisplay} telHref={telHref} />
      <Button asChild size="lg" variant="outline-light">
        <a href={requestHref}>
          <IconLabel icon={MessageSquare}>{requestLabel}</IconLabel>
        </a>
      </Button>
    </div>
  );
}
