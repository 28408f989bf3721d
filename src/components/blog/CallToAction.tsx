import { CallActions } from "@/components/call/CallActions";
import type { Locale } from "@/i18n/locales";
import { localizeHref } from "@/i18n/locales";
import { fill, ui } from "@/i18n/ui";

/** The box under every article: call now, or send a request. */
export function CallToAction({
  phoneDisplay,
  telHref,
  locale = "en",
}: {
  phoneDisplay: string;
  telHref: string;
  locale?: Locale;
}) {
  const t = ui[locale];
  return (
    <aside aria-labelledby="cta-title" className="rounded-xl bg-ink p-6 text-white sm:p-8">
      <h2 id="cta-title" className="text-2xl font-extrabold">
        {t.cta.title}
      </h2>
      <p className="mt-2 text-slate-300">{t.cta.text}</p>
      <div className="mt-5">
        <CallActions
          telHref={telHref}
          callLabel={fill(t.call.call, { phone: phoneDisplay })}
          requestHref={localizeHref("/contact", locale)}
          requestLabel={t.call.requestOnline}
          placement="page_body"
        />
      </div>
    </aside>
  );
}
