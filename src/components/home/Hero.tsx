import { Clock } from "lucide-react";
import { CallActions } from "@/components/ui/call-actions";

export interface HeroProps {
  phoneDisplay: string;
  telHref: string;
  hoursLabel: string;
  areasCount: number;
}

export function Hero({ phoneDisplay, telHref, hoursLabel, areasCount }: HeroProps) {
  return (
    <section className="relative overflow-hidden bg-ink text-white" aria-labelledby="hero-title">
      <div
        className="absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,rgba(245,158,11,0.35),transparent_55%)]"
        aria-hidden="true"
      />
      <div className="relative mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-brand-400">
          <Clock className="size-4" aria-hidden="true" />
          {hoursLabel}
        </p>
        <h1 id="hero-title" className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
          Towing Service in Stockton, CA
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-300 sm:text-xl">
          Stuck on the side of the road? A local tow truck, jump start, tire change, fuel or lockout help, day or night,
          across Stockton and {areasCount - 1} nearby towns.
        </p>
        <div className="mt-8">
          <CallActions phoneDisplay={phoneDisplay} telHref={telHref} requestHref="#contact" />
        </div>
      </div>
    </section>
  );
}
