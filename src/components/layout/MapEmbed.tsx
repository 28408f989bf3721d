import { MapPin } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";

export interface MapEmbedProps {
  latitude: number;
  longitude: number;
  label: string;
  mapsHref: string;
}

/** OpenStreetMap's embeddable view around a point, with a marker on it. */
export function osmEmbedUrl(latitude: number, longitude: number, span = 0.02): string {
  const bbox = [longitude - span, latitude - span / 2, longitude + span, latitude + span / 2].map((n) => n.toFixed(4));
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox.join("%2C")}&layer=mapnik&marker=${latitude}%2C${longitude}`;
}

/**
 * The map costs a third-party request and a heavy iframe, so it only loads when the visitor asks
 * for it. The plain link to a maps app works with or without JavaScript. The layout loads this island
 * on first touch (client:touch): a click on "Show map" before that is held and replayed.
 */
export function MapEmbed({ latitude, longitude, label, mapsHref }: MapEmbedProps) {
  const [shown, setShown] = useState(false);
  const touch = useHydrated() ? { "data-touch-live": "map" } : { "data-touch": "map" };
  return (
    <div className="space-y-3">
      <div className="aspect-[4/3] w-full overflow-hidden rounded-lg border border-slate-700 bg-slate-800">
        {shown ? (
          <iframe
            title={`Map: ${label}`}
            src={osmEmbedUrl(latitude, longitude)}
            className="size-full border-0"
            loading="lazy"
            referrerPolicy="no-referrer"
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-3 p-4 text-center">
            <MapPin className="size-8 text-brand-400" aria-hidden="true" />
            <Button
              type="button"
              variant="primary"
              size="sm"
              onClick={() => setShown(true)}
              data-testid="show-map"
              {...touch}
            >
              Show map
            </Button>
            <p className="text-xs text-slate-400">Loads a map from OpenStreetMap.</p>
          </div>
        )}
      </div>
      <a
        href={mapsHref}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-400 underline underline-offset-2 hover:text-brand-100"
        target="_blank"
        rel="noopener noreferrer"
      >
        Open in your maps app
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
