import type { FastifyBaseLogger, FastifyError, FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiRefusal } from "../../../src/shared/api-refusal";
import { type ChatLanguage, chatRequestSchema } from "../../../src/shared/chat-schema";
import { site } from "../../../src/shared/site";
import type { RateLimitOptions } from "../../config";
import { tooManyRequests } from "../../plugins/rate-limits";
import { zodIssuesOf } from "../../shared/schema-errors";
import type { Answer, Assistant } from "./assistant";
import { askWebhook } from "./webhook";
import type { ChatWorkerPool } from "./worker-pool";

export interface ChatRouteOptions {
  /** The built-in assistant in this process: it answers when there are no workers, or they fail. */
  assistant: Pick<Assistant, "answer">;
  /** The same assistant in worker threads (CHAT_WORKERS), so its CPU is spent off the event loop. */
  workers?: ChatWorkerPool;
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
export default async function chatRoutes(instance: FastifyInstance, opts: ChatRouteOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // JSON only: anything else is answered 415 by Fastify.
  app.removeContentTypeParser("text/plain");
  // A body that is no object is asked for as one; else the schema's first message.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const issue = zodIssuesOf(error)?.[0];
    if (!issue) throw error;
    if (issue.code === "invalid_type" && issue.path.length === 0) {
      return reply.code(400).send({
        error: "Bad Request",
        message: 'Send the message as a JSON object: {"text": "…"}.',
        code: "bad_request",
      } satisfies ApiRefusal);
    }
    return reply
      .code(400)
      .send({ error: "Bad Request", message: issue.message, code: "invalid_fields" } satisfies ApiRefusal);
  });

  app.post(
    "/api/chat",
    {
      schema: { body: chatRequestSchema },
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
      const { text, lang } = request.body;
      reply.type("text/plain; charset=utf-8").header("Cache-Control", "no-store");
      if (opts.webhookUrl) {
        try {
          return reply.send(await askWebhook(opts.webhookUrl, text, opts.webhookTimeoutMs, lang));
        } catch (error) {
          request.log.warn({ err: error }, "chat webhook failed; the built-in assistant answers");
        }
      }
      const answer = await builtInAnswer(opts, text, lang, request.log);
      return reply.header("Content-Language", answer.lang).send(answer.text);
    },
  );
}

/**
 * The built-in assistant's reply: from a worker when there are any (the event loop stays free for
 * other requests meanwhile), else here. A worker that fails costs the caller nothing: the same
 * assistant answers in this process, as it does when the webhook fails.
 */
async function builtInAnswer(
  opts: ChatRouteOptions,
  text: string,
  lang: ChatLanguage | undefined,
  log: FastifyBaseLogger,
): Promise<Answer> {
  if (opts.workers) {
    try {
      return await opts.workers.answer(text, lang);
    } catch (error) {
      log.error({ err: error }, "chat worker failed; the assistant answers in-process");
    }
  }
  return opts.assistant.answer(text, lang);
}
