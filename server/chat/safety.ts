/**
 * What in a message about a crash or a stop beside traffic calls for a safety answer. The safety
 * guard (guard.ts) reads every message before this and answers anyone shut in, hurt, fire, a car
 * stopped in a travel lane, in an intersection or on tracks, and a threat; this reading only covers
 * what is left:
 *
 * - `danger`: a crash (911 if anyone is hurt or traffic is blocked), or a stop beside fast traffic.
 * - `caution`: the driver's need is answered, led by one safety sentence (a flat on a freeway, a
 *   crash where nobody is hurt).
 */
export type Danger = "traffic" | "crash";
export type Caution = "freeway" | "crash-no-injury" | "heat";

export interface SafetyReading {
  danger?: Danger;
  caution?: Caution;
  /** A crash has happened (the car then needs a tow, whatever else the message says). */
  crashed?: boolean;
  /**
   * Stopped beside a fast road, not in its lanes (the shoulder, a dark freeway at night): the safety
   * answer comes first, and the service the driver asked for may follow it.
   */
  besideTraffic?: boolean;
}

/**
 * The words a language has for each kind of danger. readSafety reads a message the same way in every
 * language; only these differ (the Spanish ones are in spanish.ts).
 */
export interface SafetyPatterns {
  /** A person or an animal (with heat: a caution sentence). */
  being: RegExp;
  crash: RegExp;
  /** Ends the text before a crash word when the crash is a question's subject ("after an accident"). */
  crashAsSubject: RegExp;
  /** A car hit while parked, or one that has been in a crash: a tow, not a scene to leave. */
  crashParked: RegExp;
  /** A crash in a parking lot or a driveway: no traffic, no caution sentence. */
  offRoad: RegExp;
  lane: RegExp;
  shoulder: RegExp;
  freeway: RegExp;
  stopped: RegExp;
  /** Night, dark, fast trucks: a freeway stop that is dangerous even off the lanes. */
  fastTraffic: RegExp;
  /** "Yesterday", "last week": a crash told after the fact, not a scene happening now. */
  past: RegExp;
  /** "Still", "just", "now": the scene is happening, whatever happened yesterday. */
  now: RegExp;
  /** Heat that can hurt people waiting with the car. */
  heat: RegExp;
  noInjury: RegExp;
}

const BEING_NAMES =
  "(baby|babies|kid|kids|child|children|toddler|infant|son|daughter|dog|dogs|cat|cats|pet|pets|puppy|father|mother|mom|dad|grandma|grandpa|grandmother|grandfather|elderly|person|someone|somebody|boy|girl)";

export const englishSafety: SafetyPatterns = {
  being: new RegExp(`\\b${BEING_NAMES}\\b`),
  crash:
    /\b(crash\w*|accident|collision|collided|rear[- ]?ended|t-?boned|fender ?bender|wreck|wrecked|flipped|rolled over|hit (a|an|by|another|the) (car|truck|deer|pole|wall|tree|guardrail|median|cow)|hit a deer|got hit|totaled|totalled)\b/,
  crashAsSubject: /\b(after|from|for|been in) (a|an|the)\s*$/,
  crashParked: /\b(while|when) (it was )?parked\b|\bparked car\b|\bbeen in (a|an) (accident|crash|wreck)/,
  offRoad: /\bparking (lot|garage)|driveway|\blot\b/,
  lane: /\b((middle|fast|left|right|slow|center|travel|carpool|hov|live|number \w+|#\d) lanes?|in (the )?(lane|lanes|traffic)|on the (road|roadway)|in the road|blocking traffic|middle of the (road|freeway|highway)|(in|out of|middle of) (the |an |this )?intersection|can'?t (get over|move|pull over))\b/,
  shoulder: /\b(shoulder|side of (the )?(freeway|highway|interstate|i-?5|5|99|4|120|hwy|road))\b/,
  freeway:
    /\b(freeway|highway|hwy|interstate|i-?5|i 5|sr-?\d+|the (5|99|4|120|580|205)|on (5|99|4|120|205)|(5|99|120|205|4) (north|south|east|west|nb|sb|eb|wb)|hwy ?\d+|highway ?\d+)\b/,
  stopped:
    /\b(broke down|broken down|breakdown|died|dead|stalled|stall|stuck|stopped|quit|ran out|run out|out of gas|flat|blew|can'?t move|won'?t move|stranded|pulled over|push|pushing)\b/,
  fastTraffic: /\b(night|dark|2am|3am|midnight|trucks|flying by|fast)\b/,
  now: /\b(still|just|now|right now)\b/,
  past: /\b(yesterday|last (night|week|month)|(a few|\d+|two|three|several) (days|weeks) ago|the other day)\b/,
  heat: /\b(1[0-2]\d|9\d) ?(degrees|out|outside)\b|\b(so|really|super|very) hot\b|\bheat\b/,
  noInjury:
    /\b(no ?one|nobody|noone|none of us|everyone|every one|we'?re|we are|i'?m|im|i am) ?(is|was|got|are|were)? ?(not )?(ok|okay|fine|alright|unhurt|safe)\b|\b(no ?one|nobody|noone|not) (is |was |got |were )?(hurt|injured)\b|\bno injur\w*/,
};

/** Reads a folded message for danger and for the need of a safety sentence. */
export function readSafety(folded: string, p: SafetyPatterns = englishSafety): SafetyReading {
  // "Do you do body work after an accident?" asks about a service, it does not report a crash.
  const crashMatch = folded.match(p.crash);
  const crash = !!crashMatch && !p.crashAsSubject.test(folded.slice(0, crashMatch.index ?? 0));
  // A car hit while parked, or one that "has been in an accident", is a tow, not a scene to leave.
  const inTraffic = p.lane.test(folded) || p.shoulder.test(folded) || (crash && p.freeway.test(folded));
  // Stuck in a lane, whatever else is said: that is the danger now.
  const inLaneNow = inTraffic || (p.lane.test(folded) && p.stopped.test(folded));
  if (crashMatch && p.crashParked.test(folded) && !inLaneNow) return { crashed: true };
  // A crash told the next day ("the other car hit me yesterday: help with the claim?") is over.
  if (crash && p.past.test(folded) && !inLaneNow && !p.now.test(folded)) return { crashed: true };
  if (crash && !p.noInjury.test(folded)) {
    return { danger: inTraffic ? "traffic" : "crash" };
  }
  if (crash && inTraffic) {
    // Moved to the shoulder with nobody hurt: beside traffic, not in it.
    const beside = p.shoulder.test(folded) && !p.lane.test(folded);
    return beside ? { danger: "traffic", besideTraffic: true, crashed: true } : { danger: "traffic" };
  }
  if (crash) return { caution: p.offRoad.test(folded) ? undefined : "crash-no-injury", crashed: true };
  if (p.shoulder.test(folded)) return { danger: "traffic", besideTraffic: true };
  if (p.freeway.test(folded) && p.fastTraffic.test(folded) && p.stopped.test(folded))
    return { danger: "traffic", besideTraffic: true };
  if (p.heat.test(folded) && p.being.test(folded)) return { caution: "heat" };
  if (p.freeway.test(folded)) return { caution: "freeway" };
  return {};
}
