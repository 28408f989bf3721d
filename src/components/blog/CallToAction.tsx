import { MessageSquare, Phone } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The box under every article: call now, or send a request. */
export function CallToAction({ phoneDisplay, telHref }: { phoneDisplay: string; telHref: string }) {
  return (
    <aside aria-labelledby="cta-title" className="rounded-xl bg-ink p-6 text-white sm:p-8">
      <h2 id="cta-title" className="text-2xl font-extrabold">
        Need a tow or roadside help now?
      </h2>
      <p className="mt-2 text-slate-300">
        Our dispatchers answer day and night, across Stockton and nearby towns. If anyone is hurt or in danger, call 911
        first.
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <a href={telHref}>
            <Phone aria-hidden="true" />
            Call {phoneDisplay}
          </a>
        </Button>
        <Button
          asChild
          size="lg"
          variant="outline"
          className="border-white bg-transparent text-white hover:bg-white/10"
        >
          <a href="/contact">
            <MessageSquare aria-hidden="true" />
            Request service online
          </a>
        </Button>
      </div>
    </aside>
  );
}
