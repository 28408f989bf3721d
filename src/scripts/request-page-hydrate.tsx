/**
 * The driver's request page made live: hydrates the two islands the server rendered
 * (server/features/request-page/render.tsx) with the props it rendered them from (the words in the
 * shell, the request's data written per page), so React takes over the very markup it finds. Loaded
 * by the page's script (request-page.ts) once the page has been painted.
 */
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { readJsonScript } from "@/screens/page/JsonScript";
import {
  REQUEST_ISLANDS_DATA_ID,
  REQUEST_ISLANDS_WORDS_ID,
  REQUEST_LIVE_ROOT_ID,
  REQUEST_REVIEW_ROOT_ID,
  type RequestIslandsData,
  type RequestIslandsWords,
  requestIslandsProps,
} from "@/screens/request/islands";
import { RequestLive } from "@/screens/request/RequestLive";
import { RequestReview } from "@/screens/request/RequestReview";

const words = readJsonScript<RequestIslandsWords>(REQUEST_ISLANDS_WORDS_ID);
const data = readJsonScript<RequestIslandsData>(REQUEST_ISLANDS_DATA_ID);
const liveRoot = document.getElementById(REQUEST_LIVE_ROOT_ID);
const reviewRoot = document.getElementById(REQUEST_REVIEW_ROOT_ID);
if (words && data && liveRoot && reviewRoot) {
  const props = requestIslandsProps(words, data);
  // In a transition, as Astro's own renderer hydrates its islands: React hydrates in slices and yields
  // to the browser between them. A bare hydrateRoot hydrates in one task that no frame or tap can pass.
  startTransition(() => {
    hydrateRoot(liveRoot, <RequestLive {...props.live} />);
    hydrateRoot(reviewRoot, <RequestReview {...props.review} />);
  });
}
