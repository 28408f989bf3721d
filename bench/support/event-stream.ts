/** A request page's live stream (Server-Sent Events) held open as a driver's phone holds it. */

export interface StateStream {
  /** Resolves when the stream ends: with the error that ended it, or undefined when the server closed it. */
  ended: Promise<Error | undefined>;
  close(): void;
}

/**
 * Opens GET `url` (a request's /events) and hands each `state` event's data to `onState`; resolves once
 * the first state came, so a bench measures from a stream that is really connected.
 */
export async function openStateStream(url: string, onState: (data: string) => void): Promise<StateStream> {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`event stream answered ${res.status}`);
  let connected: () => void = () => {};
  const first = new Promise<void>((resolve) => {
    connected = resolve;
  });
  // Resolved, never rejected: closing the stream aborts it, and a bench that does not wait for the end
  // must not see that as an unhandled rejection.
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (block.startsWith("event: state") && data) {
            connected();
            onState(data);
          }
          end = buffer.indexOf("\n\n");
        }
      }
      return undefined;
    } catch (error) {
      return error as Error;
    }
  })();
  await first;
  return { ended, close: () => controller.abort() };
}
