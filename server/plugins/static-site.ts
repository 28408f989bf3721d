import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { type Locale, localeOfPath } from "../../src/i18n/locales";
import type { FilledPage } from "../features/reviews/home-carousel";
import { acceptedCoding } from "../http-encoding";
import type { SiteFiles } from "../site-files";

export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
export const CACHE_REVALIDATE = "public, max-age=0, must-revalidate";
const CACHE_ASSET = "public, max-age=86400";

function cacheControlFor(file: string): string {
  if (file.startsWith("_astro/")) return CACHE_IMMUTABLE; // names carry a content hash
  if (file.endsWith(".html") || file.endsWith(".xml") || file.endsWith(".txt")) return CACHE_REVALIDATE;
  return CACHE_ASSET;
}

interface StaticSiteOptions {
  site: SiteFiles;
  /**
   * Pages the server fills in at request time (the home pages, with the published reviews), by
   * address. Should filling one fail (the database is away), the built page is served as it is.
   */
  filledPages?: Map<string, () => Promise<FilledPage>>;
}

const sendPage = (reply: FastifyReply, file: string) => {
  reply.header("Cache-Control", cacheControlFor(file));
  return reply.sendFile(file);
};

/** A filled page as the browser accepts it (brotli, gzip or plain), with an ETag it can revalidate. */
const sendFilled = (request: FastifyRequest, reply: FastifyReply, page: FilledPage) => {
  reply.header("Cache-Control", CACHE_REVALIDATE).header("ETag", page.etag).header("Vary", "Accept-Encoding");
  const seen = request.headers["if-none-match"];
  if (typeof seen === "string" && seen.split(",").some((tag) => tag.trim().replace(/^W\//, "") === page.etag)) {
    return reply.code(304).send();
  }
  const coding = acceptedCoding(request.headers["accept-encoding"]);
  reply.type("text/html; charset=utf-8");
  if (coding) return reply.header("Content-Encoding", coding).send(page[coding]);
  return reply.send(page.identity);
};

const apiNotFound = (reply: FastifyReply, method: string, url: string) =>
  reply.code(404).send({
    error: "Not Found",
    message: `There is no API route ${method} ${url.split("?")[0]}.`,
    code: "not_found",
  });

/** reply.sendNotFoundPage: the site's 404 page, in the visitor's language. */
function notFoundPageSender(site: SiteFiles) {
  return function sendNotFoundPage(this: FastifyReply, locale?: Locale) {
    // A missing address under /es/ gets the Spanish page: the visitor was reading Spanish. An address
    // without a language of its own (a request page's) says which language the caller chose.
    const spanish = (locale ?? localeOfPath(this.request.url.split("?")[0] ?? "/")) === "es";
    const page = (spanish && site.spanishNotFoundPage) || site.notFoundPage;
    if (!page) return this.code(404).type("text/plain").send("404 Page Not Found");
    this.code(404).header("Cache-Control", "no-store");
    return this.sendFile(page);
  };
}

/** GET of any address that is not an API route: its page, one address per page, or the 404 page. */
function pageHandler({ site, filledPages }: StaticSiteOptions) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith("/api/")) return apiNotFound(reply, request.method, request.url);
    const raw = request.url.split("?")[0] ?? "/";
    let pathname: string;
    try {
      pathname = decodeURIComponent(raw);
    } catch {
      return reply.sendNotFoundPage();
    }
    // One address per page: /about/ and /about.html go to /about.
    const clean = pathname.length > 1 ? pathname.replace(/\/+$/, "").replace(/\.html$/, "") : pathname;
    if (clean !== pathname && site.routes.has(clean || "/")) {
      const query = request.url.slice(raw.length);
      return reply.redirect(`${clean || "/"}${query}`, 301);
    }
    const file = site.routes.get(pathname);
    if (!file) return reply.sendNotFoundPage();
    const filled = filledPages?.get(pathname);
    if (filled) {
      try {
        return sendFilled(request, reply, await filled());
      } catch (error) {
        request.log.error({ err: error }, "could not fill the page with reviews; serving the built one");
      }
    }
    return sendPage(reply, file);
  };
}

/**
 * Serves the pre-rendered site: clean URLs (/about -> about.html), brotli or gzip files written at
 * build time when the browser takes them, long caching for hashed assets and revalidation for
 * pages. Any other path gets the 404 page with status 404.
 */
async function staticSite(app: FastifyInstance, opts: StaticSiteOptions) {
  await app.register(fastifyStatic, {
    root: path.resolve(opts.site.root),
    serve: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
  });
  app.decorateReply("sendNotFoundPage", notFoundPageSender(opts.site));
  app.get("/*", pageHandler(opts));
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/")) return apiNotFound(reply, request.method, request.url);
    return reply.sendNotFoundPage();
  });
}

declare module "fastify" {
  interface FastifyReply {
    /** The 404 page, in `locale` or else in the language of the address. */
    sendNotFoundPage(locale?: Locale): FastifyReply;
  }
}

export default fp(staticSite, { name: "static-site" });
