import type { ServiceSlug } from "../../../src/shared/services";
import { englishNegation, type Negation, negatedAt } from "./text";

/**
 * What a driver asks, read over the whole message: every need it names (a message can ask three
 * things), minus the ones it negates ("no spare", "not locked out", "it's not the battery"), with the
 * rules that make one reading win over another ("flat tow" is a towing method, not a flat tire; a
 * car left for days on my street is the 72-hour rule, not a tow we sell).
 */
export type Topic =
  | "greeting"
  | "thanks"
  | "bot"
  | "contact"
  | "email"
  | "address"
  | "hours"
  | "price"
  | "eta"
  | "request"
  | "services-list"
  | "areas"
  | "blocked-driveway"
  | "abandoned"
  | "private-property"
  | "private-property-sign"
  | "home-driveway"
  | "insurance-claim"
  | "diagnosis"
  | "new-key"
  | "who-pays"
  | "find-towed"
  | "impound"
  | "police-tow"
  | "junk-title"
  | "legal-advice"
  | "payment"
  | "repairs"
  | "recommend"
  | "weather"
  | "fleet"
  | "insurance"
  | "complaint"
  | "injection"
  | "privacy"
  | "off-topic"
  | "technical"
  | "accident-info"
  | "help"
  | "unattended"
  | "ride-along"
  | "verify-operator"
  | "language"
  | "flat-no-spare";

export type Intent = Topic | `service:${ServiceSlug}`;

export interface Rule {
  intent: Intent;
  re: RegExp;
  /** "not locked out", "no tow": a negated mention does not count. */
  negatable?: boolean;
}

