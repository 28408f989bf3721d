/**
 * TODAY'S SAFETY STEP, kept as it was while the safety guard (server/features/chat/guard.ts, vocabulary data per
 * language) is being built: the one file of the assistant that still holds words in code. The
 * composer calls it through safetyFirst() alone, so the guard replaces it in one place.
 */

/**
 * What in a message is about someone's safety right now. The assistant reads this before anything
 * else: when it finds danger, the reply is what to do now and nothing unrelated after it.
 *
 * - `danger`: the reply is only the safety answer (911, getting away from traffic or fire).
 * - `caution`: the driver's need is answered, led by one safety sentence (a flat on a freeway, a
 *   crash where nobody is hurt).
 */
/**
 * How a language says "not": the words that turn what follows into its opposite, and the words that
 * start a new clause (after which an earlier "not" no longer applies).
 */
export interface Negation {
  negators: ReadonlySet<string>;
  clauseBreak: RegExp;
}

/** "no spare", "not locked out", "isn't the battery". */
const englishNegation: Negation = {
  negators: new Set([
    "no",
    "not",
    "never",
    "without",
    "dont",
    "don't",
    "doesnt",
    "doesn't",
    "isnt",
    "isn't",
    "aint",
    "ain't",
    "wasnt",
    "wasn't",
    "nobody",
    "neither",
    "nor",
  ]),
  clauseBreak: /[,.;!?]|\b(?:but|and|though|although|just|so)\b/,
};

/**
 * True when one of the three words just before `index`, in the same clause, negates what starts
 * there: "I'm not locked out" negates "locked out"; "locked out, and the battery" does not.
 */
export function negatedAt(folded: string, index: number, negation: Negation = englishNegation): boolean {
  const before = folded.slice(Math.max(0, index - 40), index);
  const clause = before.split(negation.clauseBreak).at(-1) ?? "";
  const tail = clause.trim().split(" ").slice(-3);
  return tail.some((w) => negation.negators.has(w));
}

/** A language's misspellings: shorthand too short for a typo distance, and long words a need hangs on. */

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

/** "No es la batería", "sin refacción", "nadie está herido": Spanish negation, and English for Spanglish. */
const spanishNegation: Negation = {
  negators: new Set([
    ...englishNegation.negators,
    "sin",
    "nunca",
    "nadie",
    "ni",
    "tampoco",
    "ningun",
    "ninguna",
    "ninguno",
  ]),
  clauseBreak: /[,.;!?]|\b(?:pero|y|aunque|nomas|solo|asi que|but|and|though|although|just|so)\b/,
};

/** People and animals, in the words a parent or an owner uses. */
const BEINGS =
  "(hijo|hija|hijos|hijas|nino|nina|ninos|ninas|bebe|bebes|bebito|bebita|nene|nena|chamaco|chamaca|morrito|morrita|criatura|cipote|cipota|cipotes|chavalo|chavala|escuincle|huerco|huerca|pibe|piba|crio|cria|chiquito|chiquita|peque|perro|perra|perrito|perrita|perros|gato|gata|gatito|gatos|mascota|mascotas|persona|alguien|abuel\\w*|mama|papa|ama|apa|mami|papi|jefit[oa]|tio|tia|prim[oa]|suegr[oa]|senor|senora|esposo|esposa|hermano|hermana|sobrin\\w*|niet[oa]s?)";

