import type * as cheerio from "cheerio";
import { type Locale, languageTag } from "../../../src/i18n/locales";
import { fill, ui } from "../../../src/i18n/ui";
import { formatPageTime } from "../../../src/shared/request-page";
import {
  MAX_REVIEW_COMMENT_LENGTH,
  REVIEW_EDIT_DAYS,
  REVIEW_STARS,
  type RequestReviewState,
  reviewPath,
} from "../../../src/shared/review";
import { reviewLook as look } from "../../../src/shared/review-look";
import { site } from "../../../src/shared/site";

type Page = cheerio.CheerioAPI;
type Node = ReturnType<Page>;

/**
 * The request page's "How did it go?" part as a browser without JavaScript gets it (a plain form that
 * posts and comes back with a 303), with the same elements and classes as the island
 * (src/components/request/RequestReview.tsx). Built with cheerio: the driver's comment is set as text.
 * Nothing at all while the request is not done and has no review.
 */
export function reviewSection($: Page, state: RequestReviewState, token: string, locale: Locale): Node[] {
  if (!state.asking) return [];
  const t = ui[locale].reviews;
  const when = (iso: string) => formatPageTime(iso, site.timeZone, languageTag[locale]);
  const section = $("<section>")
    .attr({ id: "review", "aria-labelledby": "review-heading", "data-testid": "request-review" })
    .addClass(look.card)
    .append($("<h2>").attr("id", "review-heading").addClass(look.heading).text(t.heading));
  const review = state.review;
  if (!state.editable) {
    if (!review) return [];
    section
      .append(
        $("<p>")
          .addClass(look.text)
          .text(fill(t.rated, { stars: review.stars })),
      )
      .append(review.comment ? $("<p>").addClass(look.quote).text(review.comment) : [])
      .append(
        $("<p>")
          .addClass(look.text)
          .text(review.consent ? t.consentGiven : t.consentNotGiven),
      )
      .append(
        $("<p>")
          .addClass(look.text)
          .text(fill(t.readOnly, { days: REVIEW_EDIT_DAYS })),
      );
    return [section];
  }
  if (review) {
    section.append(
      $("<p>")
        .addClass(look.saved)
        .attr("role", "status")
        .text(`${t.saved} ${fill(t.editableUntil, { date: when(review.editableUntil) })}`),
    );
  } else section.append($("<p>").addClass(look.text).text(t.intro));

  const stars = $("<div>").addClass(look.starsRow);
  for (const n of REVIEW_STARS) {
    const input = $("<input>")
      .attr({ type: "radio", name: "stars", value: String(n), required: "" })
      .addClass(look.starInput);
    if (review?.stars === n) input.attr("checked", "");
    stars.append(
      $("<label>")
        .addClass(look.star)
        .append(input)
        .append($("<span>").attr("aria-hidden", "true").addClass(look.starGlyph).text("★"))
        .append(
          $("<span>")
            .addClass("sr-only")
            .text(t.stars[String(n) as keyof typeof t.stars]),
        ),
    );
  }
  const consent = $("<input>")
    .attr({
      type: "checkbox",
      id: "review-consent",
      name: "consent",
      value: "on",
      "aria-describedby": "review-consent-hint",
    })
    .addClass(look.checkbox);
  if (review?.consent) consent.attr("checked", "");
  const form = $("<form>")
    .attr({ method: "post", action: reviewPath(token) })
    .addClass(look.form)
    .append(
      $("<fieldset>")
        .addClass(look.fieldset)
        .append($("<legend>").addClass(look.legend).text(t.starsLegend))
        .append(stars),
    )
    .append(
      $("<div>")
        .append($("<label>").attr("for", "review-comment").addClass(look.label).text(t.commentLabel))
        .append(
          $("<p>")
            .attr("id", "review-comment-hint")
            .addClass(look.hint)
            .text(fill(t.commentHint, { max: MAX_REVIEW_COMMENT_LENGTH })),
        )
        .append(
          $("<textarea>")
            .attr({
              id: "review-comment",
              name: "comment",
              rows: "4",
              maxlength: String(MAX_REVIEW_COMMENT_LENGTH),
              "aria-describedby": "review-comment-hint",
            })
            .addClass(look.input)
            .text(review?.comment ?? ""),
        ),
    )
    .append(
      $("<div>")
        .append(
          $("<div>")
            .addClass(look.consentRow)
            .append(consent)
            .append($("<label>").attr("for", "review-consent").addClass(look.consentLabel).text(t.consentLabel)),
        )
        .append($("<p>").attr("id", "review-consent-hint").addClass(look.hint).text(t.consentHint)),
    )
    .append(
      $("<button>")
        .attr("type", "submit")
        .addClass(look.button)
        .text(review ? t.update : t.submit),
    );
  section.append(form);
  return [section];
}
