import { findService } from "../../../src/shared/services";
import { fullAddress, highwayList, site } from "../../../src/shared/site";
import { asksHitchClasses, type Retriever } from "./retrieval";
import type { Caution, Danger } from "./safety";
import { townList } from "./towns";

/**
 * Everything the assistant says in English, written once and kept short: the driver's problem in
 * one or two sentences, then (added by compose.ts) what to do next. A text that restates a page
 * names the page and the phrase it restates; a test checks that the phrase still stands there and
 * in the text, so the chat never drifts from the pages.
 */
export interface Curated {
  id: string;
  text: string;
  source?: { file: string; phrase: string };
  /** Where a legal statement was checked when the page wording is still being corrected. */
  law?: string;
}

/** A curated text as written in the tables below: its id is the table's prefix and its key. */
type Said = Omit<Curated, "id">;

function withIds<K extends string>(prefix: string, table: Record<K, Said>): Record<K, Curated> {
  const out = {} as Record<K, Curated>;
  for (const key of Object.keys(table) as K[]) out[key] = { id: `${prefix}${key}`, ...table[key] };
  return out;
}

/** The article most legal answers restate. */
const TOWED_ARTICLE = "blog/car-towed-without-warning-california.md";
const ACCIDENT_GUIDE = "guides/after-an-accident.md";

const phone = site.phone.display;
/** The phone number as plain text: the chat window turns it into a call link, so it needs no bold. */
export const callLink = phone;
const radiusMiles = Math.round(site.serviceRadiusMeters / 1609.344);

/** What to do next: always the phone; for a service need, what the dispatcher must hear. */
export const nextStep = {
  service: (withDropOff: boolean) =>
    `Call ${callLink} (24/7) and tell the dispatcher your exact location (cross streets, or freeway, direction and nearest exit or mile marker), the vehicle${withDropOff ? ", the problem and where it should go" : " and the problem"}.`,
  info: `Call ${callLink} any time, 24/7.`,
};

/** Safety first: the whole reply when someone may be in danger. Nothing unrelated follows it. */
export const safety: Record<Danger, Curated> = withIds<Danger>("safety-", {
  injury: {
    text: `If anyone is hurt, *call 911 first*: police and paramedics come before the car. Stay out of traffic, behind a barrier or well off the road if you can. When everyone is safe, call us at ${callLink} and we'll connect you with a partner tow operator for the vehicle.`,
    source: { file: "services/emergency-towing.md", phrase: "call 911 first" },
  },
  crash: {
    text: `If anyone is hurt, *call 911 first*, and call 911 too if a car blocks traffic. Turn on your hazard lights and wait away from traffic. When everyone is safe, call ${callLink}: a partner operator can tow the car where you choose.`,
    source: { file: "services/emergency-towing.md", phrase: "call 911 first" },
  },
  fire: {
    text: `Smoke, fire or a fuel smell: switch off the engine, get everyone out and well away from the car and from traffic, and *call 911*. Don't open the hood or go back for belongings. When the fire department says it's safe, call ${callLink} for the tow.`,
  },
  "hot-car": {
    text: `Don't wait: *call 911 first*. A child, a person or a pet locked in a car is an emergency on its own, whatever the weather, and a closed car in Valley heat gets dangerous fast. Stay by the car so responders find you. Then call ${callLink} for the lockout.`,
    source: { file: "services/vehicle-lockouts.md", phrase: "call 911 first" },
  },
  traffic: {
    text: `Turn on your hazard lights. On a freeway, stay buckled in the car or wait behind a barrier, well away from moving traffic, and never stand between your car and traffic; if the car is stuck in a travel lane or after a crash in traffic, *call 911* now. Then call ${callLink} and tell the dispatcher the freeway, direction and nearest exit or mile marker.`,
    source: {
      file: "services/roadside-assistance.md",
      phrase: "stay buckled in the car or wait behind a barrier, well away from moving traffic",
    },
  },
  tracks: {
    text: `Get everyone out of the car and well away from the tracks now, even if no train is in sight, and don't try to push the car off. Call 911, or the emergency number on the blue sign at the crossing. When everyone is safe, call ${callLink} for the tow.`,
  },
  threat: {
    text: `If you feel in danger, *call 911 now*. Keep your doors locked and your hazard lights on, or go to a lit place with people around. When you're safe, call ${callLink} for help with the car.`,
  },
});

