import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** /desk pages tell crawlers to keep out in the header too (the page's meta tag needs HTML parsed). */
async function deskNoindex(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (path === "/desk" || path.startsWith("/desk/") || path.startsWith("/desk.")) {
      reply.header("X-Robots-Tag", "noindex, nofollow");
    }
  });
}

export default fp(deskNoindex, { name: "desk-noindex" });
