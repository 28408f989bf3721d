import type { FastifyInstance } from "fastify";
import type { ApiRefusal } from "../../../src/shared/api-refusal";
import { chatRequestSchema } from "../../../src/shared/chat-schema";
import { site } from "../../../src/shared/site";
import type { RateLimitOptions } from "../../config";
import { tooManyRequests } from "../../plugins/rate-limits";
import type { Assistant } from "./assistant";
import { askWebhook } from "./webhook";

export interface ChatRouteOptions {
  assistant: Assistant;
  rateLimit: RateLimitOptions;
  webhookUrl?: string;
  webhookTimeoutMs: number;
}

/**
 * POST /api/chat {"text": "…", "lang"?: "en" | "es"} -> text/plain. The outside bot answers when one
 * is configured and works (it gets the language hint too); otherwise (and whenever it fails) the
 * built-in assistant does, in the language the message is written in, or the page's when the message
 * does not say (see server/features/chat/read.ts), and names it in Content-Language. The reply is plain
 * text: the browser formats it into elements itself and never treats it as HTML.
 */
export default async function chatRoutes(app: FastifyInstance, opts: ChatRouteOptions) {
  // JSON only: anything else is answered 415 by Fastify.
  app.removeContentTypeParser("text/plain");

  app.post(
    "/api/chat",
    {
      config: {
        rateLimit: {
          max: opts.rateLimit.max,
          timeWindow: opts.rateLimit.timeWindowMs,
          errorResponseBuilder: (_req, ctx) =>
            tooManyRequests(
              `Too many messages. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds, or call us at ${site.phone.display}.`,
              ctx.statusCode,
            ),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        return reply.code(400).send({
          error: "Bad Request",
          message: 'Send the message as a JSON object: {"text": "…"}.',
          code: "bad_request",
        } satisfies ApiRefusal);
      }
      const parsed = chatRequestSchema.safeParse(body);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? 'Send the message as {"text": "…"}.';
        return reply.code(400).send({ error: "Bad Request", message, code: "invalid_fields" } satisfies ApiRefusal);
      }
      const { text, lang } = parsed.data;
      reply.type("text/plain; charset=utf-8").header("Cache-Control", "no-store");
      if (opts.webhookUrl) {
        try {
          return reply.send(await askWebhook(opts.webhookUrl, text, opts.webhookTimeoutMs, lang));
        } catch (error) {
          request.log.warn({ err: error }, "chat webhook failed; the built-in assistant answers");
        }
      }
      const answer = opts.assistant.answer(text, lang);
      return reply.header("Content-Language", answer.lang).send(answer.text);
    },
  );
}
