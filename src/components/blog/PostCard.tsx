import { ArrowRight, CalendarDays } from "lucide-react";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { blogHref, formatDate } from "@/lib/blog";

export interface PostCardProps {
  slug: string;
  title: string;
  excerpt: string;
  publishDate: Date;
  headingLevel?: "h2" | "h3";
}

export function PostCard({ slug, title, excerpt, publishDate, headingLevel = "h2" }: PostCardProps) {
  const Heading = headingLevel;
  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <p className="flex items-center gap-1.5 text-sm text-slate-500">
          <CalendarDays className="size-4" aria-hidden="true" />
          <time dateTime={publishDate.toISOString().slice(0, 10)}>{formatDate(publishDate)}</time>
        </p>
        <Heading className="text-xl font-bold text-ink">
          <a href={blogHref(slug)} className="hover:text-brand-800 hover:underline">
            {title}
          </a>
        </Heading>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col justify-between gap-4">
        <p className="text-slate-600">{excerpt}</p>
        <a
          href={blogHref(slug)}
          className="inline-flex items-center gap-1 font-semibold text-brand-800 hover:underline"
        >
          Read article<span className="sr-only">: {title}</span>
          <ArrowRight className="size-4" aria-hidden="true" />
        </a>
      </CardContent>
    </Card>
  );
}
