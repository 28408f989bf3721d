import { defaultImage } from "@/lib/services";
import { cn } from "@/lib/utils";

export interface ServiceImageProps {
  src: string;
  alt: string;
  /** Above-the-fold images load eagerly (and first); the rest wait until they are near. */
  eager?: boolean;
  className?: string;
}

/**
 * An illustration with fixed dimensions (nothing shifts while it loads) that falls back to the
 * default towing image if its file fails: see src/scripts/image-fallback.ts.
 */
export function ServiceImage({ src, alt, eager = false, className }: ServiceImageProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={640}
      height={400}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      data-fallback={defaultImage.src}
      data-fallback-alt={defaultImage.alt}
      className={cn("aspect-[8/5] h-auto w-full bg-sky-50 object-cover", className)}
    />
  );
}