const spanishSafety: SafetyPatterns = {
  injury:
    /\b(herid\w*|sangr\w*|lastimad\w*|se lastimo|lesionad\w*|inconsciente|desmayad\w*|se desmayo|no respira|no (responde|reacciona|despierta)|no puede respirar|no (puede|puedo|pueden|podemos) mover (la|el|las|los|su|mi) (pierna|piernas|brazo|brazos|cuello|espalda)|ambulancia|paramedicos?|me duele|le duele|les duele|nos duele|dolor (de|en el|en la) (cuello|cabeza|pecho|espalda)|(brazo|pierna|hueso|costilla)s? (rot|quebrad|fracturad)\w*|se (quebro|rompio|fracturo) (el|la|un|una) (brazo|pierna|hueso|costilla)|se (pego|golpeo) (en )?la cabeza|atrapad\w* (dentro|adentro|en el (carro|coche|vehiculo))|prensad\w*|no (puede|pueden|puedo) salir del (carro|coche|vehiculo))\b/g,
  severeInjury:
    /\b(sangr\w*|inconsciente|desmayad\w*|no respira|no (responde|reacciona|despierta)|ambulancia|atrapad\w*|prensad\w*)\b/,
  fire: /\b(fuego|lumbre|incendi\w*|humo|humito|humareda|humea\w*|quemando|se quema|chispas|llamarada|(en|echando|hay|salen|saliendo|con|unas|las) llamas)\b/,
  fuel: /\b(huele|huelo|olor|olorcito|apesta) (mucho |bien |muy |fuerte |fuertisimo |bastante |demasiado |horrible |feo |como )*(a|de) (gasolina|gas|combustible|diesel)\b|\bfuga de (gasolina|gas|combustible|diesel)\b|\b(gasolina|combustible|diesel) (se esta |esta )?(tirando|saliendo(?! (de|del) (la |el |mi )?(casa|trabajo|chamba|jale|escuela|tienda|gasolinera|rancho|pueblo|ciudad|stockton|lodi|manteca|tracy|lathrop|lockeford|acampo|victor|french camp|mountain house|la autopista|el freeway))|goteando|derramando|regando)\b|\b(tira|gotea|derrama|se sale|sale) (la |el )?(gasolina|combustible|diesel)\b|\bderrame de (gasolina|combustible|diesel)\b|\b(gasolina|combustible|diesel) (en el piso|en el suelo|debajo|abajo del)|\bcharco de (gasolina|combustible|diesel)\b/,
  being: new RegExp(`(?<!\\bllaves? de (mi |su |la |el |los |las )?)\\b${BEINGS}\\b`),
  shutIn:
    /\b(encerrad\w*|atrapad\w*|se (me )?(cerro|cerraron|trabo|trabaron|tranco|trancaron)|(puertas?|seguros?) (trabad|cerrad|atorad)\w*|se quedo cerrad\w*|cerrad\w* con (llave|seguro)|no (puedo|podemos|se puede) (abrir\w*|sacar\w*)|(se quedo|se quedaron|quedo|quedaron|esta|estan|sigue|siguen) (adentro|dentro)|llaves? (adentro|dentro|tambien)|con (las )?llaves)\b/,
  beingInside: new RegExp(
    [
      `(?<!\\bllaves? de (mi |su |la |el |los |las )?)\\b${BEINGS}\\b( de (\\d+|un|una|dos|tres) (anos?|mes|meses))?( que)?( se| esta| estan| sigue| siguen| quedo| quedaron| solo| sola| dormid[oa])*( encerrad\\w*| atrapad\\w*)?( en su (sillita|silla|asiento|car ?seat))? (adentro|dentro|en el (carro|coche|vehiculo|asiento)|en la (troca|troka|camioneta|van|parte de atras))`,
      `\\b(con|y) (mi |el |la |los |las |mis |un |una )?${BEINGS} (adentro|dentro)\\b`,
      `(?<!\\bllaves? de (mi |su |la |el |los |las )?)\\b${BEINGS}\\b( de (\\d+|un|una|dos|tres) (anos?|mes|meses))?( \\w+){0,2} (encerrad|atrapad)\\w*(?! (afuera|fuera))`,
      `(?<!\\bllaves? de (mi |su |la |el |los |las )?)\\b${BEINGS}\\b( \\w+){0,3} en (el|la|su) (car ?seat|sillita|silla|asiento)\\b`,
      `(?<!\\bllaves? de (mi |su |la |el |los |las )?)\\b${BEINGS}\\b(?:(?!llave).){0,40}\\b(se quedo|quedo|esta|sigue|se quedaron|quedaron|estan|siguen) (encerrad|atrapad)\\w* (adentro|dentro|en el|en la|en su)\\b`,
      `\\b(deje|dejamos|dejo) (a |al |a la |a los |a las )?(mi |el |la |los |las |mis )?${BEINGS}( \\w+)? (adentro|dentro|en el (carro|coche|vehiculo)|en la (troca|camioneta|van)|encerrad\\w*|en (el|la|su) (car ?seat|sillita|silla|asiento))`,
    ].join("|"),
  ),
  tracks:
    /\b(vias?|rieles) (del|de) (tren|ferrocarril)\b|\bcruce (del|de) (tren|ferrocarril)\b|\b(en|sobre) las vias\b/,
  threat:
    /\b(me (esta|estan|viene|vienen) siguiendo|me siguen|me persigue\w*|tengo miedo(?! (de )?que (me|nos) (peguen|choquen|atropellen|den)| (de )?(manejar|cambiar\w*|mover\w*|arrancar\w*|danar\w*|arreglar\w*|descomponer\w*|quedarme sin gasolina)\b(?!.*\b(tipo|tipos|hombre|alguien|afuera|sola|solo|oscur\w*|siguiendo|vigilando)\b))|me da miedo(?! que (me|nos) (peguen|choquen|atropellen|den)| (manejar|cambiar\w*|mover\w*|arrancar\w*|danar\w*|arreglar\w*|descomponer\w*|quedarme sin gasolina)\b(?!.*\b(tipo|tipos|hombre|alguien|afuera|sola|solo|oscur\w*|siguiendo|vigilando)\b))|peligro|amenaz\w*|me quieren (robar|asaltar)|asalt\w*|pistola|arma|cuchillo|acos\w*|no me siento segur[oa]|sospechos[oa]|(alguien|un (hombre|tipo|senor|vato|desconocido)( \w+)?) (esta )?(tocando|golpeando|jalando|tratando de abrir) (mi |la |el )?(ventana|puerta|vidrio|carro))\b/,
  crash:
    /\b(choque|choques|chocamos|choco|chocaron|chocar|chocado|chocada|accidente|accidentes|colision|me pegaron|nos pegaron|le pegue|le pegaron|(me|nos) pego|pegue (a|con|contra)|se estrello|nos estrellamos|me estrelle|me dieron por (atras|detras)|(le |me )?(di|dio|dieron|dimos) un (llegue|madrazo|cerron)|(me|se|nos) (cai|caimos|cayo|cayeron) (de|con) (la|mi|su) (moto|motocicleta|bici)|derrap\w*|volc\w*|se volteo|nos volteamos|atropell\w*)\b/,
  crashAsSubject:
    /\b(despues del?|tras|por|sobre|en caso de|reportar)( (un|una|el|la|mi))?\s*$|\b(conductor|carro|coche|dueno|seguro|aseguranza|reporte|culpable|culpa) del\s*$|\breportar (al|a la) (dmv|policia|aseguranza)( (un|una|el|la|mi))?\s*$/,
  crashParked:
    /\b(carro|coche|troca|camioneta|vehiculo) (estacionad|parquead|aparcad)\w*|\bestaba (estacionad|parquead|aparcad)\w*|\b(esta|estaba|quedo|ya esta) chocad[oa]\b|\b(carro|coche|troca|camioneta|auto) chocad[oa]\b|\b(estuvo|ha estado) en un (choque|accidente)|\btuvo un (choque|accidente)\b/,
  rolledOver: /\b(volc\w*|se volteo|nos volteamos|dio vueltas|dimos vueltas)\b/,
  offRoad: /\b(estacionamiento|parqueadero|parking|cochera|driveway|lote|entrada de (mi|la) casa)\b/,
  lane: /\b(carril(es)?|en el trafico|en medio de la (calle|autopista|carretera|freeway|highway|interestatal|99|5|4|120|205|580)|en medio del (camino|freeway|trafico|highway)|a media (calle|autopista|carretera)|bloqueando (el )?(trafico|paso|camino)|en (el )?cruce|en medio del cruce|en (el|un) puente|(los )?carros (me )?(pasan|pasando|van) (bien |muy )?(pegaditos|pegados|cerca|cerquita|rapido)|(en|en medio de) (la|una) interseccion|atravesad\w* en (la|el|un|una) (calle|carretera|camino|autopista|carril)|no (me )?puedo (orillar\w*|mover\w*|hacer(me)? a un lado)|no (lo |la )?(pudo|pude|pudimos|pudieron) orillar\w*|no (lo|la) (pudo|pude|pudimos|pudieron) (mover|hacer a un lado))\b/,
  shoulder:
    /\b(acotamiento|arcen|berma|banquina|hombro|shoulder|orilla (de|del) (la )?(autopista|carretera|freeway|highway|camino|99|5|4|120)|a un lado (de la|del) (autopista|carretera|freeway|highway|camino|99|5|4|120))\b/,
  freeway:
    /\b(autopista|freeway|carretera|highway|hwy|interestatal|interstate|i-?5|i 5|sr-?\d+|la (5|99|4|120|580|205|12|88)|el (5|99|4|120|580|205|12|88)|hwy ?\d+|highway ?\d+|(5|99|120|205|4) (norte|sur|este|oeste))\b/,
  stopped:
    /\b(descompu\w*|se (me |le |nos |les )?(murio|apago|paro|quedo)|varad\w*|ponch\w*|sin (gasolina|gas|diesel)|no (prende|arranca|camina|se mueve|avanza)|atascad\w*|atorad\w*|parad[oa]|detenid[oa]|tirad[oa]|atravesad[oa])\b/,
  fastTraffic:
    /\b(noche|oscuro|oscuras|madrugada|trailers?|traileros|camiones|bien rapido|muy rapido|a toda velocidad)\b/,
  now: /\b(ahora|ahorita|sigo|seguimos|sigue|siguen|todavia|aun|acabo|acaban|acabamos|ya mero)\b/,
  past: /\b(ayer|anoche|antier|anteayer|la semana pasada|el mes pasado|hace (\d+|unos|varios|dos|tres) (dias|semanas)|el otro dia|la otra vez)\b/,
  heat: /\b(9\d|1[0-2]\d) ?(grados|f)\b|\b(mucho|bien|demasiado|muchisimo|un) calor\b|\bcalor(on|azo)\b|\bhace calor\b/,
  noInjury:
    /\b(nadie|ninguno|ninguna|no hay|sin) (esta |salio |resulto |quedo |se )?(herid\w*|lastimad\w*|lastimo|lesionad\w*)|\b(todos|estamos|estoy|todo el mundo) (estamos |esta |estan )?(bien|ok|okey|a salvo)\b|\bno hay heridos\b|\bsin heridos\b/,
  negation: spanishNegation,
};

/**
 * The first step of every reply: the danger a message tells, read with the English and the Spanish
 * patterns (a driver mixes both). The guard replaces this function.
 */
export function safetyFirst(folded: string): SafetyReading {
  const readings = [readSafety(folded, englishSafety), readSafety(folded, spanishSafety)];
  // The gravest danger either reading finds; beside traffic is graver in no case than in it.
  const rank = (r: SafetyReading) => (r.danger ? GRAVITY.indexOf(r.danger) * 2 + (r.besideTraffic ? 1 : 0) : 99);
  const [first, second] = readings.sort((a, b) => rank(a) - rank(b)) as [SafetyReading, SafetyReading];
  return first.danger ? first : { ...second, ...first };
}

const GRAVITY: Danger[] = ["injury", "fire", "hot-car", "tracks", "threat", "crash", "traffic"];
