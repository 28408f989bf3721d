import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createAssistant } from "../../server/features/chat/assistant";
import { safetyGuard } from "../../server/features/chat/danger-reply";
import { PACKS } from "../../server/features/chat/pack";
import { DANGER_KINDS, type DangerKind, safetyVocabularies } from "../../server/features/chat/safety-vocabulary";
import { builtKnowledge } from "../support/content";

/**
 * Danger read by situation class, crossed with every road and place context, in both languages. The
 * messages come from tests/fixtures/chat-safety-situations.json: situations and places in plain words,
 * written apart from the guard's vocabulary, so the test measures what the guard covers. Every reply
 * must open with 911 and give the action of the most urgent class; a reply to a get-out class (fire,
 * fumes, water, tracks, a travel lane) never tells anyone to stay inside, stay buckled or stay put.
 */

type Lang = "en" | "es";
interface Place {
  id: string;
  text: string;
  adds: DangerKind | null;
}
interface Fixture {
  places: Record<Lang, Place[]>;
  situations: Record<DangerKind, Record<Lang, string[]>>;
  notDanger: Record<Lang, { idiom: string; text: string }[]>;
  shoulderOnly: Record<Lang, string[]>;
}
const fixture = JSON.parse(
  readFileSync(new URL("../fixtures/chat-safety-situations.json", import.meta.url), "utf8"),
) as Fixture;
const assistant = createAssistant(builtKnowledge());
const LANGS: Lang[] = ["en", "es"];

/** Saying to stay in or by the car, in either language: never in a reply to a get-out class. */
const STAY = {
  en: /stay (inside|in (the|your) (car|vehicle)|buckled|put|by the car)|keep your seat ?belt/i,
  es: /qu[eé]dese (adentro|dentro|en el carro|junto al carro)|cintur[oó]n puesto|no se mueva de ah[ií]/i,
};
const BUCKLED = { en: /buckled/i, es: /cintur[oó]n puesto/i };
const firstSentence = (reply: string) => reply.split(/(?<=[.!?:])\s/)[0] ?? "";
const advice = (lang: Lang, kind: DangerKind) => safetyVocabularies[lang].reply.kinds[kind];
/** The most urgent of the kinds (DANGER_KINDS is in order of urgency). */
const mostUrgent = (kinds: DangerKind[]) => DANGER_KINDS.find((k) => kinds.includes(k)) as DangerKind;

interface Case {
  lang: Lang;
  kind: DangerKind;
  place: Place;
  text: string;
}

/** Both orders, taking turns: what is happening first, or where the car is first. */
const sentence = (situation: string, place: Place, n: number) =>
  n % 2 ? `${place.text}, ${situation}` : `${situation}; ${place.text}`;

function crossed(): Case[] {
  const cases: Case[] = [];
  for (const kind of DANGER_KINDS)
    for (const lang of LANGS)
      for (const [n, situation] of fixture.situations[kind][lang].entries())
        for (const place of fixture.places[lang])
          cases.push({ lang, kind, place, text: sentence(situation, place, n) });
  return cases;
}

