import { type CollectionEntry, getCollection } from "astro:content";
import { newestFirst, type PostSummary } from "./blog";

type BlogEntry = CollectionEntry<"blog">;
type Post = PostSummary & { entry: BlogEntry };

/** Every article, newest first, in the shape the blog components take. */
export async function getPosts(): Promise<Post[]> {
  const entries = await getCollection("blog");
  return newestFirst(
    entries.map((entry) => ({
      slug: entry.id,
      title: entry.data.title,
      excerpt: entry.data.excerpt,
      publishDate: entry.data.publishDate,
      services: entry.data.services,
      entry,
    })),
  );
}

/** What the business's articles are about in `locale` (content/blog-topics.json), if it says. */
export async function getBlogTopics(locale: string): Promise<{ topics: string; span: string } | undefined> {
  return (await getCollection("blogTopics")).find((entry) => entry.id === locale)?.data;
}
