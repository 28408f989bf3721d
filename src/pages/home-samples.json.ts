import type { APIRoute } from "astro";
import { locales } from "@/i18n/locales";
import { homeSamples } from "@/lib/localized-content";
import type { HomeSamples } from "@/shared/home-samples";

/**
 * The home carousel's fixed entries in each language, written by the build to dist/home-samples.json
 * from the same collections as the rest of the site (src/shared/home-samples.ts). The server reads it at
 * start and never serves it: the home pages' list is filled by the server, reviews first.
 */
export const GET: APIRoute = async () => {
  const entries = await Promise.all(locales.map(async (locale) => [locale, await homeSamples(locale)] as const));
  const samples = Object.fromEntries(entries) as HomeSamples;
  return new Response(JSON.stringify(samples), { headers: { "Content-Type": "application/json; charset=utf-8" } });
};