/** One safety sentence ahead of the answer, where the need is real but nobody is in danger. */
export const caution: Record<Caution, string> = {
  freeway: "On a freeway, stay buckled in the car or wait behind a barrier, well away from moving traffic.",
  "crash-no-injury": "Glad nobody is hurt: if anyone starts to feel pain, or a car blocks traffic, call 911.",
  heat: "In this heat, keep everyone out of the sun and away from traffic, drink water while you wait, and call 911 if anyone feels sick.",
};

/** Each service: what a partner operator does for this problem, in the referral voice. */
const serviceTexts = withIds("service-", {
  towing: {
    text: "We connect you with a partner tow operator who takes the car where you choose: your home, your mechanic or a shop. More: /services/towing",
  },
  "emergency-towing": {
    text: "Day or night, weekends and holidays included, we connect you with a partner operator for a breakdown in a live lane, after a crash or late at night. More: /services/emergency-towing",
  },
  "roadside-assistance": {
    text: "For overheating, a warning light or a car that stopped, we connect you with a partner operator who comes to where you stopped; if it can't be fixed there, the same call becomes a tow to the place you choose. More: /services/roadside-assistance",
  },
  "flat-tire": {
    text: "A partner operator can put your spare on where you stopped; if your wheels have a locking nut, have its key ready. More: /services/flat-tire",
  },
  "flat-no-spare": {
    text: "With no usable spare, the car can be towed to a tire shop or to your home instead. More: /services/towing",
    source: { file: "services/flat-tire.md", phrase: "a tire shop or to your home instead" },
  },
  "gasoline-delivery": {
    text: "A partner operator brings fuel in an approved container, enough to reach the nearest gas station; if it's a diesel, say so. More: /services/gasoline-delivery",
    source: { file: "services/gasoline-delivery.md", phrase: "reach the nearest gas station" },
  },
  "junk-car-removal": {
    text: "We can arrange for an old car, running or not, to be hauled away; you'll need a *valid title* and a photo ID. More: /services/junk-car-removal",
    source: { file: "services/junk-car-removal.md", phrase: "valid title" },
  },
  "jump-start": {
    text: "A partner operator can jump-start the battery where the car is; if it still won't start, a tow to a shop is the next step. More: /services/jump-start",
  },
  "motorcycle-towing": {
    text: "A bike goes on a flatbed, never dragged on one wheel, strapped upright, to your home, a dealer or a shop. More: /services/motorcycle-towing",
    source: { file: "services/motorcycle-towing.md", phrase: "flatbed, never dragged on one wheel" },
  },
  "vehicle-lockouts": {
    text: "A partner operator can open the car with lockout tools, without breaking glass; you'll be asked for proof that it is yours. More: /services/vehicle-lockouts",
    source: { file: "services/vehicle-lockouts.md", phrase: "proof that it is yours" },
  },
});

/** The service cards: one per service, and "flat-no-spare" (a flat with no usable spare: a tow). */
export type ServiceCard = keyof typeof serviceTexts;

/** Each service card opens with the service's name as the pages spell it ("Jump Start"). */
export const services = Object.fromEntries(
  Object.entries(serviceTexts).map(([slug, c]) => {
    const name = findService(slug)?.name;
    return [slug, name ? { ...c, text: `*${name}*: ${c.text}` } : c];
  }),
) as Record<ServiceCard, Curated>;

