import { z } from "zod";
import { readDataFile } from "./data-file";

/**
 * The words the safety guard (guard.ts) reads with, one file per language (data/<lang>/safety.yaml,
 * commented), and the sentences it answers with. The guard holds no word of any language: everything
 * it knows about English or Spanish is here, so adding a word to a danger class is a line of data.
 *
 * Phrases are written in the assistant's one phrase syntax (phrase-syntax.ts, shared with the entity
 * finder's lists): words joined by `|` are alternatives, `@name` is any entry of `lists.name`, `#` a
 * number, `*` any one word, and `?` after a piece makes it optional.
 * Words are compared after folding (lower case, no accents, no apostrophes, repeated letters
 * squeezed) and by their stem (nlp.js's Snowball stemmers, in the word's own language: "hurts",
 * "hurting" and "hurt" are one word, as are "amenazando" and "amenazándome"), and a word of five
 * letters or more also reads its one-letter typos, unless the typo is itself a word listed in
 * `lookalikes`.
 */

/**
 * The danger classes, the way a 911 dispatcher sorts a call, in the order their advice is given
 * when a message holds several: the hazards everyone must get away from first.
 */
export const DANGER_KINDS = [
  "tracks",
  "fire",
  "fumes",
  "water",
  "lane",
  "threat",
  "heat",
  "cold",
  "shut-in",
  "medical",
  "injury",
] as const;
export type DangerKind = (typeof DANGER_KINDS)[number];

/** `traffic`: stopped in or beside moving traffic; `crash`: a crash scene, happening now. */
export const ROAD_DANGERS = ["traffic", "crash"] as const;
/** A safety sentence before the answer: a stop on a freeway, a crash nobody was hurt in, heat. */
/**
 * `freeway-no-cabin` is the freeway caution for a vehicle with no cabin (a motorcycle): nobody can stay
 * buckled in it, so its rider is told to get off the road and behind a barrier instead.
 */
export const CAUTIONS = ["freeway", "crash-no-injury", "heat", "freeway-no-cabin"] as const;

/**
 * What the reply still needs after the guard's kinds (guard.ts `road`): a crash, a stop beside fast
 * traffic, and a caution that leads an answer. The guard's kinds decide every danger to a person.
 */
export interface SafetyReading {
  danger?: (typeof ROAD_DANGERS)[number];
  caution?: (typeof CAUTIONS)[number];
  /** A crash has happened (the car then needs a tow, whatever else the message says). */
  crashed?: boolean;
  /**
   * Stopped beside a fast road, not in its lanes (the shoulder, a dark freeway at night): the safety
   * answer comes first, and the service the driver asked for may follow it.
   */
  besideTraffic?: boolean;
  /**
   * The message tells of a person's condition or body (safety.yaml `person`) that no danger class
   * reads: the freeway's "stay in the car" is then not said, and the reply opens with "If anyone is
   * in danger, call 911 now".
   */
  person?: boolean;
  /** Beside traffic on a vehicle with no cabin (a motorcycle): the rider's traffic answer, not the car's. */
  noCabin?: boolean;
}

const phrases = z.array(z.string().min(1));

/** A context that is not danger: when one of `when` is in a message, the guard ignores `ignore` there. */
const context = z.object({ when: phrases, ignore: phrases });

/**
 * One class's advice: the sentence, the public source it was checked against, and what it asks:
 * `out`, get everyone out and away (it wins over any `stay`); `stay`, stay where you are (by the car,
 * locked in); neither, look after the person where they are.
 */
const advice = z.object({
  say: z.string().min(1),
  source: z.string().min(1),
  out: z.boolean().optional(),
  stay: z.boolean().optional(),
});

