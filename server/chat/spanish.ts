import { fullAddress, site } from "../../src/lib/site";
import type { Danger } from "./safety";
import { townNames } from "./towns";

const townList = `${townNames.slice(0, -1).join(", ")} y ${townNames.at(-1)}`;

/**
 * Spanish: many Stockton drivers write in Spanish first. These answers are written by hand (not
 * machine-translated) for the common needs: each service, towns, hours, prices, arrival times,
 * safety and how to ask for help. Anything else gets an honest Spanish answer and the phone.
 */

const phone = site.phone.display;

/** Words that are Spanish and not English (folded: no accents). */
const SPANISH_WORDS = new Set(
  "hola gracias necesito necesita ayuda grua gruas remolque remolcar llanta llantas ponchada ponchado poncho ponche neumatico gasolina combustible llaves llave carro coche camioneta moto motocicleta bateria corriente prende arranca cuanto cuesta cuestan cobran precio precios tardan llegar llegan horario abiertos abren cierran domingo domingos sabado noche feriado ciudades pueblos cubren atienden atiende servicio servicios heridos herido herida choque accidente humo fuego incendio huele hijo hija nino nina bebe perro gato mascota encerrado encerrada calor autopista carretera descompuso descompuse varado varada quede quedaron quedo adentro dentro deje por favor como pido pedir solicitar quiero deshacerme viejo vieja chatarra bloqueando bloquea entrada cochera hablan espanol donde estan ustedes hasta que cual cuales tengo tiene tienen puede pueden estoy acabo acabe calento sobrecalento asistencia urgente ahorita rapido llamar llamo numero telefono pagar tarjeta efectivo usted senor senora buenas buenos dias tardes oiga oye porfa ocupo".split(
    " ",
  ),
);
/** Short words both languages use; they count as Spanish only beside real Spanish words. */
const SHARED = new Set("a la el en de y no es me mi mis se su sin con para van dan hay motor auto esta".split(" "));

/** Phrases made of words both languages share, Spanish only together. */
const SPANISH_PHRASES =
  /^(van|vienen|llegan) (a|hasta)\b|\bhay (alguien|heridos|humo)\b|\bdan servicio\b|\bmi (carro|coche|troca|camioneta)\b/;

export function isSpanish(folded: string, words: string[]): boolean {
  if (/[ñ¿¡]/.test(folded) || SPANISH_PHRASES.test(folded)) return true;
  const spanish = words.filter((w) => SPANISH_WORDS.has(w)).length;
  const shared = words.filter((w) => SHARED.has(w)).length;
  if (spanish === 0) return false;
  return spanish >= 2 || words.length <= 2 || (spanish + shared) / words.length >= 0.4;
}

export type SpanishIntent =
  | "greeting"
  | "help"
  | "thanks"
  | "abandoned"
  | "find-towed"
  | "payment"
  | "repairs"
  | "recommend"
  | "contact"
  | "address"
  | "language"
  | "hours"
  | "price"
  | "eta"
  | "request"
  | "areas"
  | "blocked-driveway"
  | "towing"
  | "jump-start"
  | "flat-tire"
  | "gasoline-delivery"
  | "vehicle-lockouts"
  | "junk-car-removal"
  | "motorcycle-towing"
  | "roadside-assistance";

