import { ChevronRight, Clock, MapPin, Phone } from "lucide-react";
import { CallActions } from "@/components/call/CallActions";
import { IconLinkList } from "@/components/ui/icon-link-list";
import type { Locale } from "@/i18n/locales";
import { fill, ui } from "@/i18n/ui";
import type { NavItem } from "@/lib/navigation";
import { PhoneText } from "@/screens/common/PhoneText";

interface HeroProps {
  phoneDisplay: string;
  telHref: string;
  hoursLabel: string;
  areas: string[];
  services: NavItem[];
  locale: Locale;
  /** The towns' page in the hero's language. */
  areasHref: string;
}

/**
 * The home page's first screen. On a phone: the title, a sentence and the two actions. On a wide
 * screen the right half answers the next questions at a glance: which services, which number,
 * which towns.
 */
export function Hero({ phoneDisplay, telHref, hoursLabel, areas, services, locale, areasHref }: HeroProps) {
  const t = ui[locale].home;
  return (
    <section className="relative overflow-hidden bg-ink text-white" aria-labelledby="hero-title">
      <div
        className="absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,rgba(245,158,11,0.35),transparent_55%)]"
        aria-hidden="true"
      />
      <div className="relative mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-12 sm:py-20 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-center">
        <div>
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-brand-400">
            <Clock className="size-4" aria-hidden="true" />
            {hoursLabel}
          </p>
          <h1
            id="hero-title"
            className="max-w-3xl text-[clamp(1.75rem,9vw,2.25rem)] font-extrabold tracking-tight sm:text-6xl"
          >
            {t.heroTitle}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-300 sm:text-xl" data-testid="hero-referral">
            {fill(t.heroLead, { count: areas.length - 1 })}
          </p>
          <div className="mt-8">
            <CallActions
              telHref={telHref}
              callLabel={fill(ui[locale].call.call, { phone: phoneDisplay })}
              requestHref="#contact"
              requestLabel={ui[locale].call.requestOnline}
              placement="hero"
            />
          </div>
          {/* On a phone the towns are the next question, and the list below is screens away: one tap. */}
          <p className="mt-6 flex gap-2 text-slate-300 lg:hidden" data-testid="hero-towns">
            <MapPin className="mt-1 size-4 shrink-0 text-brand-400" aria-hidden="true" />
            <a href={areasHref} className="font-medium text-white underline underline-offset-2 hover:text-brand-100">
              {fill(t.heroTowns, { towns: areas.join(", ") })}
            </a>
          </p>
        </div>
        <aside
          className="hidden rounded-2xl border border-white/15 bg-white/5 p-6 backdrop-blur lg:block"
          aria-label={t.atAGlance}
          data-testid="hero-glance"
        >
          <a
            href={telHref}
            data-placement="hero"
            className="flex items-center gap-3 rounded-lg bg-brand-500 px-4 py-3 text-2xl font-extrabold text-ink hover:bg-brand-400"
          >
            <Phone className="size-6" aria-hidden="true" />
            <PhoneText text={phoneDisplay} />
          </a>
          <h2 className="mt-6 text-sm font-bold tracking-wide text-brand-400 uppercase">{t.glanceServices}</h2>
          <IconLinkList
            links={services}
            icon={ChevronRight}
            className="mt-2 grid grid-cols-2 gap-x-3"
            linkClassName="flex min-h-8 items-center gap-1 text-sm text-slate-200 hover:text-white hover:underline"
            iconClassName="size-4 shrink-0 text-brand-400"
          />
          <h2 className="mt-5 text-sm font-bold tracking-wide text-brand-400 uppercase">{t.glanceTowns}</h2>
          <p className="mt-2 flex gap-2 text-sm text-slate-300">
            <MapPin className="size-4 shrink-0 text-brand-400" aria-hidden="true" />
            {areas.join(" · ")}
          </p>
        </aside>
      </div>
    </section>
  );
}