export const safetyVocabularySchema = z.object({
  /** The language the words are in: its stemmer reads them. */
  language: z.enum(["en", "es"]),
  /**
   * The fewest letters a stem may have to meet a message word's ("kid" for "kids"): a shorter stem
   * of this language's stemmer meets too many words of the other ("que", "mar").
   */
  minStem: z.number().int().min(2),
  /**
   * Pronouns joined to the end of a verb ("sáquenme", "ayúdenme"): the stemmer takes them off only
   * after a gerund or an infinitive, so an imperative is read again without one.
   */
  enclitics: z.array(z.string()),
  /** Real words one letter away from a danger word: never read as its typo. */
  lookalikes: z.array(z.string()),
  /** Words that, just before a danger word, deny it ("no smoke", "not in the lane"). */
  negators: z.array(z.string()),
  /** Small words skipped when looking at a danger word's neighbours ("is", "the", "my"). */
  fillers: z.array(z.string()),
  /** Named lists that phrases use as `@name`. */
  lists: z.record(z.string(), phrases),
  /** People of any age or relation, and animals. */
  beings: phrases,
  /** Age expressions that name a person: "2 yr old", "18 meses". */
  ages: phrases,
  /** Things that get locked in a car (keys, phone): what "locked inside" is about when named before it. */
  objects: phrases,
  /** Words that make the being after them an owner ("the keys of my wife"), not someone inside. */
  owners: z.array(z.string()),
  /** Shut in, locked in, trapped, cannot get out: a being attached to one of these is in danger. */
  shutIn: phrases,
  /** Being inside the car ("still inside", "in his car seat"): danger when the car is also locked. */
  inside: phrases,
  /** The car will not open ("locked out", "keys inside"). */
  lockedOut: phrases,
  /** Anyone hurt, however it is said. */
  injury: phrases,
  /** How drivers soften an injury ("a little", "i think im ok"): the injury stands (used by the tests). */
  hedges: phrases,
  /** "Nobody is hurt": cancels the injury words before it, never one that follows it. */
  cancellations: phrases,
  /** Car parts: an injury word about one of them ("the battery is swollen") is no one's injury. */
  carParts: phrases,
  /** A medical emergency on its own: seizure, chest pain, can't breathe, labour, unresponsive, confused. */
  medical: phrases,
  /** Signs that are an emergency beside a condition or another sign (shaky, sweaty, headache). */
  symptoms: phrases,
  /** Conditions that make a sign an emergency (diabetic, pregnant, asthma). */
  conditions: phrases,
  /** Fire, smoke, a burning smell, a fuel leak. */
  fire: phrases,
  /** Exhaust or fumes getting in, carbon monoxide: danger on their own. */
  fumes: phrases,
  /** The engine running (or the car idling): with a smell or a sign (headache, drowsy), fumes. */
  engineRunning: phrases,
  /** A smell of any kind: with the engine running, fumes. */
  smell: phrases,
  /** Water rising, a flooded road, a car in water. */
  water: phrases,
  /** Extreme heat: with a sign of heat illness, the heat class. */
  heat: phrases,
  /** Heat illness signs (not sweating, confused, faint, cramps). */
  heatSigns: phrases,
  /** Cold: with a sign of hypothermia, the cold class. */
  cold: phrases,
  /** Hypothermia signs (shivering, numb, blue lips, drowsy). */
  coldSigns: phrases,
  /** On the tracks, the gates coming down, a train coming: danger on their own. */
  tracks: phrases,
  /** A crossing: danger with a word saying the car stopped there. */
  crossing: phrases,
  /** Travel lanes, intersections, bridges: danger with a word saying the car stopped there. */
  lanes: phrases,
  /** Traffic passing close ("cars flying by"): danger with a stop, unless the car is off the road. */
  closeTraffic: phrases,
  /** Off the travel lanes: a shoulder, a parking lot, a driveway. */
  offRoad: phrases,
  /** The car stopped, stalled, died, crashed or cannot move. */
  stopped: phrases,
  /** Threats, violence, a weapon, coercion (demanding cash, not letting them leave). */
  threat: phrases,
  /** A tow the driver did not ask for ("never called", "my insurance sent him"): a threat with `coercion`. */
  unrequested: phrases,
  /** Holding the driver: cash on the spot, blocking them in, riding along, keeping their things (with `unrequested`). */
  coercion: phrases,
  /** Vulnerable people (a baby, the elderly, a diabetic): with two heat or two cold phrases, that class. */
  vulnerable: phrases,
  /**
   * A person's condition or body (an age, a baby, pregnancy, a symptom): a freeway stop in a message
   * holding one never gets "stay buckled in the car" (SafetyReading `person`).
   */
  person: phrases,
  /** Idioms holding a danger word that mean something else ("fire lane", "won't fire up", "killing me"). */
  except: phrases,
  /** Contexts that are not danger: a blocked driveway's "I can't get out", a letter that threatens to sue. */
  contexts: z.array(context),
  /**
   * After the guard, what the reply still needs to know about the road (guard.ts `road`): a crash, a
   * stop beside fast traffic, and the cautions that lead an answer. Phrases, as above.
   */
  road: z.object({
    /** A crash, a collision, a car hit. */
    crash: phrases,
    /** Words just before a crash word that make it a question's subject ("after an accident"). */
    crashAsSubject: phrases,
    /**
     * Words just after a crash word that make it the name of a service ("accident recovery", "collision
     * towing"): a question about what we offer, not a crash happening now.
     */
    crashAsService: phrases,
    /** A car hit while parked, or one that has been in a crash: a tow, not a scene to leave. */
    crashParked: phrases,
    /** A crash in a parking lot or a driveway: no traffic, no caution sentence. */
    crashOffRoad: phrases,
    /** In a travel lane, an intersection, unable to get over. */
    lane: phrases,
    /** The shoulder or the side of a fast road. */
    shoulder: phrases,
    /** A freeway or a highway, by name or number. */
    freeway: phrases,
    /** The car broke down, is stuck or cannot move. */
    stopped: phrases,
    /** Night, dark, fast trucks: a freeway stop that is dangerous even off the lanes. */
    fastTraffic: phrases,
    /** "Yesterday", "last week": a crash told after the fact, not a scene happening now. */
    past: phrases,
    /** "Still", "just", "now": the scene is happening, whatever happened yesterday. */
    now: phrases,
    /** Heat that can hurt people or animals waiting with the car. */
    heat: phrases,
    /** "Nobody is hurt", "we're ok": a crash without an injury. */
    noInjury: phrases,
    /**
     * A vehicle with no cabin to stay in (a motorcycle, a scooter): the freeway's "stay buckled in the
     * car" is never said to its rider (guard.ts `road`).
     */
    noCabin: phrases,
  }),
  /**
   * What the assistant says: `call` is the first sentence of every danger reply, then the advice of
   * the most urgent class found (and of one more that does not contradict it), then `car` (after 911,
   * help with the car; `{phone}` is the site's number).
   */
  reply: z.object({
    call: z.string().includes("911"),
    car: z.string().includes("{phone}"),
    kinds: z.object(Object.fromEntries(DANGER_KINDS.map((k) => [k, advice])) as Record<DangerKind, typeof advice>),
  }),
});

export type SafetyVocabulary = z.infer<typeof safetyVocabularySchema>;

/** A language's YAML, read and checked like every other data file of the assistant (data-file.ts). */
function load(lang: string): SafetyVocabulary {
  return readDataFile(`${lang}/safety.yaml`, safetyVocabularySchema);
}

/** The vocabularies by reply language; the guard reads every message with all of them. */
export const safetyVocabularies = { en: load("en"), es: load("es") };
