import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the pre-rendered HTML (and while React hydrates it), true once the component runs in
 * the browser; true at once for a component first mounted in the browser (a lazily loaded panel).
 * Lets a component pre-render its no-JavaScript form and switch to its scripted one.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
