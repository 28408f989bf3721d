// The business's own sharing image (business/NAME/og-image.png, BUSINESS_DIR), built to /og-image.png, the
// address the pages' og:image, twitter:image and JSON-LD image name (src/lib/seo.ts). Inlined by the build,
// so the image comes from the same folder as the facts; astro.config.mjs stops the build when it is missing.
import image from "@business/og-image.png?inline";
import type { APIRoute } from "astro";

export const GET: APIRoute = () =>
  new Response(Buffer.from(image.slice(image.indexOf(",") + 1), "base64"), {
    headers: { "content-type": "image/png" },
  });
