import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Locale, locales, preferredLocale } from "../../../src/i18n/locales";
import { fill, ui } from "../../../src/i18n/ui";
import { driverStatusOf, requestPagePath } from "../../../src/shared/request-page";
import { REVIEW_EDIT_DAYS } from "../../../src/shared/review";
import { site as business } from "../../../src/shared/site";
import type { RateLimitOptions } from "../../config";
import type { Db } from "../../db/client";
import type { AlertChannel, ServiceRequestRow } from "../../db/schema";
import { sendFilledPage } from "../../http-encoding";
import { privateLink } from "../../shared/private-link";
import { PRIVATE_PAGE_HEADERS } from "../../shared/private-page-headers";
import type { SiteFiles } from "../../site-files";
import { reviewOfRequest, reviewState } from "../reviews/store";
import driverAnswerRoutes from "./answer-routes";
import { problemPage, requestPageRenderer } from "./render";
import { type LiveRow, type PageRow, pageFacts, pageLive, requestByPageToken } from "./store";
import streamRoutes from "./stream-routes";

interface RequestPageRouteOptions {
  db: Db;
  site: SiteFiles;
  /** Token lookups (page, live updates, cancel) per client per window. */
  rateLimit: RateLimitOptions;
  /** The clock links expire by and cancels are stamped with; tests move it. */
  now: () => Date;
  /** A cancel queues an owner's alert on each of these channels, in the same transaction. */
  alertChannels: readonly AlertChannel[];
  /** PARTNER_PHONE_TO_DRIVER: the page shows the accepting partner's phone (off unless the business turns it on). */
  partnerPhoneToDriver?: boolean;
  /**
   * How often an open stream says it is alive (REQUEST_EVENTS_HEARTBEAT_MS, or less: half the server's
   * idle timeout, which would otherwise close a quiet stream).
   */
  heartbeatMs?: number;
}

/**
 * What the server says about a request page, in one language: the request's own when the answer is
 * about a request it found, else the one the browser prefers (a page's island asks in its page's).
 * Every one names the phone number.
 */
const pageWords = (locale: Locale) => {
  const t = ui[locale].requestPage;
  const callUs = fill(ui[locale].refusal.callUs, { phone: business.phone.display });
  return {
    crossSite: fill(t.crossSite, { callUs }),
    notCancellable: (row: ServiceRequestRow) =>
      fill(t.notCancellable, { status: t.statuses[driverStatusOf[row.status]], callUs }),
    tooMany: (seconds: number) => fill(t.tooMany, { seconds, callUs }),
    streamsPerClient: (max: number) => fill(t.streamsPerClient, { max, callUs }),
    streamsServer: fill(t.streamsServer, { callUs }),
    tryAgain: fill(t.tryAgain, { callUs }),
    reasonUnreadable: t.reasonUnreadable,
    waitTitle: t.waitTitle,
    notCancelledTitle: t.notCancelledTitle,
    reviewUnreadable: ui[locale].reviews.unreadable,
    reviewNotDone: fill(ui[locale].reviews.notDone, { callUs }),
    reviewClosed: fill(ui[locale].reviews.closed, { days: REVIEW_EDIT_DAYS, callUs }),
    reviewNotSavedTitle: ui[locale].reviews.notSavedTitle,
  };
};
const words = Object.fromEntries(locales.map((l) => [l, pageWords(l)])) as Record<Locale, ReturnType<typeof pageWords>>;

/** The language of an answer that found no request (or looked none up): the browser's. */
const askedLocale = (request: FastifyRequest) => preferredLocale(request.headers["accept-language"]);

/**
 * The driver's request page and what it asks of the server:
 * - GET /request/{token}: the page, filled in (works without JavaScript; a reload shows the current status);
 * - GET /api/request/{token}/events: Server-Sent Events with the live part, sent at once and at every change
 *   (open streams are capped per client and per process: past the cap, 429 with Retry-After);
 * - GET /api/request/{token}/state: the live part once, as JSON, for a page whose stream was refused;
 * - POST /api/request/{token}/cancel and …/review: the driver's answers (answer-routes.ts).
 * Unknown, malformed, deleted and expired tokens all get the private links' one 404 after the same
 * work (one hash, one query), and every lookup counts against the client's limit before it is made
 * (server/shared/private-link.ts).
 */
export default async function requestPageRoutes(app: FastifyInstance, opts: RequestPageRouteOptions) {
  const { db, now } = opts;
  const live = (row: LiveRow) => pageLive(row, opts.partnerPhoneToDriver === true);
  const render = Object.fromEntries(
    locales.map((l) => [l, requestPageRenderer(opts.site.requestPageShells[l], l)]),
  ) as Record<Locale, ReturnType<typeof requestPageRenderer>>;
  await app.register(formbody);
  app.removeContentTypeParser("text/plain");

  const link = privateLink<PageRow>(app, {
    counter: "request-page",
    rateLimit: opts.rateLimit,
    now,
    find: (tokenSha256, at) => requestByPageToken(db, tokenSha256, at),
    tooMany: (request, seconds) => words[askedLocale(request)].tooMany(seconds),
    tooManyPage: (request, message, token) => {
      const locale = askedLocale(request);
      return problemPage(words[locale].waitTitle, message, requestPagePath(token), locale);
    },
  });

  link.page("/request/*", async (row, token, request, reply) => {
    const review = reviewState(row, await reviewOfRequest(db, row.id), now());
    const html = render[row.language](pageFacts(row), live(row), token, review, now());
    return sendFilledPage(request, reply.headers(PRIVATE_PAGE_HEADERS), html);
  });

  // The feed the streams follow and their places: this process's open pages (open-pages.ts).
  await app.register(streamRoutes, { ...opts, ...app.requestPages, link, live, words, askedLocale });
  await app.register(driverAnswerRoutes, {
    db,
    now,
    alertChannels: opts.alertChannels,
    link,
    words,
    askedLocale,
    live,
  });
}
