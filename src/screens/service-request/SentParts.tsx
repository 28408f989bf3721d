import type { Locale } from "@/i18n/locales";
import { ui } from "@/i18n/ui";
import { requestPagePath } from "@/shared/request-page";

/**
 * The parts of the confirmation page (/contact/sent) a form posted without JavaScript lands on, which
 * the server renders from the redirect's address (server/features/service-requests/form-pages.tsx):
 * the request's number, and the link to its own page.
 */
export function SentNumber({ id, locale }: { id: number; locale: Locale }) {
  const [before = "", after = ""] = ui[locale].refusal.numberLine.split("{number}");
  return (
    <p className="text-lg text-ink" data-testid="request-number">
      {before}
      <strong>{`#${String(id)}`}</strong>
      {after}
    </p>
  );
}

export function SentPageLink({ token, locale }: { token: string; locale: Locale }) {
  const t = ui[locale].confirmation.pageLink;
  return (
    <p data-testid="request-page-link">
      {t.before}
      <a className="font-semibold text-brand-800 underline" href={requestPagePath(token)}>
        {t.link}
      </a>
      {t.after}
    </p>
  );
}
