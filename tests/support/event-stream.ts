import http from "node:http";

/** A server-sent event as read off the wire. */
export interface StreamEvent {
  type: string;
  data: string;
  /** performance.now() when it arrived. */
  at: number;
}

/**
 * An event stream read by a plain HTTP client: the events as they come, whether the server ended it,
 * and a wait for the next event that matches. close() leaves it from the client's side.
 */
export async function readEventStream(url: string) {
  const controller = new AbortController();
  const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
    // A connection of its own (no agent): it is not handed back to a pool once the server ends the stream.
    const request = http.get(url, { signal: controller.signal, agent: false }, resolve);
    request.on("error", reject);
  });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  let endedWithError = false;
  let buffer = "";
  answer.setEncoding("utf8");
  answer.on("data", (text: string) => {
    buffer += text;
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const type = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (type && data !== undefined) events.push({ type, data, at: performance.now() });
    }
    for (const w of [...waiters]) w();
  });
  const finish = (error: boolean) => {
    ended = true;
    endedWithError ||= error;
    for (const w of [...waiters]) w();
  };
  answer.on("end", () => finish(false));
  answer.on("error", () => finish(true));
  answer.on("aborted", () => finish(true));
  const waitFor = (done: () => boolean, timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${what} within ${timeoutMs} ms: no`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    status: answer.statusCode ?? 0,
    events,
    ended: () => ended,
    endedWithError: () => endedWithError,
    /** Resolves with the first event (from index `from`) that `match` accepts. */
    async next(match: (e: StreamEvent) => boolean, from = 0, timeoutMs = 10_000): Promise<StreamEvent> {
      const found = () => events.slice(from).find(match);
      await waitFor(() => found() !== undefined, timeoutMs, "a matching event");
      return found() as StreamEvent;
    },
    end: (timeoutMs = 10_000) => waitFor(() => ended, timeoutMs, "the stream's end"),
    close: () => controller.abort(),
  };
}
