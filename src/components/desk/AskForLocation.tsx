import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Copy, MessageSquare } from "lucide-react";
import { useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { locationWords } from "@/i18n/location";
import type { DeskHereLink } from "@/shared/desk-schema";
import { phoneDigits } from "@/shared/service-request-schema";
import { site } from "@/shared/site";
import { deskSend, errorText } from "./query-client";

/**
 * "Ask for the location": makes a short private link (/here/{token}, 24 h) that the owner texts from
 * their own phone: an sms: link with the words prefilled in the caller's language, and a copy button.
 * No SMS provider: the owner's phone sends it. The fix then arrives on this page by itself.
 */
export function AskForLocation({ requestId, phone }: { requestId: number; phone: string }) {
  const client = useQueryClient();
  const [copied, setCopied] = useState(false);
  const ask = useMutation({
    mutationFn: async () => {
      const res = await deskSend(client, "POST", `/api/desk/requests/${requestId}/here-link`);
      return (await res.json()) as DeskHereLink;
    },
  });
  const link = ask.data;
  const url = link ? new URL(link.path, window.location.origin).toString() : "";
  const text = link ? locationWords[link.language].here.sms.replace("{name}", site.name).replace("{url}", url) : "";
  // "?&body=" is read by both iPhone and Android messaging apps.
  const smsHref = link ? `sms:${phoneDigits(phone)}?&body=${encodeURIComponent(text)}` : "";

  return (
    <div className="space-y-2" data-testid="ask-for-location">
      <Button type="button" variant="outline" size="sm" onClick={() => ask.mutate()} disabled={ask.isPending}>
        Ask for the location
      </Button>
      {ask.isError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errorText(ask.error)}
        </p>
      )}
      {link && (
        <div className="space-y-2 rounded-md border border-slate-300 p-3">
          <p className="text-sm [overflow-wrap:anywhere]" data-testid="here-text">
            {text}
          </p>
          <p className="flex flex-wrap gap-2">
            <a href={smsHref} className={cn(buttonVariants({ variant: "primary", size: "sm" }))} data-testid="here-sms">
              <MessageSquare aria-hidden="true" />
              Text it from this phone
            </a>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() =>
                navigator.clipboard.writeText(text).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              <Copy aria-hidden="true" />
              {copied ? "Copied" : "Copy the text"}
            </Button>
          </p>
          <p className="text-xs text-slate-600">
            The link works for 24 hours. The position appears on this page as soon as the caller sends it.
          </p>
        </div>
      )}
    </div>
  );
}
