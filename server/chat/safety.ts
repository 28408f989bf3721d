import { negatedAt } from "./text";

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
}

const INJURY =
  /\b(hurt|hurts|injur\w*|bleed\w*|blood|unconscious|passed out|not breathing|can'?t breathe|chest pain|broken (arm|leg|bone|ribs?)|ambulance|paramedics?|my neck|my head hurts|on the ground|trapped|pinned)\b/g;
const FIRE = /\b(fire|flames?|burning|smoke|smoking|smoky|caught fire|on fire|sparks)\b/;
const FUEL =
  /\b(smells? (like |of )?(gas|gasoline|fuel|petrol)|(gas|gasoline|fuel|petrol) smell|(gas|gasoline|fuel|petrol) (is )?leak\w*|leak\w* (gas|gasoline|fuel|petrol))\b/;
const BEING =
  /\b(baby|babies|kid|kids|child|children|toddler|infant|son|daughter|dog|dogs|cat|cats|pet|pets|puppy|father|mother|mom|dad|grandma|grandpa|grandmother|grandfather|elderly|person|someone|somebody|boy|girl)\b/;
const SHUT_IN =
  /\b(locked|lock|stuck|trapped|shut|unlock|won'?t (open|unlock)|can'?t (open|get in|get (him|her|them|it) out))\b/;
const BEING_NAMES = BEING.source.slice(2, -2);
const BEING_INSIDE = new RegExp(
  `\\b${BEING_NAMES}\\b( is| are|'s| got| was| still)*( still)? (locked |stuck |trapped |shut )?(in|inside)\\b|\\b(with|and) (my |the |our |a )?${BEING_NAMES} (inside|in (it|there|the car))\\b|\\b${BEING_NAMES} (is |are )?(in the (car|truck|van|suv|back ?seat|car seat))`,
);
const CRASH =
  /\b(crash\w*|accident|collision|collided|rear[- ]?ended|t-?boned|fender ?bender|wreck|wrecked|flipped|rolled over|hit (a|an|by|another|the) (car|truck|deer|pole|wall|tree|guardrail|median|cow)|hit a deer|got hit|totaled|totalled)\b/;
const LANE =
  /\b((middle|fast|left|right|slow|center|travel|carpool|hov|live|number \w+|#\d) lanes?|in (the )?(lane|lanes|traffic)|on the (road|roadway)|in the road|blocking traffic|middle of the (road|freeway|highway)|(in|out of|middle of) (the |an |this )?intersection|can'?t (get over|move|pull over))\b/;
const SHOULDER = /\b(shoulder|side of (the )?(freeway|highway|interstate|i-?5|5|99|4|120|hwy|road))\b/;
const FREEWAY =
  /\b(freeway|highway|hwy|interstate|i-?5|i 5|sr-?\d+|the (5|99|4|120|580|205)|on (5|99|4|120|205)|(5|99|120|205|4) (north|south|east|west|nb|sb|eb|wb)|hwy ?\d+|highway ?\d+)\b/;
const STOPPED =
  /\b(broke down|broken down|breakdown|died|dead|stalled|stall|stuck|stopped|quit|ran out|run out|out of gas|flat|blew|can'?t move|won'?t move|stranded|pulled over|push|pushing)\b/;
const TRACKS = /\b(railroad|railway|train|rail) (tracks?|crossing)\b|\bon the tracks\b/;
/** Heat that can hurt people waiting with the car (not shut in it: that is `hot-car`). */
const HEAT_DANGER = /\b(1[0-2]\d|9\d) ?(degrees|out|outside)\b|\b(so|really|super|very) hot\b|\bheat\b/;
const THREAT =
  /\b(following me|followed|threaten\w*|scared|afraid|unsafe|not safe|in danger|danger|someone (is )?(trying|banging)|stalker|harass\w*|gun|knife|being robbed|robbery)\b/;
const NO_INJURY =
  /\b(no ?one|nobody|noone|none of us|everyone|every one|we'?re|we are|i'?m|im|i am) ?(is|was|got|are|were)? ?(not )?(ok|okay|fine|alright|unhurt|safe)\b|\b(no ?one|nobody|noone|not) (is |was |got |were )?(hurt|injured)\b|\bno injur\w*/;

/** Reads a folded message for danger and for the need of a safety sentence. */
export function readSafety(folded: string): SafetyReading {
  const injury = [...folded.matchAll(INJURY)].some((m) => !negatedAt(folded, m.index ?? 0)) && !NO_INJURY_ONLY(folded);
  if (injury) return { danger: "injury" };
  if (FIRE.test(folded) || FUEL.test(folded)) {
    const m = folded.match(FIRE) ?? folded.match(FUEL);
    if (m && !negatedAt(folded, m.index ?? 0)) return { danger: "fire" };
  }
  // Someone inside a car that will not open: "my baby is inside", "dog locked in the car". "My kid
  // locked my keys in the car" has a person and a lock, but nobody inside.
  if (SHUT_IN.test(folded) && BEING_INSIDE.test(folded)) return { danger: "hot-car" };
  if (TRACKS.test(folded)) return { danger: "tracks" };
  if (THREAT.test(folded)) return { danger: "threat" };
  // "Do you do body work after an accident?" asks about a service, it does not report a crash.
  const crashMatch = folded.match(CRASH);
  const crash =
    !!crashMatch && !/\b(after|from|for|been in) (a|an|the)\s*$/.test(folded.slice(0, crashMatch.index ?? 0));
  // A car hit while parked, or one that "has been in an accident", is a tow, not a scene to leave.
  if (
    crashMatch &&
    /\b(while|when) (it was )?parked\b|\bparked car\b|\bbeen in (a|an) (accident|crash|wreck)/.test(folded)
  ) {
    return { crashed: true };
  }
  const inTraffic = LANE.test(folded) || SHOULDER.test(folded) || (crash && FREEWAY.test(folded));
  if (crash && !NO_INJURY.test(folded)) {
    return { danger: /\bflipped|rolled over\b/.test(folded) ? "injury" : inTraffic ? "traffic" : "crash" };
  }
  if (crash && inTraffic) return { danger: "traffic" };
  if (crash) {
    const offRoad = /\bparking (lot|garage)|driveway|\blot\b/.test(folded);
    return { caution: offRoad ? undefined : "crash-no-injury", crashed: true };
  }
  if (LANE.test(folded) && STOPPED.test(folded)) return { danger: "traffic" };
  if (SHOULDER.test(folded)) return { danger: "traffic" };
  if (
    FREEWAY.test(folded) &&
    /\b(night|dark|2am|3am|midnight|trucks|flying by|fast)\b/.test(folded) &&
    STOPPED.test(folded)
  ) {
    return { danger: "traffic" };
  }
  if (HEAT_DANGER.test(folded) && BEING.test(folded)) return { caution: "heat" };
  if (FREEWAY.test(folded)) return { caution: "freeway" };
  return {};
}

/** "nobody is hurt" names the word "hurt" without anyone being hurt. */
function NO_INJURY_ONLY(folded: string): boolean {
  return (
    NO_INJURY.test(folded) && !/\b(bleed\w*|blood|unconscious|not breathing|ambulance|trapped|pinned)\b/.test(folded)
  );
}
