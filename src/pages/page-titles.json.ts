import type { APIRoute } from "astro";
import { getPosts } from "@/lib/blog-collection";
import { buildPageTitles } from "@/lib/page-titles";

/** The chat names our pages by title rather than path; it fetches this small map once, when used. */
export const GET: APIRoute = async () =>
  new Response(JSON.stringify(buildPageTitles(await getPosts())), {
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
