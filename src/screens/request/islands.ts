import type { RequestPageLive } from "@/shared/request-page";
import type { RequestReviewState } from "@/shared/review";
import type { RequestLiveProps } from "./RequestLive";
import type { RequestReviewProps } from "./RequestReview";

/**
 * How the driver's request page hands its two islands (RequestLive, RequestReview) their props. Their
 * words are the same for every request in a language, so the build writes them into the page's shell
 * (src/views/DriverRequestPage.astro, from requestIslandsWords); the request's own data the server writes per
 * page. The server renders each island from both (server/features/request-page/render.tsx); the page's
 * script (src/scripts/request-page-hydrate.tsx) reads both back and hydrates the same components with the same
 * props, so React finds the very markup it would draw.
 */
export const REQUEST_LIVE_ROOT_ID = "request-live";
export const REQUEST_REVIEW_ROOT_ID = "request-review-root";
/** <script type="application/json"> elements: the islands' words (RequestIslandsWords), and one request's data. */
export const REQUEST_ISLANDS_WORDS_ID = "request-islands-words";
export const REQUEST_ISLANDS_DATA_ID = "request-islands-data";

type PerRequest = "initial" | "token" | "now";
export interface RequestIslandsWords {
  live: Omit<RequestLiveProps, PerRequest>;
  review: Omit<RequestReviewProps, PerRequest>;
}

/** One request's part of the props. */
export interface RequestIslandsData {
  live: RequestPageLive;
  review: RequestReviewState;
  token: string;
  /** The server's clock (ms): the minutes left to the partner's estimated arrival are counted from it. */
  now: number;
}

/** The islands' props: the language's words with one request's data. */
export const requestIslandsProps = (words: RequestIslandsWords, data: RequestIslandsData) => ({
  live: { ...words.live, initial: data.live, token: data.token, now: data.now } satisfies RequestLiveProps,
  review: { ...words.review, initial: data.review, token: data.token } satisfies RequestReviewProps,
});
