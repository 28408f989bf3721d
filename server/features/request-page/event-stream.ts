import type { ServerResponse } from "node:http";
import type { FastifyReply } from "fastify";

/**
 * One driver's event stream, from the moment its place among the open streams is taken to its end.
 * Whatever it holds (that place, then its heartbeat and its follow of the feed, as it gets them) is given
 * back once, however it ends: the driver leaves, the request is gone, the server stops, or the driver
 * left before it opened.
 */
export class EventStream {
  /** The driver closed the connection. */
  #left: boolean;
  /** The response is this stream's to write and to end (hijacked); before that Fastify answers it (404, 429). */
  #ours = false;
  #ended = false;
  /** What ending gives back, in the order it was taken (given back last taken, first). */
  readonly #held: (() => void)[] = [];

  /**
   * Listens for the driver leaving from the start: a driver who leaves while the token is looked up
   * closes the connection before any stream is open, and a "close" already past is never heard again.
   */
  constructor(
    private readonly raw: ServerResponse,
    releasePlace: () => void,
  ) {
    this.#left = raw.destroyed;
    const onLeft = () => {
      this.#left = true;
    };
    raw.once("close", onLeft);
    this.hold(releasePlace);
    this.hold(() => raw.off("close", onLeft));
  }

  get left(): boolean {
    return this.#left;
  }

  /** Keeps `giveBack` for the stream's end (runs it now if the stream already ended). */
  hold(giveBack: () => void): void {
    if (this.#ended) giveBack();
    else this.#held.push(giveBack);
  }

  /**
   * Takes the response from Fastify: from now on this stream writes and ends it, and ends when the
   * connection closes. False, with the stream ended, when the driver already left.
   */
  takeOver(reply: FastifyReply): boolean {
    reply.hijack();
    this.#ours = true;
    if (this.#left) {
      this.end();
      return false;
    }
    this.raw.once("close", this.end);
    return true;
  }

  /** Writes `chunk`, unless the stream ended or the driver left (a write after end() throws). */
  write(chunk: string): void {
    if (this.#ended || this.raw.writableEnded || this.raw.destroyed) return;
    this.raw.write(chunk);
  }

  /** Gives back all the stream holds, once, and ends the response if it is the stream's. */
  readonly end = (): void => {
    if (this.#ended) return;
    this.#ended = true;
    for (const giveBack of this.#held.reverse()) giveBack();
    this.#held.length = 0;
    if (this.#ours && !this.raw.writableEnded && !this.raw.destroyed) this.raw.end();
  };
}
