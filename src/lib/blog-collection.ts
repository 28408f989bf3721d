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