const RULES: [SpanishIntent, RegExp][] = [
  ["greeting", /^(hola|buenas|buenos dias|buenas tardes|buenas noches)\b[\s!.,?]*$/],
  [
    "help",
    /^(hola|buenas( noches| tardes)?|buenos dias)?[,.! ]*(necesito |ocupo |quiero )?(ayuda|auxilio)( por favor| porfa)?[\s!.?]*$/,
  ],
  ["thanks", /\b(gracias|muchas gracias)\b/],
  [
    "abandoned",
    /\babandonad\w*|\b(lleva|tiene) (dias|semanas|meses)\b.*\b(estacionad\w*|parad\w*)|\bnadie lo mueve\b|\bdesde hace (dias|semanas|meses)\b/,
  ],
  [
    "find-towed",
    /\bse llevaron mi (carro|coche|troca|camioneta)\b|\bme (lo )?remolcaron\b|\bcorralon\b|\bdonde (esta|quedo) mi (carro|coche)\b/,
  ],
  ["payment", /\b(tarjeta|efectivo|forma de pago|formas de pago|pagar con|zelle|venmo|cheque)\b/],
  ["recommend", /\b(recomienda\w*|recomendar|buen mecanico|buen taller)\b/],
  ["repairs", /\b(arreglar|reparar|reparacion\w*|arreglan|reparan|componer)\b/],
  ["contact", /\b(numero de telefono|su telefono|su numero|hablar con (alguien|una persona))\b/],
  ["address", /\b(donde estan|su direccion|donde se ubican|donde quedan)\b/],
  ["language", /\b(hablan|habla|hablas) (espanol|ingles)\b|\ben espanol\b/],
  [
    "hours",
    /\b(horario|abiertos|abren|cierran|a que hora|domingos?|sabados?|feriados?|dias festivos|24 horas|24\/7|de noche|en la noche)\b/,
  ],
  ["price", /\b(cuanto (cuesta|cuestan|cobran|sale|es|vale)|precios?|costo|cobran|tarifa|barato|gratis)\b/],
  ["eta", /\b(cuanto tardan|cuanto tiempo|cuando llegan|tardan|llegar|llegan|hora de llegada)\b/],
  ["request", /\b(como (pido|solicito|pedir)|pedir (el |un )?servicio|solicitar|formulario)\b/],
  ["areas", /\b(que (ciudades|pueblos|areas|zonas)|cubren|atienden|donde (dan|trabajan)|dan servicio|van (a|hasta))\b/],
  [
    "blocked-driveway",
    /\b(bloque\w*|tapando|tapa)\b.*\b(entrada|cochera|garaje|salida)\b|\b(entrada|cochera)\b.*\bbloque\w*/,
  ],
  ["motorcycle-towing", /\b(moto|motos|motocicleta|motocicletas)\b/],
  [
    "jump-start",
    /\b(no (quiere )?(arranca\w*|prende\w*|enciende\w*)|descarg\w*|bateria|pasar corriente|pasarme corriente|corriente|no prende|no arranca|no enciende)\b/,
  ],
  ["flat-tire", /\b(llanta|llantas|ponch\w*|neumatico|goma|pinchad\w*|refaccion)\b/],
  ["gasoline-delivery", /\b(gasolina|combustible|diesel|sin gas)\b/],
  ["vehicle-lockouts", /\b(llaves?|cerrado|cerre|se cerro)\b/],
  ["junk-car-removal", /\b(chatarra|deshacerme|carro viejo|coche viejo|yonke|junk)\b/],
  ["roadside-assistance", /\b(asistencia|se calento|sobrecalent\w*|luz del motor)\b/],
  ["towing", /\b(grua|gruas|remolque|remolcar|descompuso|descompuse|varado|varada|no camina|llevar mi carro)\b/],
];

export function readSpanishIntents(folded: string): SpanishIntent[] {
  const found = RULES.filter(([, re]) => re.test(folded)).map(([i]) => i);
  // "remolcar mi moto" is the motorcycle page, not the general tow.
  if (found.includes("motorcycle-towing")) return found.filter((i) => i !== "towing");
  return found;
}

export function readSpanishSafety(folded: string): Danger | undefined {
  const nobodyHurt = /\b(nadie|ninguno|no hay|sin) (esta |salio |resulto )?(herid\w*|lastimad\w*)/.test(folded);
  if (!nobodyHurt && /\b(herid\w*|sangr\w*|lastimad\w*|inconsciente|ambulancia|atrapad\w*)\b/.test(folded)) {
    return "injury";
  }
  if (/\b(humo|fuego|incendio|llamas|huele a (gasolina|gas)|fuga de (gasolina|gas))\b/.test(folded)) return "fire";
  if (
    /\b(hijo|hija|nino|nina|bebe|perro|gato|mascota|persona)\b/.test(folded) &&
    /\b(encerrad\w*|atrapad\w*|adentro|dentro)\b/.test(folded)
  ) {
    return "hot-car";
  }
  if (/\b(vias del tren|via del tren|vias|cruce del tren)\b/.test(folded)) return "tracks";
  if (!nobodyHurt && /\b(choque|chocamos|accidente)\b/.test(folded)) return "crash";
  if (/\b(carril|acotamiento|en medio de la (autopista|carretera))\b/.test(folded)) return "traffic";
  return undefined;
}