/** Answers to questions that are not a service need. */
const topicTable = withIds("", {
  greeting: {
    text: "Hi! I can answer questions about our towing and roadside services, the towns we cover, our hours and how to request help. What's going on?",
  },
  thanks: { text: "You're welcome! Drive safe." },
  help: {
    text: "Tell me what happened, in your own words: a dead battery, a flat, locked out, out of gas, a crash, or a car that needs a tow. If it's urgent, don't wait for me.",
  },
  language: {
    text: "You can write to me in Spanish here (puede escribirme en español). On the phone, ask whether a Spanish-speaking dispatcher is available.",
  },
  bot: {
    text: `I'm the site's automated assistant for our towing and roadside services: I answer from our own pages. A real dispatcher answers at ${callLink}, 24/7.`,
  },
  contact: {
    text: `Call our dispatchers at ${callLink} (24/7), or email ${site.email}. You can also send a request with the form at /contact.`,
  },
  address: {
    text: `Our address is ${fullAddress}, but a partner operator comes to you: call ${callLink} or send a request at /contact.`,
  },
  hours: {
    text: "We're *available 24/7*: nights, weekends and holidays included.",
  },
  request: {
    text: "The fastest way is to call. Or send the form at /contact with your name, phone, the service and the pickup and drop-off places, and a dispatcher will get back to you.",
  },
  "services-list": {
    text: "We connect drivers with partner operators for towing, emergency towing, roadside assistance, flat tires, gasoline delivery, jump starts, lockouts, motorcycle towing, junk car removal and blocked driveways. All of them: /services",
  },
  areas: {
    text: `We serve ${townList}: within about ${radiusMiles} miles of downtown Stockton, including ${highwayList}.`,
  },
  price: {
    text: "I can't quote prices in chat: the cost depends on the vehicle, the distance and the situation, and the dispatcher tells you what to expect before any work starts.",
  },
  eta: {
    text: "I can't promise an arrival time, or how long a job takes, in chat: it depends on where you are, traffic and which partner operator is free. The dispatcher gives you the best estimate for your location.",
  },
  "blocked-driveway": {
    text: "On a public street, a car blocking your driveway must be ticketed by the police before it is towed, and it's the police or parking enforcement who ticket it and arrange the tow: report it on your city's police non-emergency line. Don't move or damage the car yourself. More: /services/blocked-driveway",
    source: { file: "services/blocked-driveway.md", phrase: "ticketed by the police before it is towed" },
    law: "CVC 22650-22651: removal from a street is for a peace officer or a parking-enforcement employee",
  },
  abandoned: {
    text: "A car left in one spot on a public street for *72 hours* or more can be treated as abandoned. Report it to your city or the police non-emergency line: they can mark it with a warning and then have it towed, at the owner's expense. More: /blog/car-towed-without-warning-california",
    source: { file: TOWED_ARTICLE, phrase: "72 hours" },
  },
  diagnosis: {
    text: "I can't tell what's wrong with a car by chat: that's a mechanic's job. If it can't be driven safely, a partner operator can tow it to the shop you choose: /services/towing",
  },
  "insurance-claim": {
    text: "We don't handle insurance claims: that's for your insurer or your agent. If officers did not order the tow, you choose where the car goes: home, a body shop or the yard your insurer names. More: /guides/after-an-accident",
    source: { file: "guides/after-an-accident.md", phrase: "the yard your insurer names" },
  },
  "new-key": {
    text: "We don't make keys. When the keys are lost, we can arrange a tow to a dealer or to a locksmith who can make and program a new key. More: /services/vehicle-lockouts",
    source: {
      file: "services/vehicle-lockouts.md",
      phrase: "a dealer or to a locksmith who can make and program a new key",
    },
  },
  "home-driveway": {
    text: "At a single-family home, the owner's own driveway or lot needs no posted sign and no waiting period (Vehicle Code section 22658): the owner can have the vehicle removed, and the tow operator must then give the registered owner written notice of the removal and where the vehicle was taken. Don't move it yourself. More: /services/blocked-driveway",
    source: { file: "services/blocked-driveway.md", phrase: "written notice of the removal" },
    law: "CVC 22658(a)(4) and (b): a single-family home's own lot; the tow operator's notice to the registered owner",
  },
  "private-property-sign": {
    text: "Where a lot tows without warning, the sign must be posted in plain view at every entrance, at least 17 by 22 inches, saying that public parking is prohibited and vehicles will be removed at the owner's expense, with the phone number of the local police and of the towing company. More (general information, not legal advice): /services/blocked-driveway",
    source: { file: "services/blocked-driveway.md", phrase: "at least 17 by 22 inches" },
    law: "CVC 22658(a)(1): a sign of at least 17 by 22 inches in plain view at all entrances",
  },
  "private-property": {
    text: "On private property in California (Vehicle Code section 22658), a lot with a proper sign posted at every entrance can have a car towed without warning. Without signs, the car must first get a notice of parking violation and *96 hours* must pass; a vehicle missing major parts can go 24 hours after the police are told, and a single-family home's own driveway needs neither. If you think a tow broke these rules, ask the property owner or manager who authorized the tow. More (general information, not legal advice): /blog/car-towed-without-warning-california",
    source: {
      file: TOWED_ARTICLE,
      phrase: "ask the property owner or manager who authorized the tow",
    },
    law: "CVC 22658(a)(1)-(4): signs; notice of parking violation and 96 hours; 24 hours for a vehicle lacking major parts; a single-family home",
  },
  "after-accident": {
    text: "After a crash, call 911 first if anyone is hurt or a car blocks traffic; the officer at the scene can tell you what to exchange and report. When everyone is safe, a partner operator can tow the car where you choose: /services/towing",
    source: { file: "services/emergency-towing.md", phrase: "call 911 first" },
  },
  "who-pays": {
    text: "When a vehicle is lawfully towed, *the owner of the towed vehicle pays* the towing and storage fees. More: /blog/car-towed-without-warning-california",
    source: { file: TOWED_ARTICLE, phrase: "the owner of the towed vehicle pays" },
  },
  "find-towed": {
    text: "Call the local police non-emergency line: when officers have a car towed, they know which company has it. On private property, the sign at the entrance names the towing company and its phone number. Go soon with your ID and proof of ownership: if you get the car back within 24 hours of it going into storage, Civil Code section 3068.1 allows no more than one day's storage, and after that each day is charged. More: /blog/car-towed-without-warning-california",
    source: { file: TOWED_ARTICLE, phrase: "non-emergency" },
  },
  "police-tow": {
    text: "When officers have a car towed (section 22651), the agency must send the registered owner a notice within 48 hours (weekends and holidays excluded), and the owner may ask for a hearing on whether the storage was valid within 10 days of that notice (section 22852). More in _What to Do After an Accident_: /guides/after-an-accident",
    source: { file: ACCIDENT_GUIDE, phrase: "send the registered owner a notice within 48 hours" },
  },
  impound: {
    text: "Call the yard first for the total and the payment methods, then bring a valid driver's license or government photo ID, proof of ownership (current registration or title) and payment; some police tows also need a police release. More: /blog/car-towed-without-warning-california",
    source: { file: TOWED_ARTICLE, phrase: "government photo ID" },
  },
  "junk-title": {
    text: "Junk car removal needs a *valid title* for the vehicle, plus a photo ID matching it. Lost the title? You can usually get a duplicate from the DMV first. More: /services/junk-car-removal",
    source: { file: "services/junk-car-removal.md", phrase: "valid title" },
  },
  "legal-advice": {
    text: "I can't give legal advice: for that, ask a lawyer. To dispute a tow, ask the police or a consumer-protection office how to dispute it; our article explains the usual rules: /blog/car-towed-without-warning-california",
    source: { file: TOWED_ARTICLE, phrase: "consumer-protection office" },
  },
  unattended: {
    text: "Ask the dispatcher: whether the partner operator can take the car without you there depends on the job, and they'll tell you how to leave the keys and where the car goes.",
  },
  "verify-operator": {
    text: "Keep your doors locked and ask, through the window, for your name, your phone number and your car's make, model, year and plate. California Vehicle Code section 22513 requires an operator you summoned to have these in writing before arriving. If the operator cannot tell you, keep the doors locked and call us. More: /services/roadside-assistance",
    source: {
      file: "services/roadside-assistance.md",
      phrase:
        "California Vehicle Code section 22513 requires an operator you summoned to have these in writing before arriving",
    },
  },
  "ride-along": {
    text: "Whether you can ride along depends on the partner operator and the truck, so ask the dispatcher when you call.",
  },
  "not-legal-advice": {
    text: "I can't give legal advice, so take this as general information.",
  },
  payment: {
    text: "I can't confirm payment methods in chat: you pay the partner operator who does the job. Ask the dispatcher which ones are accepted before the work starts.",
  },
  repairs: {
    text: "We don't do repairs: we connect drivers with partner operators for towing and roadside help (jump starts, flat tires, fuel, lockouts). If the car can't be driven, it can be towed to the mechanic or shop you choose: /services/towing",
  },
  recommend: {
    text: "I can't recommend a mechanic or a body shop. Once you've picked one, a partner operator can tow the car there: /services/towing",
  },
  weather: {
    text: "I can't check the weather here: I only know our towing and roadside services.",
  },
  fleet: {
    text: "We're a referral service: we connect you with partner tow operators, so the truck depends on your vehicle and the job. Tell the dispatcher the make, model and size, and they'll say whether a partner can take it.",
  },
  insurance: {
    text: "I can't confirm insurance or auto-club billing in chat. If you have roadside coverage through your insurer or an auto club, keep the details handy and give them to the dispatcher.",
    source: {
      file: "services/roadside-assistance.md",
      phrase: "roadside coverage through your insurer or an auto club",
    },
  },
  complaint: {
    text: "I'm sorry this has been hard. I'm only the site's automated assistant, so please call: a dispatcher can sort it out with you.",
  },
  injection: {
    text: "I only answer questions about our towing and roadside services, from our own pages, and my instructions don't change.",
  },
  privacy: { text: "I can't share private or internal information." },
  "off-topic": {
    text: "I can only help with towing and roadside questions: our services, the towns we cover, hours and how to request help.",
  },
  unknown: {
    text: "I'm not sure about that one, and I'd rather not guess. You can also send a request at /contact.",
  },
  "hitch-classes": {
    text: "Hitch classes are rated by gross trailer weight: Class I up to 2,000 lbs, Class II up to 3,500 lbs, Class III up to 8,000 lbs and Class IV up to 10,000 lbs. Never exceed the lowest rating of your hitch, vehicle and ball mount. More: /blog/car-towing-capacity",
    source: { file: "blog/car-towing-capacity.md", phrase: "10,000 lbs" },
  },
});