export const ENGLISH_RULES: Rule[] = [
  {
    intent: "greeting",
    re: /^(hi+|hello+|hey+|hiya|howdy|yo|good (morning|afternoon|evening)|sup)\b[\s!.,?]*(there|guys|team)?[\s!.,?]*$/,
  },
  {
    intent: "help",
    re: /^(i )?(need |want )?(some )?(help|assistance)( me| pls| please| asap| now)?[\s!.?]*$|^(can|could) (you|u|someone) help( me)?[\s!.?]*$|^(ok|okay|yes|no|yeah|nope|hmm+|\?+|\.+)[\s!.?]*$/,
  },
  { intent: "language", re: /\b(speaks?|talk) (spanish|espanol)\b|\bin spanish\b|\bspanish[- ]speaking\b/ },
  { intent: "thanks", re: /\b(thanks|thank you|thank u|thx|ty|appreciate it|cheers)\b/ },
  {
    intent: "bot",
    re: /\b(are you|r u|is this) (a |an )?(real|human|person|bot|robot|ai|machine|computer)\b|\bwhat is this\b|\bwho am i (talking|speaking) to\b/,
  },
  {
    intent: "contact",
    re: /\b(phone( number)?|number to call|your number|the number|call you|talk to (a |an )?(human|person|someone|real person|dispatcher|agent)|speak (to|with) (a |an )?(human|person|someone|dispatcher))\b/,
  },
  { intent: "email", re: /\b(e-?mail)\b/ },
  {
    intent: "address",
    re: /\b(where are you( guys)? (located|based|at)|your (address|office|location)|address\??$|where is your (office|yard|shop))\b/,
  },
  {
    intent: "hours",
    // A question about when we work, not a message that happens to say "at night".
    re: /\b((are|r) (you|u|y'?all) (open|available|working)|open (on|at|now|today|tonight|rn|right now|late|24|weekends?|sundays?|saturdays?|holidays?|christmas|thanksgiving|new years?|easter)|open\?|(what time|when) do you (open|close)|closing time|hours|24 ?\/ ?7|24 hours|(work|working|come|open|available|out)\b.{0,24}\b(holidays?|christmas|thanksgiving|new years?( eve)?|easter|4th of july|fourth of july|labor day|memorial day|weekends?|sundays?|saturdays?|(1|2|3|4) ?am|midnight)|anyone (working|available|there)|close[ds]?\b.*\?|can you come (on|at) (a |the )?(holiday|night|weekend|sunday))\b/,
  },
  {
    intent: "price",
    re: /\b(price|prices|pricing|cost|costs|charge|charges|rates?|quote|fees?|expensive|cheap|cheaper|cheapest|dollars?(?! (of|in|worth of) damage)|bucks|discount\w*|coupon|free|ballpark|estimate for the (tow|job)|how much (is|for|does|do|would|to|4|will|are|it costs?|money))\b|\$|\bhow much\b(?! (notice|time|weight|room|space|gas|fuel|longer|warning))(?!.*\b(weight|weigh|pull|lbs|pounds|capacity|can (it|my|a|i) (tow|pull)))/,
  },
  {
    intent: "eta",
    re: /\b(how soon|how fast|how quick(ly)?|eta|arrival|arrive|get (here|to me|there)|be here|wait time|waiting time|on (your|the|their) way|how long (til|till|until|untill|before (you|someone|they|a truck|the truck|the driver|help)|will (it|you|they|someone|the driver) (take|be)|does (it|a|the) ?\w* ?\w* take|to get)|here in \d+|within \d+)\b/,
  },
  {
    intent: "request",
    re: /\b(how (do|can|would) (i|we|u|you) (request|book|order|schedule|ask for)|how (do|can) (i|we) get (a tow|help|service|roadside|someone)\b|request (a |service|help)|book (a|the)|fill (out|in)|the form|schedule|appointment|next week|how does (it|this) work|call or)\b/,
  },
  {
    intent: "services-list",
    re: /\b(what (services|do you (do|offer|have))|services do you (offer|have|provide|do)|list of services)\b/,
  },
  {
    intent: "areas",
    re: /\b(what (areas|towns|cities|places)|which (areas|towns|cities)|where do you (go|serve|cover|work|operate)|how far (do|will|can) you|service area|coverage|areas? (do )?you (cover|serve)|(san joaquin|sj) county|towns do you|(what|which) (highways|freeways|roads) (do )?you)\b/,
  },
  {
    intent: "blocked-driveway",
    re: /\b(block\w*|across|in front of) (my |our |the )?(drive ?way|garage)|(drive ?way|garage)\b.*\bblock\w*|block\w* .*\b(my|our) (drive ?way|garage)\b/,
  },
  {
    intent: "abandoned",
    re: /\babandon\w*|\b(on|in front of|outside) (my|our|the) (street|house|block|home|building)\b.*\b(for|since) (days|weeks|a week|a month|months|\w+ weeks|\w+ days|ever)|\b(sitting|parked|left) (on|in front of) (my|our|the) (street|house|block|road)\b.*\b(days|weeks|month|months|nobody moves)|\bnobody moves it\b|\bhow long can a car (stay|be) parked\b|\b(dumped|left|parked|sitting)\b.*\b(on|in front of|outside) (my|our|the) (street|house|block|home|road)\b.*\b(since|for) (last|a|two|three|\d+|several|many)\b|\b(hasn'?t|has not|not|never) (been )?moved\b.*\b(days|weeks|month|months)\b/,
  },
  {
    intent: "private-property",
    re: /\b(parked|left|sitting|abandoned) (\w+ )?(in|on) (my|our) (own )?(driveway|garage|lot|property|yard)\b|\b(apartment|complex|landlord|hoa|private property|property manager|manage (a|the) (lot|property|building)|business lot|shopping (center|mall)|store lot|parking lot|lot)\b.*\b(tow\w*|notice|warning|sign\w*)\b|\b(tow\w*|notice|warning)\b.*\b(apartment|complex|landlord|hoa|private property|business lot|parking lot)\b|\bno (sign|signs|warning)\b|\bsigns? up\b|\bgive notice\b|\bnotice before tow\w*/,
  },
  {
    intent: "diagnosis",
    re: /\bwhat'?s (wrong|going on) with (my|the) (car|truck|engine|van)\b|\bwhat'?s wrong with (it|her|him)\b|\bwhat (is|could be) wrong with (my|the) (car|truck|engine)\b|\bdiagnos\w*/,
  },
  {
    intent: "insurance-claim",
    re: /\bclaims?\b.{0,40}\b(insurance|insurer)\b|\b(insurance|insurer)\b.{0,40}\b(claims?|won'?t pay|refuses? to pay)\b|\bfile (a|an|the) claim\b/,
  },
  {
    intent: "new-key",
    re: /\b(make|cut|program|replace|copy|duplicate) (me )?(a |an |the )?(new |spare |replacement )?(car )?(key|keys|fob)\b|\b(new|spare|replacement) (car )?(key|fob)\b|\blost (my |the |all )?(car )?(keys?|fob)\b/,
  },
  {
    // "How big does the sign have to be?": the sign the law asks for, not the whole private-property rule.
    intent: "private-property-sign",
    re: /\bsigns?\b.{0,60}\b(size|how big|how large|inches|dimensions?|requirements?|what (does it|do they|it) (have to|need to|must) say)\b|\b(size|how big|dimensions?)\b.{0,40}\bsigns?\b/,
  },
  {
    intent: "accident-info",
    re: /\b(exchange|information|info|report|dmv|paperwork|what (do|should) i do)\b.*\b(accident|crash|collision|fender ?bender)\b|\b(accident|crash\w*|collision|fender ?bender)\b.*\b(report\w*|dmv)\b|\breport\w*\b.{0,20}\bdmv\b|\bafter (an|a|the) (accident|crash|collision|wreck)\b/,
  },
  {
    intent: "unattended",
    re: /\b(if|when|while) i'?m not (there|home|around|with (it|the car))|\bwithout me (there|present)|\bneed me there\b|\bdo i (need|have) to be (there|present)\b/,
  },
  { intent: "ride-along", re: /\bride (in|with|along)\b.*\b(tow truck|truck|driver)\b|\bcan i ride\b/ },
  {
    // "How do I know the driver was sent by you?": CVC 22513's check, not a tow.
    intent: "verify-operator",
    re: /\b(how (do|can|will|would) i (know|tell|be sure)|make sure|check|verify)\b.*\b(sent by you|you sent|from you|is (really )?(yours|legit|real)|(is|was) (the one )?(you )?sent|real (tow|operator|driver))\b|\b(fake|scam|bandit|pirate) (tow|truck|driver|operator)/,
  },
  {
    intent: "who-pays",
    re: /\bwho (pays|has to pay|is paying|pays for|covers|is responsible)\b|\b(do|will|would) i (have to|need to|still) pay\b/,
  },
  {
    intent: "find-towed",
    re: /\b(car|truck|vehicle|it) (got|was|has been|been|is) towed\b|\bgot towed\b|\bwhere (is|did) my (car|truck)\b|\bwhere did (the )?(police|cops?|they) take my (car|truck|vehicle)\b|\b(car|truck) is (gone|missing)\b|\bmy (car|truck) (is )?gone\b|\bwhere do towed cars go\b|\bfind my (car|truck)\b|\bmy towed (car|truck|vehicle)\b|\bimpound\w*\b(?!.*\bbring\b)/,
  },
  {
    intent: "police-tow",
    // The notice and the hearing after a police-ordered tow (CVC 22852), not where the car went.
    re: /^(?=.*\b(police|cops?|officers?|sheriff|chp)\b)(?=.*\b(towed|took|impounded)\b)(?=.*\b(notice|notif\w*|letter|hearing)\b)/,
  },
  {
    intent: "impound",
    re: /\b(bring|need|take)\b.*\b(impound|storage yard|tow yard|get my car out|get (it|my car) back)\b|\bget my car out of\b/,
  },
  {
    intent: "junk-title",
    re: /\b(title|pink slip|paperwork|registration)\b.*\b(junk|scrap|remove|sell|gone|get rid|haul)|\b(junk|scrap|remove|sell|get rid|haul)\b.*\b(title|pink slip|paperwork)\b/,
  },
  { intent: "legal-advice", re: /\b(sue|suing|lawyer|attorney|court|legal|illegal|lawsuit|my rights)\b/ },
  {
    intent: "payment",
    re: /\b(credit cards?|debit|cash|venmo|zelle|paypal|apple pay|google pay|cash ?app|(pay by|take|accept|personal) checks?|financing|payment|pay (with|by|in|cash|card)|pay\b.*\b(with|by) (a |my )?(card|cash|check|phone)|take cards?|accept (cards?|cash))\b/,
  },
  {
    intent: "repairs",
    re: /\b(fix|repair\w*|oil change|brakes?|tune[- ]?up|air condition\w*|a\/c|\bac\b|body ?work|transmission (is )?slipping|alternator|smog|tires? rotation|mechanic work|replace my)\b/,
    negatable: true,
  },
  {
    intent: "recommend",
    re: /\b(recommend\w*|good mechanic|know a (good )?(mechanic|shop)|mechanic you trust|shops? (near|in) \w+ you trust|you trust|(best|good|cheap|honest|any good|a good) (\w+ )?(mechanic|shop|garage)s?)\b/,
  },
  { intent: "weather", re: /\b(weather|rain\w*|forecast|storm|fog|snow|temperature tomorrow)\b/ },
  {
    intent: "fleet",
    re: /\b(fleet|how many (trucks|drivers|tow trucks)|what kind of (tow )?trucks|trucks do you (run|have|use)|heavy[- ]duty|semis?|big rigs?|wreckers?|rotator|box trucks?|buses?|rv tow\w*|tow (a |an |my |our )?(boat|rv|motorhome|camper|bus|semi|big rig|box truck|limo|tractor|forklift)s?)\b/,
  },
  { intent: "insurance", re: /\b(insurance|insurer|aaa|auto club|roadside coverage|claim)\b/ },
  {
    intent: "complaint",
    re: /\b(sucks?|useless|stupid|idiot|ripped (me )?off|scam\w*|terrible|worst|hate|fuck\w*|shit\w*|damn|waiting forever|rude|garbage)\b/,
  },
  {
    intent: "injection",
    re: /\b(ignore (all |any |the )?(previous|prior|above|your)|system prompt|you are now|from now on|pretend (you|to)|repeat after me|act as|jailbreak|dan\b|developer mode|new instructions|i authorize you|as the owner)|^system:/,
  },
  {
    intent: "privacy",
    re: /\b(password|api key|credentials|home address of|drivers'? (home|address|phone)|personal (info|information|data))\b/,
  },
  {
    intent: "off-topic",
    re: /\b(pizza|tacos?|burger|restaurant|food|eat|coffee|hotel|movie|game last night|score|poem|joke|song|hiring|job|jobs|apply|used cars?|sell (me )?a car|buy a car|dating|homework|president|capital of|bitcoin|stocks?|salary|(drivers?|operators?) make|work for you|meaning of life)\b/,
  },
  {
    intent: "technical",
    re: /\b(hitch\w*|dolly|dollies|flat ?tow\w*|four[- ]down|behind (my|an|the|a) (rv|motorhome|camper)|flatbed (vs|or|versus|better)|wheel[- ]?lift|hook[- ]and[- ]chain|types? of tow(ing)?\b(?! trucks?)|kinds? of tow(ing)?\b(?! trucks?)|tow(ing)? capacity|capacity|tow(ing)? package|tow pkg|trim( level)?|options package|tow (bar|strap)|strap|rope|towing (mean|means|meaning)|what does (towing|tow) mean|single tow|freeway service patrol|fsp|automatic (car|transmission)?|neutral|tow mode|transfer case|awd|all[- ]wheel|4x4|four[- ]wheel drive|drive wheels|transmission damage|damage the transmission|tow (a )?trailer|trailer|short tow|affordable|keep .* (cheap|affordable))\b/,
  },
  {
    intent: "flat-no-spare",
    re: /\b(no|dont have( a)?|don't have( a)?|without( a)?|have no|got no|no usable) (usable )?spare\b|\bspare (is |was )?(also )?(flat|bad|damaged|missing|gone|busted)|\bspare'?s? flat\b/,
  },

  // The services, in words drivers use.
  {
    intent: "service:jump-start",
    re: /\b(battery|batteries|batt|jump\w*|won'?t start|wont start|doesn'?t start|will not start|won'?t turn (over|on)|wont turn (over|on)|not starting|clicking|clicks|car (just )?died|no lights on the dash|(car|truck|van|suv|it)('s| is) (completely |totally |just |all )?dead)\b/,
    negatable: true,
  },
  {
    intent: "service:flat-tire",
    re: /\b(flat(?![- ]?(tow\w*|bed))|puncture\w*|blow ?out|blew (out|a tire)|popped (a |my )?tire|tire (is )?(flat|popped|blew|blown|low)|donut|spare|tire|tyre|tires)\b/,
    negatable: true,
  },
  {
    intent: "service:gasoline-delivery",
    re: /\b(out of (gas|fuel)|outta (gas|fuel)|ran out|run out|empty tank|tank (is )?empty|gas|gasoline|fuel|diesel|petrol)\b/,
    negatable: true,
  },
  {
    intent: "service:vehicle-lockouts",
    re: /\b(locked out|lock ?out|lockouts|locked (my )?keys?|keys? (are )?(locked )?(in|inside)|key fob|fob|can'?t get in|lost (my |the )?(car )?keys|keys? (fell|are gone|is gone|got lost)|(car|truck|door|doors) (is |are )?locked|locked (car|truck)|won'?t (open|unlock)|wont (open|unlock)|unlock)\b/,
    negatable: true,
  },
  {
    intent: "service:motorcycle-towing",
    re: /\b(motorcycles?|motorbikes?|bike|bikes|scooter|harley|dirt ?bike|moped|vespa|ducati|yamaha r\d)\b/,
  },
  {
    intent: "service:junk-car-removal",
    re: /\b(junk\w*|scrap\w*|get rid of|haul (it )?away|want it gone|doesn'?t run anymore|hasn'?t run|dead car|buy (junk )?cars?|old (car|truck) in)\b/,
    negatable: true,
  },
  {
    intent: "service:roadside-assistance",
    re: /\b(roadside|overheat\w*|temp(erature)? (light|gauge)|warning light|check engine|engine light|weird noise|se calento|steaming|coolant)\b/,
    negatable: true,
  },
  {
    intent: "service:emergency-towing",
    // "At 3 am" is the middle of the night; "at 9 am" is not.
    re: /\b(emergency|urgent\w*|middle of the night|late at night|stranded|([1-4]) ?(am|a\.m\.)(?!\w)|([1-4]) in the morning)/,
  },
  {
    intent: "service:towing",
    re: /\b(tow|tows|towing|tow truck|broke down|broken down|breakdown|break down|needs to go to|take (it|my car|my truck) to|take my car|move (it|my car|my truck)|flatbed|long distance|ditch|winch\w*|pull (me|it|us) out|stuck in (the )?(mud|sand|snow)|ride home|to (the|my) (shop|mechanic|dealer)|get (my|the) (car|truck|vehicle) (from|to|home|back)|won'?t (move|go|drive|shift|go into gear)|wont (move|go|drive|shift)|stopped (on me|running|working)|quit on me|transmission (is )?(gone|out|shot|went)|seized)\b/,
    negatable: true,
  },
];

/** The driver says they need help now, not only that they have a question. */
export const STRONG_NEED =
  /\b(need|needs|send|get me|want|book) (a |my |the )?(tow|truck|flatbed|roadside)\b|\b(broke down|broken down|won'?t start|wont start|stuck|stranded|dead|died)\b/;

/**
 * What settles one reading over another, in a language's words: the rules below (which need wins)
 * are the same in every language, these phrases are not. The Spanish ones are in spanish.ts.
 */
export interface IntentCues {
  /** "I need a tow", "it broke down": a need now, not only a question. */
  strongNeed: RegExp;
  /** "It's not the battery", "the battery is fine". */
  batteryRuledOut: RegExp;
  /** "Won't start", said once the battery is ruled out: a tow. */
  cannotStart: RegExp;
  /** With a question on tow methods, the words that still make it a motorcycle that needs moving. */
  motorcycleNeed: RegExp;
  /** "Gas station", "gas pedal": places and parts, not fuel. */
  gasNotFuel: RegExp;
  /** But "ran out … near the gas station" is still fuel. */
  outOfFuel: RegExp;
  /** A key fob: a lockout, not a battery. */
  keyFob: RegExp;
  /** "My motorcycle and my car": two vehicles, two services. */
  twoVehicles: RegExp;
  /** "My car", "mi troca": the driver's own vehicle. */
  ownCar: RegExp;
  /** "My own driveway", "a single-family home": the owner's own lot, where the law asks no sign or wait. */
  ownHome: RegExp;
  /** "Send a tow truck": a tow named, not only a car that stopped. */
  towAsked: RegExp;
  /** "What does your roadside service include?": the service's page is the answer, whatever else is asked. */
  asksAboutService: RegExp;
}

export const englishCues: IntentCues = {
  strongNeed: STRONG_NEED,
  batteryRuledOut:
    /\b(not|isn'?t|isnt|ain'?t) (the |my )?batt\w*|\bbatt\w* (is |was )?(fine|ok|okay|good|new|not the problem|charged)\b/,
  cannotStart: /\b(won'?t|wont|doesn'?t|will not) (start|turn over)\b/,
  motorcycleNeed: /\b(broke down|stuck|stranded|need a tow)\b/,
  gasNotFuel: /\bgas (station|pedal|cap)\b/,
  outOfFuel: /\b(out of|outta|ran out|run out|empty)\b/,
  keyFob: /\bkey fob\b|\bfob\b/,
  twoVehicles: /\b(car|truck|suv|van) (too|also|as well)\b|\band (my|a|the) (car|truck|suv|van)\b|\btwo vehicles\b/,
  towAsked: /\btow\w*\b|\bflatbed\b/,
  ownCar: /\bmy (own )?(car|truck|suv|van|vehicle|[a-z]+ (car|truck))\b/,
  ownHome: /\bsingle[- ]family\b|\bmy (own )?(house|home|driveway|garage)\b/,
  asksAboutService: /\bwhat (does|do|is) (your|the) \w+( \w+)? (service )?(include|includes|cover|covers)\b/,
};

/** How a language's messages are read for needs: its rules, its cues and how it says "not". */
export interface IntentGrammar {
  rules: Rule[];
  cues: IntentCues;
  negation: Negation;
}

export interface Reading {
  /** Needs in the order the driver named them. */
  intents: Intent[];
  /** The battery was ruled out ("not the battery", "battery is fine"). */
  batteryRuledOut: boolean;
}

/** The rules with the global flag, compiled once per grammar: every match is checked for negation. */
const compiled = new WeakMap<Rule[], Rule[]>();
function globalRules(rules: Rule[]): Rule[] {
  let out = compiled.get(rules);
  if (!out) {
    out = rules.map((r) => ({ ...r, re: new RegExp(r.re.source, `${r.re.flags.replace("g", "")}g`) }));
    compiled.set(rules, out);
  }
  return out;
}

export const englishGrammar: IntentGrammar = { rules: ENGLISH_RULES, cues: englishCues, negation: englishNegation };

/** The crash duties asked by name, in either language: with these, a towed car's question keeps them. */
const CRASH_DUTIES = /\b(dmv|report\w*|exchange|intercambi\w*)\b/;

export function readIntents(folded: string, grammar: IntentGrammar = englishGrammar): Reading {
  const { cues } = grammar;
  const found = new Map<Intent, number>();
  for (const rule of globalRules(grammar.rules)) {
    for (const m of folded.matchAll(rule.re)) {
      const at = m.index ?? 0;
      if (rule.negatable && negatedAt(folded, at, grammar.negation)) continue;
      const before = found.get(rule.intent);
      if (before === undefined || at < before) found.set(rule.intent, at);
      break;
    }
  }
  const has = (i: Intent) => found.has(i);
  const drop = (...ids: Intent[]) => {
    for (const i of ids) found.delete(i);
  };
  const add = (i: Intent, at = folded.length) => {
    if (!found.has(i)) found.set(i, at);
  };

  const batteryRuledOut = cues.batteryRuledOut.test(folded);
  if (batteryRuledOut) {
    const cannotStart = cues.cannotStart.test(folded);
    drop("service:jump-start");
    if (cannotStart) add("service:towing", 0);
  }
  // Ways of towing ("flat tow", "wheel lift", "does it have to be flatbed") are questions, not orders.
  if (has("technical")) {
    drop("service:flat-tire");
    if (!cues.strongNeed.test(folded)) drop("service:towing");
    if (!cues.motorcycleNeed.test(folded)) drop("service:motorcycle-towing");
  }
  if (has("flat-no-spare")) {
    drop("service:flat-tire", "service:emergency-towing");
    add("service:towing", found.get("flat-no-spare"));
  }
  // "My father-in-law's car sat three weeks and now won't start": his car, not one abandoned on the street.
  if (has("abandoned") && cues.cannotStart.test(folded)) drop("abandoned");
  // "My Subaru has sat two days in my driveway": the driver's own car at home, not one left on a street.
  if (has("abandoned") && cues.ownCar.test(folded) && cues.ownHome.test(folded) && !/\b(street|calle)\b/.test(folded))
    drop("abandoned");
  // Days in an apartment lot are the private-property rules; the 72-hour rule is for public streets.
  if (has("abandoned") && has("private-property") && !/\b(street|calle|cuadra|block|road)\b/.test(folded))
    drop("abandoned");
  // A car left for days on a resident's street: the city's 72-hour rule, not a tow we sell.
  if (has("abandoned")) {
    drop(
      "service:junk-car-removal",
      "service:flat-tire",
      "service:towing",
      "blocked-driveway",
      "find-towed",
      "flat-no-spare",
    );
  }
  if (has("blocked-driveway")) drop("service:towing", "private-property");
  if (has("private-property-sign")) drop("private-property", "service:towing", "find-towed", "eta", "price");
  // A stranger's car in my own driveway at home: the one rule for a single-family home, not every lot's.
  if (
    has("private-property") &&
    cues.ownHome.test(folded) &&
    !/\b(apartament\w*|complejo|condominio\w*|tienda|negocio|estacionamiento|parqueadero|parking|plaza|mall|centro comercial|trabajo|apartments?|complex|store|business|hoa|manager|lot|shopping)\b/.test(
      folded,
    )
  ) {
    add("home-driveway", found.get("private-property"));
    drop("private-property");
  }
  // "My Subaru has sat in my driveway for two days": the driver's own car at home, not a stranger's to remove.
  if (
    has("home-driveway") &&
    cues.ownCar.test(folded) &&
    !/\b(desconocid\w*|no (lo |la )?conozco|ajeno|vecino|stranger|someone|somebody|neighbor|a car|un (carro|coche|pickop|troca))\b/.test(
      folded,
    )
  )
    drop("home-driveway");
  if (has("private-property") || has("home-driveway")) drop("service:towing", "find-towed");
  if (has("find-towed") || has("impound") || has("who-pays")) drop("service:towing");
  if (has("impound")) drop("find-towed");
  // "Towed to the yard after the crash: which papers do I need?" asks the yard, not the crash duties.
  if ((has("impound") || has("find-towed")) && !CRASH_DUTIES.test(folded)) drop("accident-info");
  // "When must they send me the notice?" asks the rule, not where the car is or when a truck comes.
  if (has("police-tow")) drop("find-towed", "impound", "eta", "private-property", "service:towing");
  // "The police towed it after the crash: when must they tell me?" asks the notice, not the crash duties.
  if (has("police-tow") && !CRASH_DUTIES.test(folded)) drop("accident-info");
  // "Will they charge me for days if I get it tomorrow?": the towed-car answer says what storage costs in law.
  if (has("find-towed") || has("impound")) drop("price");
  if (has("junk-title")) drop("service:junk-car-removal");
  // "My old car that won't start": the junk car's state, not a battery to charge.
  if (has("service:junk-car-removal") && !cues.twoVehicles.test(folded))
    drop("service:jump-start", "service:roadside-assistance");
  if (has("recommend")) drop("repairs");
  // "Do you take insurance for roadside?", "can I sue the tow company": the words name a service, the
  // question is about something else. The service stays only when the driver also says they need it.
  if (["insurance", "payment", "fleet", "legal-advice", "complaint", "find-towed"].some((i) => has(i as Intent))) {
    if (!cues.strongNeed.test(folded) && !cues.asksAboutService.test(folded))
      drop("service:towing", "service:roadside-assistance");
  }
  if (has("who-pays")) drop("find-towed", "price");
  // "Body work after an accident" asks for a repair; "what to exchange after an accident" does not.
  if (has("repairs")) drop("accident-info");
  if (has("accident-info")) drop("insurance");
  if (has("insurance-claim")) drop("insurance", "legal-advice");
  // "It makes a strange noise, what's wrong with it?": a question for a mechanic, not a roadside call.
  if (has("diagnosis")) {
    drop("repairs");
    if (
      !cues.strongNeed.test(folded) &&
      !/\b(carretera|autopista|freeway|highway|calent\w*|vapor|overheat\w*|steam\w*)\b/.test(folded)
    )
      drop("service:roadside-assistance");
  }
  // "Do I have to report it to the DMV?" asks about the law; the tow stays when the driver also asks for one.
  if (has("accident-info") && !cues.strongNeed.test(folded)) drop("service:towing");
  if (has("blocked-driveway") || has("private-property") || has("new-key")) drop("request");
  if (has("fleet")) drop("technical");
  // "How far can you flat tow a CR-V" asks about the car, not about our area.
  if (has("technical")) drop("areas");
  // "gas smell" is danger (safety.ts), "gas station" is a place: neither orders fuel.
  if (cues.gasNotFuel.test(folded) && !cues.outOfFuel.test(folded)) {
    drop("service:gasoline-delivery");
  }
  // "It ran out of gas and died": the stall is the empty tank, not a tow, unless a tow is asked for.
  if (has("service:gasoline-delivery") && cues.outOfFuel.test(folded) && !cues.towAsked.test(folded))
    drop("service:towing");
  if (has("service:vehicle-lockouts") && cues.keyFob.test(folded)) drop("service:jump-start");
  // "Emergency tow" and "broke down in the middle of the night" name the emergency page; "asap" stays a tow.
  if (has("service:emergency-towing")) {
    const specific = [
      "service:jump-start",
      "service:flat-tire",
      "service:gasoline-delivery",
      "service:vehicle-lockouts",
    ];
    if (specific.some((s) => has(s as Intent)) && !cues.towAsked.test(folded)) drop("service:emergency-towing");
    else drop("service:towing");
  }
  // "my motorcycle and my car": two vehicles, two services.
  if (has("service:motorcycle-towing") && !cues.twoVehicles.test(folded)) {
    drop("service:towing");
  }
  // "We don't do repairs" already offers the tow to a shop.
  if (has("repairs") && !cues.strongNeed.test(folded)) drop("service:towing");
  if (
    (has("off-topic") || has("ride-along") || has("unattended") || has("verify-operator")) &&
    !cues.strongNeed.test(folded)
  ) {
    drop("service:towing");
  }
  if (has("recommend") && !cues.strongNeed.test(folded)) {
    for (const k of [...found.keys()]) if (k.startsWith("service:")) drop(k);
  }
  // A question about what something costs is a price question, even when it names a service.
  if (has("repairs") && [...found.keys()].some((k) => k.startsWith("service:") && k !== "service:towing"))
    drop("repairs");
  if (has("services-list")) {
    for (const k of [...found.keys()]) if (k.startsWith("service:")) drop(k);
  }
  const intents = [...found.entries()].sort((a, b) => a[1] - b[1]).map(([i]) => i);
  return { intents, batteryRuledOut };
}
