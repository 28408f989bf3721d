/**
 * What the pages the server fills itself (the driver's page, the home pages with their reviews) are
 * sent as: brotli when the browser takes it, else gzip, else plain. Every other page is served
 * precompressed by the build.
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
