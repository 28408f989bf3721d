import { renderToStaticMarkup } from "react-dom/server";
import { offerPage as t } from "../../../src/i18n/en/offer-page";
import { OfferBody, OfferHeading } from "../../../src/screens/offer/OfferPage";
import { ProblemPage } from "../../../src/screens/page/ProblemPage";
import type { OfferPageState } from "../../../src/shared/partner-schema";
import { site, telHref } from "../../../src/shared/site";
import { htmlDocument, shellFiller } from "../../shared/slotted-shell";
import { townNamedIn } from "./dropoff-town";
import type { FoundOffer } from "./store";

/**
 * A partner's offer page, rendered for one offer into the built shell (src/views/OfferPage.astro) with
 * the components of src/screens/offer/: React sets every text as text and every attribute as an
 * attribute, so nothing the driver, the owner or a partner typed can become markup. Forms only, no
 * island: it works without JavaScript, and a reload shows where the job stands.
 *
 * Before acceptance the page shows what a partner needs to decide and nothing that names or finds the
 * driver: the service, the pickup's nearest town and distance, the drop-off's town when its words name
 * one, the vehicle as given and the time of the request. After acceptance it shows what California
 * Vehicle Code section 22513(a)(2)(A) asks of "a towing company or the owner or operator of a tow truck
 * summoned, or alleging it was summoned, to the scene by the owner or operator of a disabled vehicle":
 * to "possess all of the following information in writing prior to arriving at the scene" (the
 * section as amended by AB 1222, Stats. 2015 ch. 309; text checked at
 * https://lawserver.com/law/state/california/codes/california_vehicle_code_22513), and the bill's
 * digest adds that a writing includes an electronic record, so this page is that writing. The section's
 * four items (text checked again at getpocketlaw.com's copy of section 22513) and where each is here
 * (src/screens/offer/JobRecord.tsx): (i) "the first and last name and working telephone number of the
 * person who summoned it": the driver's name and phone; (ii) "the make, model, year, and license plate
 * number of the disabled vehicle": the vehicle as the driver gave it, and the desk's year, make, model
 * and plate; (iii) "the date and time it was summoned": the acceptance, with its date; (iv) "the name
 * of the person who obtained the information in clauses (i), (ii), and (iii)": the business, which took
 * the driver's request, with its phone. The pickup and drop-off, with map links, are for the job itself.
 */

const SLOTS = ["offer-heading", "offer-body"] as const;

/** `now` is the server's clock (tests move it): the deadline's "6 min left" is written as of it. */
export type OfferPageRenderer = (found: FoundOffer, state: OfferPageState, token: string, now?: Date) => string;

/** Makes the renderer of the built shell (or of a bare page when the site is not built); `towns` are the towns served. */
export function offerPageRenderer(shell: string | undefined, towns: readonly string[]): OfferPageRenderer {
  const fillShell = shellFiller(shell, SLOTS, {
    name: "offer page",
    view: "src/views/OfferPage.astro",
    lang: "en",
    title: t.title,
  });
  const townIn = (place: string) => townNamedIn(place, towns);
  return (found, state, token, now = new Date()) =>
    fillShell({
      "offer-heading": renderToStaticMarkup(<OfferHeading job={found} state={state} />),
      "offer-body": renderToStaticMarkup(
        <OfferBody job={found} state={state} token={token} townNamedIn={townIn} now={now} />,
      ),
    });
}

/** A short page for a refused form post or lookups over the limit, with the way back and the phone. */
export function offerProblemPage(heading: string, message: string, pageHref: string): string {
  const words = { title: t.problemTitle, heading, message, back: t.back };
  return htmlDocument(
    <ProblemPage lang="en" words={words} pageHref={pageHref}>
      <p>
        <a href={telHref}>{site.phone.display}</a>
      </p>
    </ProblemPage>,
  );
}
