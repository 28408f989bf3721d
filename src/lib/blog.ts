/** What the blog pages need to know about an article, whatever collection it came from. */
export interface PostSummary {
  slug: string;
  title: string;
  excerpt: string;
  publishDate: Date;
  services: readonly string[];
}

export const blogHref = (slug: string) => `/blog/${slug}`;

export function newestFirst<T extends { publishDate: Date }>(posts: T[]): T[] {
  return [...posts].sort((a, b) => b.publishDate.getTime() - a.publishDate.getTime());
}

/**
 * The articles most like this one: those sharing the most services first, then the closest in
 * date. Always `count` of them when there are that many other articles.
 */
export function relatedPosts<T extends PostSummary>(post: T, all: T[], count = 3): T[] {
  const shared = (other: T) => other.services.filter((s) => post.services.includes(s)).length;
  const distance = (other: T) => Math.abs(other.publishDate.getTime() - post.publishDate.getTime());
  return all
    .filter((p) => p.slug !== post.slug)
    .sort((a, b) => shared(b) - shared(a) || distance(a) - distance(b) || a.slug.localeCompare(b.slug))
    .slice(0, count);
}

export function formatDate(date: Date, locale = "en-US"): string {
  return date.toLocaleDateString(locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