describe("danger by class × road and place context", () => {
  const cases = crossed();

  it(`reads every class in every context in both languages (${cases.length} messages), 911 first, the right action`, () => {
    const problems: string[] = [];
    const counts = new Map<string, number>();
    for (const c of cases) {
      const key = `${c.kind} ${c.lang}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      const { kinds } = safetyGuard.read(c.text);
      const reply = assistant.reply(c.text, c.lang);
      const expected = mostUrgent([c.kind, ...(c.place.adds ? [c.place.adds] : [])]);
      const where = `[${c.kind} @ ${c.place.id}, ${c.lang}] ${c.text}`;
      if (!kinds.includes(c.kind)) problems.push(`${where}\n    read as ${JSON.stringify(kinds)}`);
      else if (!firstSentence(reply).includes("911"))
        problems.push(`${where}\n    no 911 first: ${reply.slice(0, 100)}`);
      else if (!reply.includes(advice(c.lang, expected).say))
        problems.push(`${where}\n    not the ${expected} action: ${reply.slice(0, 160)}`);
      const getOut = kinds.some((k) => advice(c.lang, k).out);
      if (getOut && STAY[c.lang].test(reply)) problems.push(`${where}\n    says to stay: ${reply}`);
      if (BUCKLED[c.lang].test(reply)) problems.push(`${where}\n    says buckled in: ${reply}`);
    }
    console.log(
      `safety classes × contexts: ${cases.length} messages, ${fixture.places.en.length} places\n${[...counts]
        .map(([k, n]) => `  ${k}: ${n}`)
        .join("\n")}`,
    );
    expect(problems.slice(0, 30), `${problems.length} problems`).toEqual([]);
    // Every class, in both languages, in every place.
    for (const kind of DANGER_KINDS) for (const lang of LANGS) expect(counts.get(`${kind} ${lang}`)).toBeGreaterThan(0);
  }, 300_000);

  it("says stay buckled in the car only for a stop on a freeway shoulder with no other hazard", () => {
    for (const lang of LANGS)
      for (const text of fixture.shoulderOnly[lang]) {
        expect(safetyGuard.read(text).kinds, text).toEqual([]);
        expect(assistant.reply(text, lang), text).toMatch(BUCKLED[lang]);
      }
  });

  it("opens with 'if anyone is in danger, call 911' instead of 'stay buckled' when a person's condition is told beside a freeway stop", () => {
    // Conditions the guard does not class: the shoulder's "stay in the car" may be wrong for them.
    for (const [text, lang] of [
      ["broke down on the shoulder of highway 99, my dad is 80 and he doesn't look right", "en"],
      ["flat tire on the side of I-5, my wife is pregnant and feels off", "en"],
      ["se me descompuso el carro en el acotamiento de la 99, mi abuelito anda raro", "es"],
      ["estamos a un lado de la 5 con una llanta ponchada, mi esposa está embarazada y se siente mal", "es"],
    ] as const) {
      const reply = assistant.reply(text, lang);
      expect(reply.startsWith(PACKS[lang].replies.abstain.danger), reply).toBe(true);
      expect(reply, text).not.toMatch(BUCKLED[lang]);
    }
  });

  it("never tells a rider with no cabin (a motorcycle, a scooter) to stay buckled in the car", () => {
    // The freeway caution and the shoulder's answer are for a car; a bike has no cabin to stay in.
    for (const [text, lang] of [
      ["my motorcycle broke down on the shoulder of highway 99, can you tow it?", "en"],
      ["ran out of gas on my bike on I-5 northbound, need fuel", "en"],
      ["scooter got a flat on the side of the 99 at night, can someone come?", "en"],
      ["se me descompuso la moto en el acotamiento de la 99, necesito grúa", "es"],
      ["me quedé sin gasolina en la motocicleta en la 5 norte", "es"],
      ["se ponchó la llanta de la motoneta a un lado de la autopista, pueden venir?", "es"],
    ] as const) {
      const reply = assistant.reply(text, lang);
      expect(reply, text).not.toMatch(BUCKLED[lang]);
      expect(reply, text).not.toMatch(STAY[lang]);
      // The rider's own advice: off the road with the bike, behind a barrier.
      expect(reply, text).toMatch(lang === "en" ? /the bike well off the road/ : /del camino con la moto/);
    }
  });

  it("gets everyone out, not buckled in, for a car stalled on the tracks with the gates coming down", () => {
    const reply = assistant.reply("my car died on the train tracks and the gates are coming down");
    expect(firstSentence(reply)).toBe("Call 911 now.");
    expect(reply.split(/(?<=\.)\s/)[1]).toMatch(/^Get everyone out of the car and away from the tracks/);
    expect(reply).not.toMatch(STAY.en);
    const es = assistant.reply("se me murió el carro en las vías del tren y están bajando las plumas", "es");
    expect(firstSentence(es)).toBe("Llame al 911 ahora.");
    expect(es).toContain("aléjense de las vías");
    expect(es).not.toMatch(STAY.es);
  });

  it("lets a get-out action win over any stay when several classes are read", () => {
    // A child shut in a car that is on fire; a threat on the tracks: out, not stay.
    for (const [text, lang] of [
      ["my baby is locked in the car and there's smoke coming from the engine", "en"],
      ["a guy is threatening me and my car is stuck on the railroad tracks", "en"],
      ["mi bebé está encerrado en el carro y sale humo del motor", "es"],
    ] as const) {
      const reply = assistant.reply(text, lang);
      expect(firstSentence(reply), text).toContain("911");
      expect(reply, text).not.toMatch(STAY[lang]);
    }
  });
});

describe("idioms and contexts that are not danger", () => {
  for (const lang of LANGS)
    for (const { idiom, text } of fixture.notDanger[lang])
      it(`${lang}: ${idiom} ("${text}") gets no 911 opening`, () => {
        expect(safetyGuard.read(text).kinds).toEqual([]);
        const reply = assistant.reply(text, lang);
        expect(reply.startsWith(safetyVocabularies[lang].reply.call), reply).toBe(false);
      });

  it("every idiom is tested in both languages", () => {
    const idioms = (lang: Lang) => fixture.notDanger[lang].map((i) => i.idiom).sort();
    expect(idioms("es")).toEqual(idioms("en"));
  });
});

describe("a figurative threat from someone close, beside an ordinary need", () => {
  // "My boss is going to kill me" is exasperation when the one who will is someone close (a relative,
  // a partner, a boss): the reply answers the need, with no 911 opening and no "I can't tell".
  const figurative: [text: string, lang: Lang, service: string][] = [
    ["my wife is going to kill me, I ran out of gas on the 99", "en", "/services/gasoline-delivery"],
    ["ran out of fuel and my dad's gonna murder me", "en", "/services/gasoline-delivery"],
    ["my boss will kill me if I'm not there by 8, my car has a flat", "en", "/services/flat-tire"],
    [
      "my girlfriend killed me last time this happened, locked my keys in the car again",
      "en",
      "/services/vehicle-lockouts",
    ],
    ["my mother in law is so going to kill me, the battery's dead and we're late", "en", "/services/jump-start"],
    ["mi suegra me mata si no llego, se me ponchó una llanta", "es", "/es/services/flat-tire"],
    ["mi marido me va a asesinar, me quedé sin gasolina en la 99", "es", "/es/services/gasoline-delivery"],
    ["me va a matar mi jefa, dejé las llaves adentro del carro", "es", "/es/services/vehicle-lockouts"],
    [
      "mi papá me mataba cada vez que se le moría la batería, y ahora me pasó a mí: ocupo corriente",
      "es",
      "/es/services/jump-start",
    ],
    ["mi novio me está matando con esto, otra vez la llanta ponchada", "es", "/es/services/flat-tire"],
  ];
  for (const [text, lang, service] of figurative)
    it(`${lang}: "${text}" answers the need`, () => {
      expect(safetyGuard.read(text).kinds).toEqual([]);
      const { text: reply, abstained } = assistant.answer(text, lang);
      expect(abstained, reply).toBe(false);
      expect(reply.startsWith(safetyVocabularies[lang].reply.call), reply).toBe(false);
      expect(reply).toContain(service);
    });

  it("still reads a threat from a stranger, a tow driver or a weapon as a threat, 911 first", () => {
    for (const [text, lang] of [
      ["a man says he will kill me", "en"],
      ["the tow driver said he'd kill me if I don't pay him cash", "en"],
      ["some guy just told me he's going to murder me", "en"],
      ["he is going to kill me, he has a gun", "en"],
      ["un hombre dice que me va a matar", "es"],
      ["el de la grúa dice que me va a matar si no le pago", "es"],
      ["un tipo me quiere asesinar", "es"],
      ["me va a matar, trae una pistola", "es"],
    ] as const) {
      expect(safetyGuard.read(text).kinds, text).toContain("threat");
      expect(firstSentence(assistant.reply(text, lang)), text).toContain("911");
    }
  });
});

describe("word forms from the stemmer", () => {
  it("reads Spanish verbs with pronouns joined and English inflections", () => {
    for (const [text, kind] of [
      ["hay un hombre amenazándome", "threat"],
      ["nos están amenazando", "threat"],
      ["sáquenme de aquí, estoy atrapado", "injury"],
      ["he's bleeding from the head", "injury"],
      ["my kids are trapped in the car", "shut-in"],
      ["the car is burning", "fire"],
    ] as const)
      expect(safetyGuard.read(text).kinds, text).toContain(kind);
  });
});

describe("false alarms: a danger word that is past, figurative or a blocked driveway", () => {
  // No 911 in the first sentence, and the ordinary need answered where the reply can name it.
  const cases: [text: string, lang: Lang, service: string | null][] = [
    [
      "I had a crash three days ago, everyone is fine, now I need the car towed to the body shop",
      "en",
      "/services/towing",
    ],
    [
      "got in an accident last week, nobody was hurt, the car is sitting at my house and needs a tow",
      "en",
      "/services/towing",
    ],
    [
      "tuve un choque hace tres dias, todos estamos bien, ahora necesito grua para el taller",
      "es",
      "/es/services/towing",
    ],
    ["this old car is a fire hazard, can you haul it away for junk", "en", null],
    ["my neighbor's old truck is a total fire hazard lol, do you do junk car removal", "en", null],
    [
      "este carro viejo es un peligro de incendio, se lo pueden llevar como chatarra?",
      "es",
      "/es/services/junk-car-removal",
    ],
    ["I'm trapped, someone parked behind me in my driveway and I can't get out", "en", null],
    ["im trapped in my own driveway by a parked car, can you tow it", "en", null],
    ["estoy atrapado, alguien se estaciono detras de mi en la entrada y no puedo salir", "es", null],
    ["my tire blew out on the way home, everyone's fine, can someone put the spare on", "en", "/services/flat-tire"],
    ["the front tire blew out on highway 99 and we're all okay, need a spare put on", "en", "/services/flat-tire"],
    ["se me reventó una llanta, todos bien, me ponen la de repuesto?", "es", "/es/services/flat-tire"],
    [
      "my car overheated and smoked yesterday but it has cooled all night, need it towed to my mechanic",
      "en",
      "/services/towing",
    ],
    ["engine was smoking last night, it's cold now, can you tow it to the shop", "en", null],
    ["ayer se calento mi carro y echo humo, ya se enfrio toda la noche, lo quiero llevar al mecanico", "es", null],
    [
      "anoche se sobrecalento la troca y salio humo pero ya esta fria, necesito grua al taller",
      "es",
      "/es/services/towing",
    ],
    ["cuantos dias puede estar un carro estacionado en la calle antes de que se lo lleven?", "es", null],
    ["my truck is stuck in the mud, can you pull it out?", "en", "/services/towing"],
    ["old blue got bogged down in the mud out at the ranch, need a winch out", "en", "/services/towing"],
    ["mi troca la chula se quedo atorada en el lodo, me pueden sacar?", "es", "/es/services/towing"],
    ["la burra se atasco en el barro en el rancho, ocupo que me la saquen", "es", "/es/services/towing"],
  ];
  for (const [text, lang, service] of cases)
    it(`${lang}: "${text}" gets no 911 first`, () => {
      expect(safetyGuard.read(text).kinds).toEqual([]);
      const reply = assistant.reply(text, lang);
      expect(firstSentence(reply), reply).not.toContain("911");
      if (service) expect(reply).toContain(service);
    });

  it("still reads smoke now, and someone shut in at a driveway, as danger", () => {
    for (const [text, kind] of [
      ["smoke is coming from the hood right now", "fire"],
      ["esta saliendo humo del cofre ahorita", "fire"],
      ["my kid is trapped in the car in the driveway", "shut-in"],
      ["mi hijo esta atrapado en el carro", "shut-in"],
    ] as const)
      expect(safetyGuard.read(text).kinds, text).toContain(kind);
  });
});
