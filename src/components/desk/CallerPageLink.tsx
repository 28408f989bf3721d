import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Copy, MessageSquare } from "lucide-react";
import { useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { fill, ui } from "@/i18n/ui";
import type { DeskPageLink } from "@/shared/desk-schema";
import { phoneDigits } from "@/shared/service-request-schema";
import { site } from "@/shared/site";
import { deskSend, errorText } from "./query-client";

/**
 * The links to callers' pages made on this page, by request: the server keeps only their hashes, so a
 * link is shown again only while the page lives (reopening the request shows Text and Copy at once).
 */
const madeHere = new Map<number, DeskPageLink>();
export const rememberCallerPage = (requestId: number, link: DeskPageLink) => madeHere.set(requestId, link);

interface Props {
  requestId: number;
  /** The caller's phone, for the sms: link. */
  phone: string;
}

/**
 * A phone-in caller's own page (/request/{token}) on their request: Text (an sms: link with the words
 * in the caller's language) and Copy. When no link made on this page is known, one tap makes a fresh
 * one, which replaces the one the desk made before.
 */
export function CallerPageLink({ requestId, phone }: Props) {
  const client = useQueryClient();
  const [link, setLink] = useState(() => madeHere.get(requestId));
  const [copied, setCopied] = useState(false);
  const make = useMutation({
    mutationFn: async () => {
      const res = await deskSend(client, "POST", `/api/desk/requests/${requestId}/page-link`);
      return (await res.json()) as DeskPageLink;
    },
    onSuccess: (made) => {
      rememberCallerPage(requestId, made);
      setLink(made);
      setCopied(false);
    },
  });
  const url = link ? new URL(link.path, window.location.origin).toString() : "";
  const text = link ? fill(ui[link.language].callerText, { name: site.name, number: requestId, url }) : "";
  // "?&body=" is read by both iPhone and Android messaging apps.
  const smsHref = `sms:${phoneDigits(phone)}?&body=${encodeURIComponent(text)}`;

  return (
    <div className="space-y-2" data-testid="caller-page-link">
      {link ? (
        <>
          <p className="text-sm [overflow-wrap:anywhere]" data-testid="caller-page-text">
            {text}
          </p>
          <p className="flex flex-wrap gap-2">
            <a href={smsHref} className={cn(buttonVariants({ variant: "primary", size: "sm" }))}>
              <MessageSquare aria-hidden="true" />
              Text the caller their page
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
        </>
      ) : (
        <p className="text-sm text-slate-600">
          Only a fingerprint of the link is kept, so it cannot be shown again: make a new one to text.
        </p>
      )}
      <Button type="button" variant="outline" size="sm" onClick={() => make.mutate()} disabled={make.isPending}>
        {link ? "Make a new link (the one before stops working)" : "Make a link to the caller's page"}
      </Button>
      {make.isError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errorText(make.error)}
        </p>
      )}
    </div>
  );
}
