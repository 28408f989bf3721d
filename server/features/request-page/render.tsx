import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { type Locale, languageTag } from "../../../src/i18n/locales";
import { fill, ui } from "../../../src/i18n/ui";
import { JsonScript } from "../../../src/screens/page/JsonScript";
import { ProblemPage } from "../../../src/screens/page/ProblemPage";
import { REQUEST_ISLANDS_DATA_ID, requestIslandsProps } from "../../../src/screens/request/islands";
import { requestIslandsWords } from "../../../src/screens/request/props";
import { RequestFacts, RequestHeading } from "../../../src/screens/request/RequestFacts";
import { RequestLive } from "../../../src/screens/request/RequestLive";
import { RequestReview } from "../../../src/screens/request/RequestReview";
import type { RequestPageFacts, RequestPageLive } from "../../../src/shared/request-page";
import type { RequestReviewState } from "../../../src/shared/review";
import { site } from "../../../src/shared/site";
import { htmlDocument, shellFiller } from "../../shared/slotted-shell";

/**
 * The driver's request page, rendered for one request in the request's language. The build writes
 * the page around it, once per language (src/views/DriverRequestPage.astro: layout, call band, the page's
 * script, the islands' words); the server renders the request into its empty slots with the
 * components of src/screens/request/, and writes the request's data beside them, from which the page's
 * script hydrates the islands with the very props they were rendered with. React sets every text as text and every attribute as an attribute: what the
 * driver or the owner typed can never become markup.
 */

/** The slots of src/views/DriverRequestPage.astro. */
const REQUEST_PAGE_SLOTS = [
  "request-heading",
  "request-live",
  "request-review",
  "request-data",
  "request-facts",
] as const;

type RequestPageRenderer = (
  facts: RequestPageFacts,
  live: RequestPageLive,
  token: string,
  review: RequestReviewState,
  /** The server's clock: the minutes left to the partner's estimated arrival are counted from it. */
  now: Date,
) => string;

/** Makes the renderer of one language's built shell (or of a bare page when the site is not built). */
export function requestPageRenderer(shell: string | undefined, locale: Locale): RequestPageRenderer {
  const fillShell = shellFiller(shell, REQUEST_PAGE_SLOTS, {
    name: "request page",
    view: "src/views/DriverRequestPage.astro",
    lang: languageTag[locale],
    title: ui[locale].requestPage.title,
  });
  const words = requestIslandsWords(locale);
  return (facts, live, token, review, now) => {
    const data = { live, review, token, now: now.getTime() };
    const props = requestIslandsProps(words, data);
    return fillShell({
      "request-heading": renderToStaticMarkup(<RequestHeading number={facts.id} locale={locale} />),
      // Hydrated by the page's script: rendered with React's markers, from the props written beside.
      "request-live": renderToString(<RequestLive {...props.live} />),
      "request-review": renderToString(<RequestReview {...props.review} />),
      "request-data": renderToStaticMarkup(<JsonScript id={REQUEST_ISLANDS_DATA_ID} value={data} />),
      "request-facts": renderToStaticMarkup(<RequestFacts facts={facts} locale={locale} />),
    });
  };
}

/** A short page for a browser without JavaScript: a refused cancel, or lookups over the limit; in the page's language. */
export function problemPage(heading: string, message: string, pageHref: string, locale: Locale): string {
  const t = ui[locale].requestPage;
  const words = { title: t.problemTitle, heading, message, back: t.back };
  return htmlDocument(
    <ProblemPage lang={languageTag[locale]} words={words} pageHref={pageHref}>
      <p>
        {t.needHelp} <a href={`tel:${site.phone.e164}`}>{fill(t.call, { phone: site.phone.display })}</a>.
      </p>
    </ProblemPage>,
  );
}
