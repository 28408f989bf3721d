import { englishNegation, type Negation, negatedAt } from "./text";

/**
 * What in a message is about someone's safety right now. The assistant reads this before anything
 * else: when it finds danger, the reply is what to do now and nothing unrelated after it.
 *
 * - `danger`: the reply is only the safety answer (911, getting away from traffic or fire).
 * - `caution`: the driver's need is answered, led by one safety sentence (a flat on a freeway, a
 *   crash where nobody is hurt).
 */
export type Danger = "injury" | "fire" | "hot-car" | "tracks" | "traffic" | "crash" | "threat";
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
  /** Someone hurt (global: every mention is checked for negation). */
  injury: RegExp;
  /** Injuries that "nobody is hurt" cannot cancel (bleeding, unconscious, trapped). */
  severeInjury: RegExp;
  fire: RegExp;
  fuel: RegExp;
  /** A person or an animal. */
  being: RegExp;
  /** Locked, shut or stuck in. */
  shutIn: RegExp;
  /** A person or an animal inside the car. */
  beingInside: RegExp;
  tracks: RegExp;
  threat: RegExp;
  crash: RegExp;
  /** Ends the text before a crash word when the crash is a question's subject ("after an accident"). */
  crashAsSubject: RegExp;
  /** A car hit while parked, or one that has been in a crash: a tow, not a scene to leave. */
  crashParked: RegExp;
  rolledOver: RegExp;
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
  negation: Negation;
}

const BEING_NAMES =
  "(baby|babies|kid|kids|child|children|toddler|infant|son|daughter|dog|dogs|cat|cats|pet|pets|puppy|father|mother|mom|dad|grandma|grandpa|grandmother|grandfather|elderly|person|someone|somebody|boy|girl)";

export const englishSafety: SafetyPatterns = {
  injury:
    /\b(hurt|hurts|injur\w*|bleed\w*|blood|unconscious|passed out|not breathing|can'?t breathe|chest pain|broken (arm|leg|bone|ribs?)|ambulance|paramedics?|my neck|my head hurts|on the ground|trapped|pinned)\b/g,
  severeInjury: /\b(bleed\w*|blood|unconscious|not breathing|ambulance|trapped|pinned)\b/,
  fire: /\b(fire|flames?|burning|smoke|smoking|smoky|caught fire|on fire|sparks)\b/,
  fuel: /\b(smells? (like |of )?(gas|gasoline|fuel|petrol)|(gas|gasoline|fuel|petrol) smell|(gas|gasoline|fuel|petrol) (is )?leak\w*|leak\w* (gas|gasoline|fuel|petrol))\b/,
  being: new RegExp(`\\b${BEING_NAMES}\\b`),
  shutIn:
    /\b(locked|lock|stuck|trapped|shut|unlock|won'?t (open|unlock)|can'?t (open|get in|get (him|her|them|it) out))\b/,
  beingInside: new RegExp(
    `\\b${BEING_NAMES}\\b( is| are|'s| got| was| still)*( still)? (locked |stuck |trapped |shut )?(in|inside)\\b|\\b(with|and) (my |the |our |a )?${BEING_NAMES} (inside|in (it|there|the car))\\b|\\b${BEING_NAMES} (is |are )?(in the (car|truck|van|suv|back ?seat|car seat))`,
  ),
  tracks: /\b(railroad|railway|train|rail) (tracks?|crossing)\b|\bon the tracks\b/,
  threat:
    /\b(following me|followed|threaten\w*|scared|afraid|unsafe|not safe|in danger|danger|someone (is )?(trying|banging)|stalker|harass\w*|gun|knife|being robbed|robbery)\b/,
  crash:
    /\b(crash\w*|accident|collision|collided|rear[- ]?ended|t-?boned|fender ?bender|wreck|wrecked|flipped|rolled over|hit (a|an|by|another|the) (car|truck|deer|pole|wall|tree|guardrail|median|cow)|hit a deer|got hit|totaled|totalled)\b/,
  crashAsSubject: /\b(after|from|for|been in) (a|an|the)\s*$/,
  crashParked: /\b(while|when) (it was )?parked\b|\bparked car\b|\bbeen in (a|an) (accident|crash|wreck)/,
  rolledOver: /\bflipped|rolled over\b/,
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
  negation: englishNegation,
};

/** Reads a folded message for danger and for the need of a safety sentence. */
export function readSafety(folded: string, p: SafetyPatterns = englishSafety): SafetyReading {
  const notNegated = (m: RegExpMatchArray | null) => !!m && !negatedAt(folded, m.index ?? 0, p.negation);
  // "nobody is hurt" names the word "hurt" without anyone being hurt.
  const nobodyHurt = p.noInjury.test(folded) && !p.severeInjury.test(folded);
  const injury = [...folded.matchAll(p.injury)].some(notNegated) && !nobodyHurt;
  if (injury) return { danger: "injury" };
  if (p.fire.test(folded) || p.fuel.test(folded)) {
    if (notNegated(folded.match(p.fire) ?? folded.match(p.fuel))) return { danger: "fire" };
  }
  // Someone inside a car that will not open: "my baby is inside", "dog locked in the car". "My kid
  // locked my keys in the car" has a person and a lock, but nobody inside.
  if (p.shutIn.test(folded) && p.beingInside.test(folded)) return { danger: "hot-car" };
  if (p.tracks.test(folded)) return { danger: "tracks" };
  if (p.threat.test(folded)) return { danger: "threat" };
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
    return { danger: p.rolledOver.test(folded) ? "injury" : inTraffic ? "traffic" : "crash" };
  }
  if (crash && inTraffic) {
    // Moved to the shoulder with nobody hurt: beside traffic, not in it.
    const beside = p.shoulder.test(folded) && !p.lane.test(folded);
    return beside ? { danger: "traffic", besideTraffic: true, crashed: true } : { danger: "traffic" };
  }
  if (crash) return { caution: p.offRoad.test(folded) ? undefined : "crash-no-injury", crashed: true };
  if (p.lane.test(folded) && p.stopped.test(folded)) return { danger: "traffic" };
  if (p.shoulder.test(folded)) return { danger: "traffic", besideTraffic: true };
  if (p.freeway.test(folded) && p.fastTraffic.test(folded) && p.stopped.test(folded))
    return { danger: "traffic", besideTraffic: true };
  if (p.heat.test(folded) && p.being.test(folded)) return { caution: "heat" };
  if (p.freeway.test(folded)) return { caution: "freeway" };
  return {};
}
