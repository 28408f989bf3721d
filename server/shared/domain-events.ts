/**
 * What happened to a service request, said once by the feature that did it and heard by every feature
 * that reacts (the alert worker, the driver pages' feed, the home carousel, the offers' escalation).
 * The routes emit; server/app.ts says who listens. A feature that emits names no listener.
 */
export interface DomainEventMap {
  /** A request was committed (from the web form or taken on the phone at the desk): its alerts wait in the outbox. */
  "request.stored": { requestId: number; source: "web" | "phone" };
  /** Something a driver's page shows changed: status, the desk's message, a position, a deletion. */
  "request.changed": { requestId: number };
  /** The driver cancelled: the desk's alerts wait in the outbox, and the page shows it. */
  "request.cancelled": { requestId: number };
  /** The owner offered a job to partners: their alerts wait in the outbox. */
  "offers.sent": { requestId: number };
  /** A partner answered an offer or reported a step of the job. */
  "offer.answered": { requestId: number; action: "accept" | "decline" | "step" };
  /** A review went on or off the website (published, hidden, deleted, or changed by its driver). */
  "reviews.changed": Record<string, never>;
}

export type DomainEventName = keyof DomainEventMap;
type Listener<K extends DomainEventName> = (event: DomainEventMap[K]) => void | Promise<void>;

/**
 * One typed emitter for the whole app. `emit` resolves once every listener has (a decline's
 * escalation is done before its answer goes out); a listener's error reaches the emitter's caller.
 */
export class DomainEvents {
  readonly #listeners = new Map<DomainEventName, Listener<never>[]>();

  on<K extends DomainEventName>(name: K, listener: Listener<K>): void {
    const list = this.#listeners.get(name) ?? [];
    list.push(listener as Listener<never>);
    this.#listeners.set(name, list);
  }

  async emit<K extends DomainEventName>(name: K, event: DomainEventMap[K]): Promise<void> {
    const list = (this.#listeners.get(name) ?? []) as Listener<K>[];
    await Promise.all(list.map(async (listener) => listener(event)));
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's domain events (server/shared/domain-events.ts): routes emit, app.ts wires the reactions. */
    domainEvents: DomainEvents;
  }
}