/** What the assistant can say besides the services and safety: every language says each of these. */
export type TopicKey = keyof typeof topicTable;
export const topics: Record<TopicKey, Curated> = topicTable;

/** Three or more needs at once: one line naming each, so the reply still fits a phone screen. */
export function severalServices(slugs: string[]): string {
  const named = slugs.map((s) => {
    const service = findService(s);
    return service ? `*${service.name}* (/services/${service.slug})` : "";
  });
  return `One call covers all of it: ${joinNames(named.filter(Boolean))}. Tell the dispatcher everything that's wrong.`;
}

/** Towns: a clear yes for ours, a clear "outside" with the list for any other place. */
export const towns = {
  yes: (names: string[]) => `Yes, we serve ${joinNames(names)}: it's in the area we cover (${townList}).`,
  inArea: (names: string[]) => `Yes, ${joinNames(names)} ${names.length > 1 ? "are" : "is"} in our area.`,
  outside: (names: string[]) =>
    `${joinNames(names)} ${names.length > 1 ? "are" : "is"} outside the towns we list (${townList}). Call ${callLink} and ask: the dispatcher can tell you whether a partner operator can help there.`,
  dropOffOutside: (pickup: string[], dropOff: string[]) =>
    `Pickup in ${joinNames(pickup)} is in our area, but ${joinNames(dropOff)} is outside the towns we list (${townList}); call ${callLink} to ask about a drop-off there.`,
};

