import rss from "@astrojs/rss";
import type { APIRoute } from "astro";
import { blogHref } from "@/lib/blog";
import { getPosts } from "@/lib/blog-collection";
import { site } from "@/shared/site";
import { business } from "../shared/business";

export const GET: APIRoute = async (context) => {
  const posts = await getPosts();
  return rss({
    title: `${site.name} Blog`,
    description: `Towing and roadside tips for drivers in and around ${site.address.city}, CA.`,
    site: context.site ?? business.siteUrl,
    items: posts.map((p) => ({
      title: p.title,
      description: p.excerpt,
      pubDate: p.publishDate,
      link: blogHref(p.slug),
    })),
    customData: "<language>en-us</language>",
    // Our canonical addresses have no trailing slash; the feed must use the same ones.
    trailingSlash: false,
  });
};
