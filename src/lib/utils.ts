import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names and lets later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

// tailwind-merge builds its lookup tables on its first call: 28-72 ms at Lighthouse's 4x CPU slowdown,
// a third of the request form's hydration. In the browser that setup gets a task of its own, queued when an
// island's code is loaded, so the island's first render (a task later, see client:visible-split) does
// not carry it.
if (typeof window !== "undefined") setTimeout(() => twMerge(""), 0);
