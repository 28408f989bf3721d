/** How many live-update streams this server holds open: in all, and per client address. */
interface StreamLimits {
  /** Open streams in this process, from everyone (REQUEST_PAGE_MAX_STREAMS). */
  maxTotal: number;
  /** Open streams from one client address (REQUEST_PAGE_MAX_STREAMS_PER_CLIENT). */
  maxPerClient: number;
}

/** Why a stream was not opened: this client already holds its share, or the server holds all it will. */
export type StreamRefusal = "client" | "server";

/** A place taken for one stream; release() gives it back, and only its first call counts. */
interface StreamSlot {
  release(): void;
}

/**
 * The event streams open on this server. Each holds a socket, a heartbeat timer and a follower of the
 * feed for as long as the page stays open, so the number open is capped, not only how often they are
 * opened (the lookup limit): in all, so this process cannot be held open to its memory's end, and per
 * client address, so one host cannot take every place. Each stream must give its place back exactly
 * once, however it ends (the driver leaves, the request is gone, the server stops, the driver left
 * before it opened). A place is taken before the token's lookup and kept until the stream ends, so
 * streams being opened count too. Counted in this process only: the cost of a stream is the cost to
 * the process that holds it. /api/health reports the count: a leak shows as a number that never comes down.
 */
export class OpenStreams {
  private readonly perClient = new Map<string, number>();
  private total = 0;

  constructor(readonly limits: StreamLimits) {}

  /** A place for a stream from `client` (its address), or why there is none. */
  take(client: string): StreamSlot | { refused: StreamRefusal } {
    const held = this.perClient.get(client) ?? 0;
    if (held >= this.limits.maxPerClient) return { refused: "client" };
    if (this.total >= this.limits.maxTotal) return { refused: "server" };
    this.perClient.set(client, held + 1);
    this.total += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.total -= 1;
        const left = (this.perClient.get(client) ?? 1) - 1;
        if (left <= 0) this.perClient.delete(client);
        else this.perClient.set(client, left);
      },
    };
  }

  /** Streams open (or being opened) on this server now. */
  get size(): number {
    return this.total;
  }
}
