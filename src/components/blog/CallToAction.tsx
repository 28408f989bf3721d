import { CallActions } from "@/components/call/CallActions";

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
      <div className="mt-5">
        <CallActions phoneDisplay={phoneDisplay} telHref={telHref} requestHref="/contact" />
      </div>
    </aside>
  );
}
