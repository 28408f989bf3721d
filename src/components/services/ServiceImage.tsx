import { cn } from "@/components/ui/cn";
import { ui } from "@/i18n/ui";
import { defaultImage } from "@/shared/services";

interface ServiceImageProps {
  src: string;
  alt: string;
  /**
   * Where the image sits, which decides how it loads. "main": the page's own image near the top,
   * fetched at once and before other images. "near": near the top but not what the page shows
   * first (the home page's first cards, below the hero on a phone), fetched at once at the browser's
   * own priority, so it does not compete with what is on screen. "later" (the default): fetched when
   * it comes near the screen.
   */
  placement?: "main" | "near" | "later";
  className?: string;
  /** What the default image shows, in the page's language (English unless the page says otherwise). */
  fallbackAlt?: string;
}

/**
 * An illustration with fixed dimensions (nothing shifts while it loads) that falls back to the
 * default towing image if its file fails: see src/scripts/image-fallback.ts.
 */
export function ServiceImage({
  src,
  alt,
  placement = "later",
  className,
  fallbackAlt = ui.en.meta.fallbackImageAlt,
}: ServiceImageProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={640}
      height={400}
      loading={placement === "later" ? "lazy" : "eager"}
      fetchPriority={placement === "main" ? "high" : undefined}
      decoding="async"
      data-fallback={defaultImage.src}
      data-fallback-alt={fallbackAlt}
      className={cn("aspect-[8/5] h-auto w-full bg-sky-50 object-cover", className)}
    />
  );
}
