import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * An icon before its label, for centred buttons, built so that a half-parsed button never moves.
 * A phone may paint while the parser is inside a button (a slow network, a busy CPU). With the icon
 * first, that frame shows the icon alone in the centre, and it jumps aside when the label arrives: a
 * layout shift. Here the label comes first in the HTML, in a box that keeps room for the icon on its
 * left, and the icon is placed into that room out of flow, so neither part moves when the other
 * arrives. The room is the icon's 20 px and the 8 px gap.
 */
export function IconLabel({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <span className="relative ml-7">
      {children}
      <Icon className="absolute top-1/2 right-full mr-2 size-5 -translate-y-1/2" aria-hidden="true" />
    </span>
  );
}
