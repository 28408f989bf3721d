import { getCollection } from "astro:content";
import type { APIRoute } from "astro";
import { buildChatKnowledge } from "@/lib/chat-knowledge";

/**
 * The chat assistant's knowledge, written by the build to dist/chat-knowledge.json from the same
 * collections the pages render. The server loads it at start (server/site-files.ts) and never serves
 * it: it is the server's input, not a page.
 */
export const GET: APIRoute = async () => {
  const collections = await Promise.all([
    getCollection("blog"),
    getCollection("guides"),
    getCollection("areas"),
    getCollection("servicePages"),
  ]);
  return new Response(JSON.stringify(buildChatKnowledge(collections.flat())), {
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
};