/** One sentence before the answer when the car stopped on a freeway. */
/** After a crash where nobody is hurt: one sentence first, then the tow. */
export function spanishCrashCaution(folded: string): string | undefined {
  return /\b(choque|chocamos|accidente)\b/.test(folded)
    ? "Qué bueno que nadie está herido: si alguien empieza a sentir dolor, o un carro bloquea el tráfico, llame al 911."
    : undefined;
}

export function spanishFreewayCaution(folded: string): string | undefined {
  return /\b(autopista|freeway|carretera|highway|la 99|la 5|la 4|la 120)\b/.test(folded)
    ? "En la autopista, quédese dentro del carro con el cinturón puesto o espere detrás de una barrera, lejos del tráfico."
    : undefined;
}

export const es = {
  safety: {
    injury: `Si alguien está herido, *llame primero al 911*: la policía y los paramédicos van antes que el carro. Aléjese del tráfico. Cuando todos estén a salvo, llame al ${phone} y lo conectamos con una grúa asociada.`,
    crash: `Si alguien está herido, *llame primero al 911*, y también si un carro bloquea el tráfico. Encienda las luces intermitentes y espere lejos del tráfico. Cuando todos estén a salvo, llame al ${phone} para la grúa.`,
    fire: `Humo, fuego u olor a gasolina: apague el motor, saque a todos y aléjense del carro y del tráfico, y *llame al 911*. No abra el cofre. Cuando los bomberos digan que es seguro, llame al ${phone} para la grúa.`,
    "hot-car": `*Llame al 911 ahora*: un niño, una persona o una mascota encerrada en un carro es una emergencia por sí sola, haga calor o no. Después llame al ${phone} para abrir el carro.`,
    traffic: `Encienda las luces intermitentes. Quédese dentro del carro con el cinturón puesto o espere detrás de una barrera, lejos del tráfico; si el carro quedó en un carril, *llame al 911*. Después llame al ${phone} y diga la autopista, la dirección y la salida o el marcador de millas más cercano.`,
    tracks: `Saque a todos del carro y aléjense de las vías ahora, aunque no se vea ningún tren, y no intente empujar el carro. Llame al 911 o al número de emergencia del letrero azul del cruce. Cuando todos estén a salvo, llame al ${phone} para la grúa.`,
    threat: `Si se siente en peligro, *llame al 911 ahora*. Mantenga las puertas cerradas con seguro. Cuando esté a salvo, llame al ${phone}.`,
  } satisfies Record<Danger, string>,
  services: {
    towing:
      "*Grúa*: Lo conectamos con una grúa asociada que lleva su carro a donde usted diga: su casa, su mecánico o un taller. Más: /services/towing",
    "emergency-towing":
      "*Grúa de emergencia*: De día o de noche, fines de semana y días festivos, lo conectamos con una grúa asociada. Más: /services/emergency-towing",
    "jump-start":
      "*Paso de corriente*: Un operador asociado puede pasarle corriente a la batería donde está el carro; si aun así no arranca, lo siguiente es remolcarlo a un taller. Más: /services/jump-start",
    "flat-tire":
      "*Llanta ponchada*: Un operador asociado puede ponerle la llanta de refacción donde se detuvo; si no tiene refacción, el carro se puede remolcar a una llantera o a su casa. Más: /services/flat-tire",
    "gasoline-delivery":
      "*Entrega de gasolina*: Un operador asociado le lleva gasolina en un recipiente aprobado, suficiente para llegar a la gasolinera más cercana; si es diésel, avise. Más: /services/gasoline-delivery",
    "vehicle-lockouts":
      "*Apertura de carros*: Un operador asociado puede abrir su carro con herramientas para cerraduras, sin romper vidrios; le pedirán prueba de que el carro es suyo. Más: /services/vehicle-lockouts",
    "junk-car-removal":
      "*Retiro de carros viejos*: Podemos coordinar que se lleven un carro viejo, funcione o no; necesita el título del vehículo y una identificación con foto. Más: /services/junk-car-removal",
    "motorcycle-towing":
      "*Grúa para motos*: La moto va en una plataforma, derecha y bien sujeta, nunca arrastrada sobre una rueda, a su casa, a la agencia o a un taller. Más: /services/motorcycle-towing",
    "roadside-assistance":
      "*Asistencia en carretera*: Si el carro se calentó, prendió una luz de aviso o se detuvo, un operador asociado va a donde está y solo lo remolca si de verdad hace falta. Más: /services/roadside-assistance",
  } as Record<string, string>,
  topics: {
    greeting:
      "¡Hola! Puedo contestar preguntas sobre grúas y asistencia en carretera, las ciudades que atendemos, el horario y cómo pedir ayuda. ¿Qué le pasó?",
    thanks: "¡De nada! Maneje con cuidado.",
    language:
      "Sí, puede escribirme en español aquí. Por teléfono, pregunte si hay alguien disponible que hable español.",
    hours: "Estamos *disponibles 24/7*: noches, fines de semana y días festivos incluidos.",
    price:
      "No puedo dar precios por chat: el costo depende del vehículo, la distancia y la situación, y el despachador le dice qué esperar antes de empezar.",
    eta: "No puedo prometer una hora de llegada por chat: depende de dónde esté y del tráfico. El despachador le da el mejor cálculo para su ubicación.",
    request:
      "Lo más rápido es llamar. También puede mandar el formulario en /contact con su nombre, teléfono, el servicio y los lugares de recogida y entrega.",
    areas: `Atendemos ${townList}, a unas ${Math.round(site.serviceRadiusMeters / 1609.344)} millas del centro de Stockton.`,
    "blocked-driveway":
      "En la calle, un carro que bloquea su entrada tiene que recibir una multa antes de que se lo lleven, y es la policía o el control de estacionamiento quien lo multa y pide la grúa: repórtelo a la línea de la policía que no es de emergencia. No mueva ni dañe el carro. Más: /services/blocked-driveway",
    unknown: "No estoy seguro de eso y prefiero no adivinar.",
    help: "Cuénteme qué pasó, con sus propias palabras: batería descargada, llanta ponchada, llaves adentro, sin gasolina, un choque o un carro que necesita grúa. Si es urgente, no espere mi respuesta.",
    abandoned:
      "Un carro que se queda en el mismo lugar de una calle pública por *72 horas* o más se puede considerar abandonado. Repórtelo a su ciudad o a la línea de la policía que no es de emergencia: pueden marcarlo con un aviso y luego mandarlo remolcar, a costa del dueño. Más: /blog/car-towed-without-warning-california",
    "find-towed":
      "Llame a la línea de la policía que no es de emergencia: si fueron agentes quienes mandaron remolcar el carro, saben qué compañía lo tiene. En propiedad privada, el letrero de la entrada dice el nombre y el teléfono de la compañía de grúas. Vaya pronto con su identificación y prueba de que es el dueño, porque el almacenaje se cobra por día. Más: /blog/car-towed-without-warning-california",
    payment:
      "No puedo confirmar formas de pago por chat: usted le paga al operador asociado que hace el trabajo. Pregúntele al despachador cuáles acepta antes de empezar.",
    repairs:
      "No hacemos reparaciones: lo conectamos con operadores asociados para grúa y asistencia en carretera. Si el carro no se puede manejar, se puede remolcar al taller que usted elija: /services/towing",
    recommend:
      "No puedo recomendar un mecánico ni un taller. Cuando elija uno, un operador asociado puede remolcar el carro ahí: /services/towing",
    contact: `Llame a nuestros despachadores al ${phone} (24/7), o escriba a ${site.email}. También puede mandar una solicitud en /contact.`,
    address: `Nuestra dirección es ${fullAddress}, pero no hace falta venir: lo conectamos con un operador asociado que va a donde usted esté. Llame al ${phone} o mande una solicitud en /contact.`,
  } as Record<string, string>,
  towns: {
    yes: (names: string) => `Sí, atendemos ${names}: está dentro del área que cubrimos (${townList}).`,
    inArea: (names: string) => `${names} está dentro de nuestra área.`,
    outside: (names: string) =>
      `${names} está fuera de las ciudades que atendemos (${townList}). Llame al ${phone} y pregunte: el despachador le dirá si un operador asociado puede ayudarle ahí.`,
  },
  nextStep: {
    service: (withDropOff: boolean) =>
      `Llame al ${phone} (24/7) y dígale al despachador su ubicación exacta (calles, o autopista, dirección y salida o marcador de millas), el vehículo${withDropOff ? ", el problema y a dónde llevarlo" : " y el problema"}.`,
    info: `Llame al ${phone} a cualquier hora, 24/7.`,
  },
};
