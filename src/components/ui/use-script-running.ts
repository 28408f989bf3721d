import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the pre-rendered HTML and in the render that hydrates it, true once the island runs in the
 * browser (React renders again right after hydrating). For a control that only works with a script.
 */
export function useScriptRunning(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
