import {
  eventsPath,
  REQUEST_EVENT_GONE,
  REQUEST_EVENT_STATE,
  REQUEST_EVENTS_HEARTBEAT_MS,
  REQUEST_STATE_POLL_MS,
  REQUEST_STREAM_RETRY_MS,
  type RequestPageLive,
  statePath,
} from "@/shared/request-page";

/** A stream silent for this long (two and a half heartbeats) is taken for dead and opened again. */
const SILENCE_LIMIT_MS = REQUEST_EVENTS_HEARTBEAT_MS * 2.5;
/**
 * Back in front (visible again, unfrozen, restored from the back/forward cache, back online), a stream
 * silent for longer than one heartbeat and a little is opened again at once rather than trusted: a
 * phone may have dropped its connection while the tab slept, and the driver is looking now.
 */
const WAKE_SILENCE_MS = REQUEST_EVENTS_HEARTBEAT_MS + 5_000;
/** Heard from this recently, a stream is taken as current when the page wakes: no read beside it. */
const WAKE_FRESH_MS = 2_000;

/** What following a request tells the page: a new state, the page gone, live updates stopped or back. */
export interface FollowHandlers {
  setLive(live: RequestPageLive): void;
  setGone(gone: boolean): void;
  setStopped(stopped: boolean): void;
}

/**
 * Follows the request of `token` over Server-Sent Events, falling back to reading its state, until the
 * returned function stops it (RequestLive's effect).
 */
// long-function: its parts (the stream, the reads, the watchdog, the wake-up) share one small state
// machine (the mode, the last time heard from, the timers), which closures over it keep in one place.
export function followRequest(token: string, { setLive, setGone, setStopped }: FollowHandlers): () => void {
  let source: EventSource | undefined;
  let lastHeard = Date.now();
  let finished = false;
  /** "stream" while an EventSource follows the request; "poll" while the page reads the state itself. */
  let mode: "stream" | "poll" = "stream";
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let pollInFlight = false;
  /** In "poll" mode: when to try a stream again. */
  let streamAgainAt = 0;
  /** Counts the states the stream brought: a read answered before the latest of them is not shown. */
  let streamed = 0;
  const heard = () => {
    lastHeard = Date.now();
  };
  const finish = () => {
    finished = true;
    clearTimeout(pollTimer);
    source?.close();
  };
  const open = () => {
    source?.close();
    heard();
    mode = "stream";
    clearTimeout(pollTimer);
    const es = new EventSource(eventsPath(token));
    source = es;
    es.addEventListener(REQUEST_EVENT_STATE, (event) => {
      heard();
      streamed += 1;
      setStopped(false);
      setLive(JSON.parse((event as MessageEvent<string>).data) as RequestPageLive);
    });
    es.addEventListener("ping", heard);
    es.addEventListener(REQUEST_EVENT_GONE, () => {
      finish();
      setGone(true);
    });
    // The browser reconnects by itself after a dropped stream; it gives up only on an answer that is
    // no stream at all (refused as too many, the link gone, a server error): then the page reads the
    // state itself, which also tells a link that is gone from a stream that was only refused.
    es.addEventListener("error", () => {
      if (es.readyState === EventSource.CLOSED && source === es && !finished) startPolling();
    });
  };
  /**
   * Reads the state once and shows it. Answers "gone" (the request was deleted or its link expired:
   * the page then says so, as after a stream's "gone"), "read", or how long the server asks to wait.
   */
  const readState = async (): Promise<"gone" | "read" | { retryMs: number }> => {
    const before = streamed;
    try {
      const res = await fetch(statePath(token), { cache: "no-store" });
      if (res.status === 404) {
        finish();
        setGone(true);
        return "gone";
      }
      if (!res.ok) return { retryMs: Math.max(0, Number(res.headers.get("Retry-After")) || 0) * 1000 };
      const body = (await res.json()) as { live?: RequestPageLive };
      if (body.live && streamed === before) setLive(body.live);
      return "read";
    } catch {
      return { retryMs: 0 }; // no connection
    }
  };
  const startPolling = () => {
    if (mode === "poll") return;
    mode = "poll";
    streamAgainAt = Date.now() + REQUEST_STREAM_RETRY_MS;
    void poll();
  };
  /** One read in "poll" mode; then the next, or a stream again once its minute is up. */
  const poll = async () => {
    if (finished || mode !== "poll" || pollInFlight) return;
    clearTimeout(pollTimer);
    pollInFlight = true;
    const outcome = await readState().finally(() => {
      pollInFlight = false;
    });
    if (outcome === "gone" || finished || mode !== "poll") return;
    // Too many lookups, a failing server or no connection: said on the page, and tried again.
    setStopped(outcome !== "read");
    if (Date.now() >= streamAgainAt) open();
    else
      pollTimer = setTimeout(
        () => void poll(),
        Math.max(REQUEST_STATE_POLL_MS, outcome === "read" ? 0 : outcome.retryMs),
      );
  };
  const silentFor = (ms: number) => Date.now() - lastHeard > ms;
  const watchdog = setInterval(() => {
    if (!finished && mode === "stream" && silentFor(SILENCE_LIMIT_MS)) open();
  }, REQUEST_EVENTS_HEARTBEAT_MS / 2);
  /**
   * The page is in front again (visible, thawed, restored, back online): it shows the current state
   * now, whatever became of its stream while it slept. A stream that missed a heartbeat, or closed,
   * is opened again (it sends the state at once); one that may be alive is kept, and the state read
   * once beside it, since a connection the phone dropped can look alive for up to a heartbeat.
   */
  const onWake = () => {
    if (finished || document.visibilityState !== "visible") return;
    if (mode === "poll") void poll();
    else if (silentFor(WAKE_SILENCE_MS) || source?.readyState === EventSource.CLOSED) open();
    else if (silentFor(WAKE_FRESH_MS)) void readState();
  };
  const wakeEvents: [EventTarget, string][] = [
    [document, "visibilitychange"],
    // A tab the phone froze in the background and thawed (Page Lifecycle), and one restored from
    // the back/forward cache, whose stream the browser closed when it was stored.
    [document, "resume"],
    [window, "pageshow"],
    [window, "online"],
  ];
  for (const [target, name] of wakeEvents) target.addEventListener(name, onWake);
  open();
  return () => {
    finish();
    clearInterval(watchdog);
    for (const [target, name] of wakeEvents) target.removeEventListener(name, onWake);
  };
}
