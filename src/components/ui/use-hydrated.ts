import { useLayoutEffect, useState } from "react";

/**
 * False in the pre-rendered HTML and in the render that hydrates it, true from the next render on,
 * which follows at once (before the browser paints). Lets a component pre-render its no-JavaScript
 * form and switch to its scripted one.
 *
 * Preact (through preact/compat) hydrates without patching attributes and ignores
 * useSyncExternalStore's server snapshot, so the switch must be a real second render: a component
 * first mounted in the browser (a lazily loaded panel) also renders once as pre-rendered, then
 * switches before it is painted.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => setHydrated(true), []);
  return hydrated;
}
