import { useEffect, useState } from "react";

/** The desk's views live in the address's #fragment, so Back works and /desk stays one static page. */
export type DeskRoute = { view: "inbox" } | { view: "request"; id: number } | { view: "activity" };

export function parseHash(hash: string): DeskRoute {
  const request = /^#\/requests\/(\d{1,10})$/.exec(hash);
  if (request?.[1]) return { view: "request", id: Number(request[1]) };
  if (hash === "#/activity") return { view: "activity" };
  return { view: "inbox" };
}

export const hrefFor = (route: DeskRoute) =>
  route.view === "request" ? `#/requests/${route.id}` : route.view === "activity" ? "#/activity" : "#/";

export function useHashRoute(): DeskRoute {
  const [route, setRoute] = useState<DeskRoute>(() => parseHash(window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseHash(window.location.hash));
    window.addEventListener("hashchange", onChange);
    return () => window.removeEventListener("hashchange", onChange);
  }, []);
  return route;
}

/** A clock for "12 min ago": ticks every `ms`. */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
