import { type Locale, languageTag } from "@/i18n/locales";
import { fill, ui } from "@/i18n/ui";
import { site, telHref } from "@/shared/site";
import type { RequestIslandsWords } from "./islands";
import type { RequestLiveStrings } from "./RequestLive";
import type { RequestReviewStrings } from "./RequestReview";

/** The islands' words in `locale`, from the dictionary; those that name the phone come filled in. */
function islandWords(locale: Locale): { live: RequestLiveStrings; review: RequestReviewStrings } {
  const t = ui[locale].requestPage;
  const phone = { phone: site.phone.display };
  const { email: _email, carousel: _carousel, notDone: _notDone, closed: _closed, ...reviews } = ui[locale].reviews;
  return {
    live: {
      statusHeading: t.statusHeading,
      statuses: t.statuses,
      hints: t.hints,
      messageHeading: t.messageHeading,
      partner: t.partner,
      cancelSummary: t.cancelSummary,
      cancelExplained: t.cancelExplained,
      reasonLabel: t.reasonLabel,
      cancelButton: t.cancelButton,
      cancelling: t.cancelling,
      cancelledOn: t.cancelledOn,
      gone: t.gone,
      stopped: t.stopped,
      reload: t.reload,
      toSeeLatest: t.toSeeLatest,
      call: fill(t.call, phone),
      notCancelled: fill(t.notCancelled, phone),
      offline: fill(t.offline, phone),
    },
    review: { ...reviews, failed: fill(reviews.failed, { callUs: fill(ui[locale].refusal.callUs, phone) }) },
  };
}

/** The islands' words in `locale`: the same for every request's page in it. */
export function requestIslandsWords(locale: Locale): RequestIslandsWords {
  const words = islandWords(locale);
  const common = { timeZone: site.timeZone, languageTag: languageTag[locale] };
  return { live: { ...common, strings: words.live, telHref }, review: { ...common, strings: words.review } };
}
