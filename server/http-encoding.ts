import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * What the pages the server fills itself (the driver's, the partner's and the caller's pages, the home
 * pages with their reviews) are sent as: brotli when the browser takes it, else gzip, else plain. Every
 * other page is served precompressed by the build.
 */
export type ContentCoding = "br" | "gzip";

/** The coding to send for an Accept-Encoding header ("br, gzip;q=0.8, deflate"); a coding weighted 0 is refused. */
export function acceptedCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  const weights = new Map(
    (acceptEncoding ?? "").split(",").map((part) => {
      const [name = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
      const q = params.find((p) => p.startsWith("q="));
      return [name, q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  return (["br", "gzip"] as const).find((coding) => (weights.get(coding) ?? 0) > 0);
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * `raw` in `coding`, off the event loop (zlib's thread pool). "fast" for a page compressed per answer
 * (about a millisecond), "best" for one compressed once and served many times (the home pages).
 */
export function compress(raw: Buffer, coding: ContentCoding, effort: "fast" | "best"): Promise<Buffer> {
  if (coding === "br") {
    return brotli(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: effort === "fast" ? 5 : 9 } });
  }
  return gzipped(raw, { level: effort === "fast" ? 6 : 9 });
}

/**
 * A page the server filled, compressed as the browser accepts it and sent as HTML. These pages carry
 * their stylesheet (integrations/inline-stylesheets.mjs): 48-104 KB of HTML, 9-21 KB in brotli, which
 * must not reach a weak phone signal five times larger.
 */
export async function sendFilledPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  const coding = acceptedCoding(request.headers["accept-encoding"]);
  const raw = Buffer.from(html, "utf8");
  reply.header("Vary", "Accept-Encoding").type("text/html; charset=utf-8");
  if (!coding) return reply.send(raw);
  return reply.header("Content-Encoding", coding).send(await compress(raw, coding, "fast"));
}
