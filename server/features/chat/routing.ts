import { DOMAIN } from "./pack";
import type { IntentRule } from "./pack-schema";

/**
 * What the routing rules (data/domain.yaml) say of an intent: its kind and flags. The engine asks
 * these instead of holding lists of intent names.
 */
const NO_RULE: IntentRule = { kind: "none" };

export const ruleOf = (intent: string): IntentRule => DOMAIN.intents[intent] ?? NO_RULE;

/** The intents of a kind, in the order domain.yaml lists them (the order said). */
export const intentsOfKind = (kind: IntentRule["kind"]): string[] =>
  Object.keys(DOMAIN.intents).filter((i) => ruleOf(i).kind === kind);

/** The service slug of a need ("service:towing" -> "towing"); undefined for any other intent. */
export function serviceOf(intent: string): string | undefined {
  return ruleOf(intent).kind === "service" ? intent.slice(intent.indexOf(":") + 1) : undefined;
}

/** The replies topic holding an intent's text. */
export const topicOf = (intent: string): string => ruleOf(intent).topic ?? intent;

/** A service whose next step asks where the vehicle should go. */
export const tows = (service: string): boolean => DOMAIN.services.tows.includes(service);

export const ROLES = DOMAIN.roles;
export const SERVICES = DOMAIN.services;

/** The replies topic of the accident guide (the accident intent's). */
export const accidentTopic = topicOf(intentsOfKind("accident")[0] ?? "");
