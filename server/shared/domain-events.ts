import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * What happened to a service request, said once by the feature that did it and heard by every feature
 * that reacts (the alert worker, the driver pages' feed, the home carousel, the offers' escalation).
 * The features emit, and each feature that reacts listens from its own plugin (`app.domainEvents.on`):
 * a feature that emits names no listener, and server/app.ts names neither.
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
  /** Nobody is left to take a job (every offer declined or expired): the desk's no_partner alerts wait in the outbox. */
  "offers.unanswered": { requestId: number };
  /** A review went on or off the website (published, hidden, deleted, or changed by its driver). */
  "reviews.changed": Record<string, never>;
}

export type DomainEventName = keyof DomainEventMap;
type Listener<K extends DomainEventName> = (event: DomainEventMap[K]) => void | Promise<void>;

/**
 * One typed emitter for the whole app. `emit` resolves once every listener has (a decline's
 * escalation is done before its answer goes out), and never rejects: an event follows a change
 * already committed, so a listener's error must not turn its caller's success into a 500. It is
 * logged (on the request's log when a route emitted, so the line carries its reqId) and counted
 * (towing_domain_event_listener_errors_total on /metrics).
 */
export class DomainEvents {
  readonly #listeners = new Map<DomainEventName, Listener<never>[]>();
  readonly #failures = new Map<DomainEventName, number>();
  /** The log of the request being handled, if any: its lines carry the request's id. */
  readonly #requestLog = new AsyncLocalStorage<FastifyBaseLogger>();

  constructor(private readonly log: FastifyBaseLogger) {}

  on<K extends DomainEventName>(name: K, listener: Listener<K>): void {
    const list = this.#listeners.get(name) ?? [];
    list.push(listener as Listener<never>);
    this.#listeners.set(name, list);
  }

  async emit<K extends DomainEventName>(name: K, event: DomainEventMap[K]): Promise<void> {
    const list = (this.#listeners.get(name) ?? []) as Listener<K>[];
    await Promise.all(
      list.map(async (listener) => {
        try {
          await listener(event);
        } catch (err) {
          this.#failures.set(name, (this.#failures.get(name) ?? 0) + 1);
          const log = this.#requestLog.getStore() ?? this.log;
          const fields: Record<string, unknown> = { err, event: name, ...event };
          log.error(fields, "a domain event's listener failed; the change it followed stands");
        }
      }),
    );
  }

  /** How many listeners' errors each event has had since the app started. */
  get listenerErrors(): ReadonlyMap<DomainEventName, number> {
    return this.#failures;
  }

  /** Runs `handle` (a request's handler) with `log` as the log its emits' failures go to. */
  during(log: FastifyBaseLogger, handle: () => void): void {
    this.#requestLog.run(log, handle);
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's domain events (server/shared/domain-events.ts): features emit, and listen from their own plugins. */
    domainEvents: DomainEvents;
  }
}

/**
 * Decorates the app with its one emitter. The handler of every route runs inside its request's log
 * context (a preHandler hook: after the body is read, whose stream events would lose the context).
 */
async function domainEvents(app: FastifyInstance) {
  const events = new DomainEvents(app.log.child({ component: "domain-events" }));
  app.decorate("domainEvents", events);
  app.addHook("preHandler", (request, _reply, done) => events.during(request.log, done));
}

export default fp(domainEvents, { name: "domain-events" });