export function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** Every curated text, for the test that ties each one to its page. */
export function allCurated(): Curated[] {
  return [...Object.values(safety), ...Object.values(services), ...Object.values(topics)];
}

/**
 * Everything one language says, in one place: compose.ts puts a reply together the same way in every
 * language, from these texts (English here, Spanish in answers-es.ts). The types make each language
 * say every danger, caution, service and topic: a text missing in one of them does not compile.
 */
export interface Words {
  safety: Record<Danger, string>;
  caution: Record<Caution, string>;
  services: Record<ServiceCard, string>;
  topics: Record<TopicKey, string>;
  towns: {
    yes(names: string[]): string;
    inArea(names: string[]): string;
    outside(names: string[]): string;
    dropOffOutside(pickup: string[], dropOff: string[]): string;
  };
  nextStep: { service(withDropOff: boolean): string; info: string };
  /** Three or more needs at once. */
  severalServices(slugs: string[]): string;
  /** A service's name and page in one line: after a safety answer, or where a whole card would not fit. */
  serviceLink(slug: string): string;
  /** " More: /areas/lodi" for the towns that have a page (their English paths), or "". */
  townPages(paths: string[]): string;
  /** What to do after a crash: the part of the accident guide the question is about. */
  accident(folded: string, retriever: Retriever): string;
  /** A question on tow methods, hitches or packages, answered from the articles; undefined when none does. */
  technical(folded: string, retriever: Retriever): string | undefined;
}

const textsOf = <K extends string>(table: Record<K, Curated>): Record<K, string> =>
  Object.fromEntries(Object.entries<Curated>(table).map(([k, c]) => [k, c.text])) as Record<K, string>;

export const english: Words = {
  safety: textsOf(safety),
  caution,
  services: textsOf(services),
  topics: textsOf(topics),
  towns,
  nextStep,
  severalServices,
  serviceLink: (slug) => {
    const service = findService(slug);
    return service ? `For this: *${service.name}* (/services/${service.slug}).` : "";
  },
  townPages: (paths) => (paths.length ? ` More: ${paths.join(", ")}` : ""),
  accident: (folded, retriever) => retriever.answer(folded, "after-an-accident") ?? topics["after-accident"].text,
  technical: (folded, retriever) =>
    asksHitchClasses(folded) ? topics["hitch-classes"].text : retriever.answer(folded),
};
