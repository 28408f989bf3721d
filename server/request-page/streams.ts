/** A place taken for one stream; release() gives it back, and only its first call counts. */
export interface StreamSlot {
  release(): void;
}

/**
 * The event streams open on this server. Each holds a socket, a heartbeat timer and a follower of the
 * feed for as long as the page stays open, so each must give its place back exactly once, however it
 * ends (the driver leaves, the request is gone, the server stops, the driver left before it opened).
 * A place is taken before the token's lookup and kept until the stream ends: /api/health reports the
 * count, so a leak shows there as a number that never comes down.
 */
export class OpenStreams {
  private total = 0;

  /** A place for a stream. */
  take(): StreamSlot {
    this.total += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.total -= 1;
      },
    };
  }

  /** Streams open (or being opened) on this server now. */
  get size(): number {
    return this.total;
  }
}
