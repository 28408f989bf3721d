import type { Locale } from "../i18n/locales";

/**
 * Reviews: what the driver's request page, its island, the server and the desk agree on. No zod here:
 * the request page's island loads this file (the schemas are in review-schema.ts, the server's).
 */

/** A review can be changed for this many days after it was first written; then the page shows it read-only. */
export const REVIEW_EDIT_DAYS = 7;
export const REVIEW_EDIT_MS = REVIEW_EDIT_DAYS * 24 * 60 * 60 * 1000;
export const MAX_REVIEW_COMMENT_LENGTH = 1000;
export const REVIEW_STARS = [1, 2, 3, 4, 5] as const;
/** The specification's carousel has seven places: real reviews first, samples only in the places left. */
export const CAROUSEL_PLACES = 7;

/** Where the page's review form posts (JSON from the island, a plain form without JavaScript). */
export const reviewPath = (token: string) => `/api/request/${token}/review`;

/** The driver's own review, as their page shows it. */
export interface DriverReview {
  stars: number;
  comment: string;
  consent: boolean;
  /** When it was first written, and until when it can be changed (ISO). */
  writtenAt: string;
  editableUntil: string;
}

/** The review part of a request page: asked once the request is done; the driver's review if written. */
export interface RequestReviewState {
  /** The request is done: the page asks "How did it go?" (or shows the review). */
  asking: boolean;
  review: DriverReview | null;
  /** Whether the form can still send: done, and no review yet or one written less than 7 days ago. */
  editable: boolean;
}

/** One review in the desk's list: everything the owner decides on, and the driver's words as written. */
export interface DeskReview {
  id: number;
  stars: number;
  comment: string;
  consent: boolean;
  language: Locale;
  firstName: string;
  town: string | null;
  /** Null once the request was deleted (the review stays). */
  requestId: number | null;
  partnerCompany: string | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  hidden: boolean;
}

/** What the desk can do to a review: never change its words. */
export const reviewActions = ["publish", "unpublish", "hide", "unhide"] as const;
export type ReviewAction = (typeof reviewActions)[number];

/** The desk's refusal to publish a review the driver did not allow on the website. */
export const NO_CONSENT_MESSAGE =
  "This driver did not allow the review on the website, so it cannot be published. Only the driver can allow it, from their request page.";
export const HIDDEN_MESSAGE = "This review is hidden: unhide it first, then publish it.";
