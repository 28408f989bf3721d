import { ArrowRight, CalendarDays } from "lucide-react";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { blogHref, formatDate } from "@/lib/blog";

interface PostCardProps {
  slug: string;
  title: string;
  excerpt: string;
  publishDate: Date;
  headingLevel?: "h2" | "h3";
  /** "Read article" in the page's language. */
  readLabel?: string;
  /** Shown on a page of another language: the article is in English (its text carries lang="en"). */
  languageBadge?: string;
  /** Dates written the page's way ("es-US": "12 de marzo de 2026"). */
  dateLocale?: string;
}

export function PostCard({
  slug,
  title,
  excerpt,
  publishDate,
  headingLevel = "h2",
  readLabel = "Read article",
  languageBadge,
  dateLocale,
}: PostCardProps) {
  const Heading = headingLevel;
  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <p className="flex flex-wrap items-center gap-1.5 text-sm text-slate-500">
          <CalendarDays className="size-4" aria-hidden="true" />
          <time dateTime={publishDate.toISOString().slice(0, 10)}>{formatDate(publishDate, dateLocale)}</time>
          {languageBadge && (
            <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
              {languageBadge}
            </span>
          )}
        </p>
        <Heading className="text-xl font-bold text-ink" lang={languageBadge ? "en" : undefined}>
          <a href={blogHref(slug)} className="hover:text-brand-800 hover:underline">
            {title}
          </a>
        </Heading>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col justify-between gap-4">
        <p className="text-slate-600" lang={languageBadge ? "en" : undefined}>
          {excerpt}
        </p>
        <a
          href={blogHref(slug)}
          className="inline-flex items-center gap-1 font-semibold text-brand-800 hover:underline"
        >
          {readLabel}
          <span className="sr-only" lang={languageBadge ? "en" : undefined}>
            : {title}
          </span>
          <ArrowRight className="size-4" aria-hidden="true" />
        </a>
      </CardContent>
    </Card>
  );
}
