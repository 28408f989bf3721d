import { renderToStaticMarkup } from "react-dom/server";
import { type Locale, languageTag } from "../../../src/i18n/locales";
import { locationWords } from "../../../src/i18n/location";
import { fill } from "../../../src/i18n/ui";
import { HereSaid as HereSaidPart, type HereSaidState } from "../../../src/screens/here/HereSaid";

import { site } from "../../../src/shared/site";
import { shellFiller } from "../../shared/slotted-shell";

export type { HereSaidState as HereSaid };

/**
 * The caller's location page (/here/{token}). The build writes it once per language
 * (src/views/HerePage.astro: the site's header and look, the button, the place form, the call button,
 * the notice); the server serves the one in the request's language and renders into its one slot what
 * it has to say about a place posted without JavaScript (src/screens/here/HereSaid.tsx).
 */

const HERE_PAGE_SLOTS = ["here-said"] as const;

/** What the bare page (the site not built: API-only tests) shows after its slot: the heading, the button, the form, the call link. */
function bareControls(locale: Locale) {
  const t = locationWords[locale].here;
  return (
    <>
      <h1>{fill(t.heading, { name: site.name })}</h1>
      <button type="button" id="send-location" hidden>
        {t.button}
      </button>
      <div role="status" id="here-status" />
      <form method="post" id="here-place-form">
        <label htmlFor="here-place">{t.placeLabel}</label>
        <input id="here-place" name="place" required />
        <button type="submit">{t.placeButton}</button>
      </form>
      <a href={`tel:${site.phone.e164}`}>{fill(t.call, { phone: site.phone.display })}</a>
    </>
  );
}

/** The page in `locale` from its built shell (or the bare one), filled per answer. */
export function herePageRenderer(shell: string | undefined, locale: Locale): (said: HereSaidState) => string {
  const fillShell = shellFiller(shell, HERE_PAGE_SLOTS, {
    name: "location page",
    view: "src/views/HerePage.astro",
    lang: languageTag[locale],
    title: locationWords[locale].here.title,
    script: "/here.js",
    children: bareControls(locale),
  });
  const words = locationWords[locale].here;
  return (said) => fillShell({ "here-said": renderToStaticMarkup(<HereSaidPart said={said} words={words} />) });
}
