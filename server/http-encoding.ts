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
 * A page the server filled, compressed as the browser accepts it and sent as HTML. These pages carry
 * their stylesheet (integrations/inline-stylesheets.mjs): 48-104 KB of HTML, 9-21 KB in brotli, which
 * must not reach a weak phone signal five times larger. Compressed off the event loop (zlib's thread
 * pool), at a quality that costs about a millisecond.
 */
export async function sendFilledPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  const coding = acceptedCoding(request.headers["accept-encoding"]);
  const raw = Buffer.from(html, "utf8");
  reply.header("Vary", "Accept-Encoding").type("text/html; charset=utf-8");
  if (coding === "br") {
    reply.header("Content-Encoding", "br");
    return reply.send(await brotli(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (coding === "gzip") {
    reply.header("Content-Encoding", "gzip");
    return reply.send(await gzipped(raw, { level: 6 }));
  }
  return reply.send(raw);
}
