import { ui } from "../../../src/i18n/ui";
import { type ServiceSlug, services as serviceList } from "../../../src/shared/services";
import { fullAddress, serviceRadiusMiles, site } from "../../../src/shared/site";
import type { ServiceCard, TopicKey, Words } from "./answers";
import type { Caution, Danger } from "./safety";
import { asksHitchClassesInSpanish, englishTermsFor } from "./spanish";

/**
 * Everything the assistant says in Spanish, written by hand for drivers in California (not
 * translated word for word): the same facts, in the same order and the same referral voice as the
 * English in answers.ts, whose types make this file say every danger, service and topic. Links go to
 * the Spanish twin of a page (/es/services/towing); the blog's articles are in English only, and a
 * reply that points to one says so. Numbers (CVC sections, hours, days, amounts) are the English
 * text's numbers: tests/unit/chat-assistant.test.ts checks each text against its English twin.
 */

const phone = site.phone.display;
const GUIDE = "guides/after-an-accident.md";
/** The Spanish twin of one of our pages. */
const es = (path: string) => `/es${path}`;
/** The article on towing rules, in English only. */
const TOWED_ARTICLE = "(en inglés): /blog/car-towed-without-warning-california";

export function joinSpanish(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} y ${names.at(-1)}`;
}
const townList = joinSpanish([...site.areas]);
const highwayList = joinSpanish([...site.highways]);
/** "está" or "están", for one town or several. */
const is = (names: string[]) => (names.length > 1 ? "están" : "está");

/**
 * The services as the Spanish pages name them: the one dictionary's names (src/i18n/ui.ts), so the chat
 * and the pages never call a service two things.
 */
const SERVICE_NAMES: Record<ServiceSlug, string> = ui.es.serviceNames;
/** A service's name inside a sentence ("pasar corriente a la batería"). */
const serviceWord = (slug: ServiceSlug) => {
  const name = SERVICE_NAMES[slug];
  return name.charAt(0).toLowerCase() + name.slice(1);
};

const nextStep = {
  service: (withDropOff: boolean) =>
    `Llame al ${phone} (24/7) y dígale al despachador su ubicación exacta (calles, o autopista, dirección y salida o marcador de millas), el vehículo${withDropOff ? ", el problema y a dónde llevarlo" : " y el problema"}.`,
  info: `Llame al ${phone} a cualquier hora, 24/7.`,
};

const safety: Record<Danger, string> = {
  injury: `Si alguien está herido, *llame primero al 911*: la policía y los paramédicos van antes que el carro. Quédense lejos del tráfico, detrás de una barrera o bien fuera del camino si se puede. Cuando todos estén a salvo, llame al ${phone} y lo conectamos con un operador de grúa asociado para el vehículo.`,
  crash: `Si alguien está herido, *llame primero al 911*, y también si un carro bloquea el tráfico. Prenda las intermitentes y espere lejos del tráfico. Cuando todos estén a salvo, llame al ${phone}: un operador asociado puede remolcar el carro a donde usted elija.`,
  fire: `Humo, fuego u olor a gasolina: apague el motor, saque a todos, aléjense del carro y del tráfico, y *llame al 911*. No abra el cofre ni regrese por sus cosas. Cuando los bomberos digan que es seguro, llame al ${phone} para la grúa.`,
  "hot-car": `*Llame al 911 ahora*, no espere: un niño, una persona o una mascota encerrada en un carro es una emergencia por sí sola, haga calor o no, y un carro cerrado con el calor del Valle se vuelve peligroso muy rápido. Quédese junto al carro para que lo encuentren. Después llame al ${phone} para abrir el carro.`,
  traffic: `Prenda las intermitentes. En la autopista, quédese dentro del carro con el cinturón puesto o espere detrás de una barrera, lejos del tráfico, y nunca se pare entre su carro y el tráfico; si el carro quedó en un carril o después de un choque en el tráfico, *llame al 911* ahora. Después llame al ${phone} y dígale al despachador la autopista, la dirección y la salida o el marcador de millas más cercano.`,
  tracks: `Saque a todos del carro y aléjense de las vías ahora, aunque no se vea ningún tren, y no intente empujar el carro. Llame al 911 o al número de emergencia del letrero azul del cruce. Cuando todos estén a salvo, llame al ${phone} para la grúa.`,
  threat: `Si se siente en peligro, *llame al 911 ahora*. Mantenga las puertas con seguro y las intermitentes prendidas, o vaya a un lugar con luz y gente. Cuando esté a salvo, llame al ${phone} para que le ayuden con el carro.`,
};

const caution: Record<Caution, string> = {
  freeway:
    "En la autopista, quédese dentro del carro con el cinturón puesto o espere detrás de una barrera, lejos del tráfico.",
  "crash-no-injury":
    "Qué bueno que nadie está herido: si alguien empieza a sentir dolor, o un carro bloquea el tráfico, llame al 911.",
  heat: "Con este calor, mantenga a todos fuera del sol y lejos del tráfico, tomen agua mientras esperan y llame al 911 si alguien se siente mal.",
};

const serviceTexts: Record<ServiceCard, string> = {
  towing: `Lo conectamos con un operador de grúa asociado que lleva su carro a donde usted diga: su casa, su mecánico o un taller. Más: ${es("/services/towing")}`,
  "emergency-towing": `De día o de noche, fines de semana y días festivos incluidos, lo conectamos con un operador asociado si el carro se descompuso en un carril, después de un choque o a altas horas de la noche. Más: ${es("/services/emergency-towing")}`,
  "roadside-assistance": `Si el carro se calentó, prendió una luz de aviso o se paró, lo conectamos con un operador asociado que va a donde usted se detuvo; si no se puede resolver ahí, la misma llamada se vuelve un remolque a donde usted elija. Más: ${es("/services/roadside-assistance")}`,
  "flat-tire": `Un operador asociado puede ponerle la llanta de refacción donde se detuvo; si sus rines tienen tuerca de seguridad, tenga a la mano su llave. Más: ${es("/services/flat-tire")}`,
  "flat-no-spare": `Sin una llanta de refacción que sirva, el carro se puede remolcar a una llantera o a su casa. Más: ${es("/services/towing")}`,
  "gasoline-delivery": `Un operador asociado le lleva combustible en un recipiente aprobado, lo suficiente para llegar a la gasolinera más cercana; si su carro es diésel, dígalo. Más: ${es("/services/gasoline-delivery")}`,
  "junk-car-removal": `Podemos coordinar que se lleven un carro viejo, funcione o no; necesita un *título válido* y una identificación con foto. Más: ${es("/services/junk-car-removal")}`,
  "jump-start": `Un operador asociado puede pasarle corriente a la batería donde está el carro; si aun así no arranca, lo siguiente es remolcarlo a un taller. Más: ${es("/services/jump-start")}`,
  "motorcycle-towing": `La moto va en una plataforma, nunca arrastrada sobre una rueda, derecha y bien amarrada, a su casa, a la agencia o a un taller. Más: ${es("/services/motorcycle-towing")}`,
  "vehicle-lockouts": `Un operador asociado puede abrir el carro con herramientas especiales, sin romper vidrios; le van a pedir prueba de que el carro es suyo. Más: ${es("/services/vehicle-lockouts")}`,
};

/** Each service card opens with the service's Spanish name; "flat-no-spare" follows the flat it is about. */
const services = Object.fromEntries(
  Object.entries<string>(serviceTexts).map(([card, text]) => {
    const name = SERVICE_NAMES[card as ServiceSlug];
    return [card, name ? `*${name}*: ${text}` : text];
  }),
) as Record<ServiceCard, string>;

const topics: Record<TopicKey, string> = {
  greeting:
    "¡Hola! Puedo contestar preguntas sobre grúas y auxilio vial, las ciudades que atendemos, el horario y cómo pedir ayuda. ¿Qué le pasó?",
  thanks: "¡De nada! Maneje con cuidado.",
  help: "Cuénteme qué pasó, con sus propias palabras: batería descargada, llanta ponchada, llaves adentro, sin gasolina, un choque o un carro que necesita grúa. Si es urgente, no espere mi respuesta.",
  language:
    "Sí, puede escribirme en español aquí. Por teléfono, pregunte si hay un despachador disponible que hable español.",
  bot: `Soy el asistente automático del sitio para nuestros servicios de grúa y auxilio vial: contesto con lo que dicen nuestras páginas. Un despachador de verdad le contesta 24/7: llame al ${phone}.`,
  contact: `Llame a nuestros despachadores al ${phone} (24/7), o escriba a ${site.email}. También puede mandar una solicitud con el formulario en ${es("/contact")}.`,
  address: `Nuestra dirección es ${fullAddress}, pero no hace falta venir: un operador asociado va a donde usted esté. Llame al ${phone} o mande una solicitud en ${es("/contact")}.`,
  hours: "Estamos *disponibles 24/7*: noches, fines de semana y días festivos incluidos.",
  request: `Lo más rápido es llamar. O mande el formulario en ${es("/contact")} con su nombre, teléfono, el servicio y los lugares de recogida y entrega, y un despachador se comunica con usted.`,
  "services-list": `Lo conectamos con operadores asociados para: ${joinSpanish(serviceList.map((s) => serviceWord(s.slug)))}. Todos: ${es("/services")}`,
  areas: `Atendemos ${townList}: a unas ${serviceRadiusMiles} millas del centro de Stockton, incluidas las autopistas ${highwayList}.`,
  price:
    "No puedo dar precios por chat: el costo depende del vehículo, la distancia y la situación, y el despachador le dice qué esperar antes de empezar cualquier trabajo.",
  eta: "No puedo prometer una hora de llegada, ni cuánto tarda un trabajo, por chat: depende de dónde esté, del tráfico y de qué operador asociado esté libre. El despachador le da el mejor cálculo para su ubicación.",
  "blocked-driveway": `En la calle, un carro que bloquea su entrada tiene que recibir una multa de la policía antes de que se lo lleven, y es la policía o el control de estacionamiento quien le pone la multa y pide la grúa: repórtelo a la línea de no emergencias de la policía. No mueva ni dañe el carro usted mismo. Más: ${es("/services/blocked-driveway")}`,
  abandoned: `Un carro que se queda en el mismo lugar de una calle pública por *72 horas* o más se puede considerar abandonado. Repórtelo a su ciudad o a la línea de no emergencias de la policía: pueden marcarlo con un aviso y luego mandarlo remolcar, a costa del dueño. Más ${TOWED_ARTICLE}`,
  diagnosis: `No puedo saber por chat qué tiene un carro: eso lo dice un mecánico. Si no se puede manejar sin peligro, un operador asociado puede remolcarlo al taller que usted elija: ${es("/services/towing")}`,
  "insurance-claim": `No manejamos reclamos de seguro: eso lo tiene que ver con su aseguradora o con su agente de seguros. Si la policía no ordenó la grúa, usted elige a dónde va el carro: a su casa, a un taller de carrocería o al patio que indique su aseguradora. Más: ${es("/guides/after-an-accident")}`,
  "new-key": `No hacemos llaves. Si perdió las llaves, le podemos conseguir una grúa que lleve el carro a una agencia o a un cerrajero que pueda hacer y programar una llave nueva. Más: ${es("/services/vehicle-lockouts")}`,
  "home-driveway": `En una casa unifamiliar, la entrada o el terreno del dueño no necesita letrero ni espera (sección 22658 del Código de Vehículos): el dueño puede mandar remolcar el vehículo, y el operador de grúa tiene que avisar por escrito al dueño registrado del remolque y de a dónde se llevó el vehículo. No lo mueva usted mismo. Más: ${es("/services/blocked-driveway")}`,
  "private-property-sign": `Donde un estacionamiento remolca sin aviso, el letrero tiene que estar a la vista en cada entrada, medir por lo menos 17 por 22 pulgadas y decir que se prohíbe el estacionamiento al público y que los vehículos se retirarán a costa del dueño, con el teléfono de la policía local y el de la compañía de grúas. Información general, no asesoría legal. Más: ${es("/services/blocked-driveway")}`,
  "private-property": `En propiedad privada (sección 22658 del Código de Vehículos): con el letrero correcto en cada entrada, un estacionamiento puede mandar remolcar sin aviso; sin letreros, hay que dejar un aviso de infracción de estacionamiento y esperar *96 horas*; si al vehículo le faltan partes importantes, 24 horas después de avisar a la policía; la entrada de una casa unifamiliar no necesita ni letrero ni espera. Si cree que no se siguieron estas reglas, pregunte al dueño o al administrador quién autorizó el remolque. Información general, no asesoría legal. Más: ${es("/services/blocked-driveway")}`,
  "after-accident": `Después de un choque, llame primero al 911 si alguien está herido o un carro bloquea el tráfico; el oficial en el lugar le dice qué datos intercambiar y qué reportar. Cuando todos estén a salvo, un operador asociado puede remolcar el carro a donde usted elija. Más: ${es("/guides/after-an-accident")}`,
  "who-pays": `Cuando un vehículo se remolca legalmente, *el dueño del vehículo remolcado paga* la grúa y el almacenaje, aunque lo manejara otra persona. Más ${TOWED_ARTICLE}`,
  "find-towed": `Llame a la línea de no emergencias de la policía: si fueron agentes quienes mandaron remolcar el carro, saben qué compañía lo tiene. En propiedad privada, el letrero de la entrada dice el nombre y el teléfono de la compañía de grúas. Vaya pronto con su identificación y prueba de que es el dueño: si recoge el carro dentro de 24 horas de que entró al almacenaje, la sección 3068.1 del Código Civil permite cobrar como máximo un día de almacenaje, y después se cobra cada día. Más ${TOWED_ARTICLE}`,
  "police-tow": `Cuando la policía manda remolcar un carro (sección 22651), la agencia tiene que mandar un aviso al dueño registrado dentro de 48 horas (sin contar fines de semana ni días festivos), y el dueño puede pedir una audiencia sobre si el almacenaje fue válido dentro de 10 días de ese aviso (sección 22852). Más: ${es("/guides/after-an-accident")}`,
  impound: `Llame primero al corralón para saber el total y las formas de pago; luego lleve su licencia de manejo o una identificación oficial con foto, un comprobante de que es el dueño (el registro vigente o el título) y el pago; algunos remolques de la policía piden también una autorización de la policía. Más: ${es("/guides/after-an-accident")}`,
  "junk-title": `Para retirar un carro viejo se necesita el *título válido* del vehículo y una identificación con foto que coincida. ¿Perdió el título? Normalmente puede sacar un duplicado en el DMV primero. Más: ${es("/services/junk-car-removal")}`,
  "legal-advice": `No puedo dar asesoría legal: para eso, consulte a un abogado. Para disputar un remolque, pregunte a la policía o a una oficina de protección al consumidor cómo hacerlo; nuestro artículo explica las reglas más comunes ${TOWED_ARTICLE}`,
  unattended:
    "Pregúntele al despachador: si el operador asociado puede llevarse el carro sin que usted esté depende del trabajo, y le dirán cómo dejar las llaves y a dónde va el carro.",
  "verify-operator": `Mantenga las puertas con seguro y, por la ventana, pídale al operador que le diga el nombre y el teléfono de usted y la marca, modelo, año y placas de su carro. La sección 22513 del Código de Vehículos de California exige que el operador que usted pidió tenga esos datos por escrito antes de llegar. Si el operador no se los sabe, no abra y llámenos. Más: ${es("/services/roadside-assistance")}`,
  "ride-along":
    "Si puede irse en la grúa depende del operador asociado y del camión; pregúntele al despachador cuando llame.",
  "not-legal-advice": "No puedo dar asesoría legal; tómelo como información general.",
  payment:
    "No puedo confirmar las formas de pago por chat: usted le paga al operador asociado que hace el trabajo. Pregúntele al despachador cuáles acepta antes de empezar.",
  repairs: `No hacemos reparaciones: lo conectamos con operadores asociados para grúa y auxilio vial (${joinSpanish(
    (["jump-start", "flat-tire", "gasoline-delivery", "vehicle-lockouts"] as const).map(serviceWord),
  )}). Si el carro no se puede manejar, se puede remolcar al mecánico o al taller que usted elija: ${es("/services/towing")}`,
  recommend: `No puedo recomendar un mecánico ni un taller. Cuando elija uno, un operador asociado puede remolcar el carro ahí: ${es("/services/towing")}`,
  weather: "No puedo ver el clima aquí: solo sé de nuestros servicios de grúa y auxilio vial.",
  fleet:
    "No somos una compañía de grúas: lo ponemos en contacto con operadores de grúa asociados, así que el camión depende de su vehículo y del trabajo. Dígale al despachador la marca, el modelo y el tamaño, y le dirá si un operador asociado puede llevarlo.",
  insurance:
    "No puedo confirmar por chat si su seguro o su club de auto lo cubre. Si su seguro o un club de auto le da auxilio vial, tenga los datos a la mano y déselos al despachador.",
  complaint:
    "Siento mucho que haya sido difícil. Solo soy el asistente automático del sitio; por favor llame: un despachador puede resolverlo con usted.",
  injection:
    "Solo contesto preguntas sobre nuestros servicios de grúa y auxilio vial, con lo que dicen nuestras páginas, y mis instrucciones no cambian.",
  privacy: "No puedo compartir información privada ni interna.",
  "off-topic":
    "Solo puedo ayudar con preguntas de grúa y auxilio vial: nuestros servicios, las ciudades que atendemos, el horario y cómo pedir ayuda.",
  unknown: `No estoy seguro de eso y prefiero no adivinar. También puede mandar una solicitud en ${es("/contact")}.`,
  "hitch-classes":
    "Los enganches (hitch) se clasifican por el peso bruto del remolque: Clase I hasta 2,000 lbs, Clase II hasta 3,500 lbs, Clase III hasta 8,000 lbs y Clase IV hasta 10,000 lbs. Nunca pase la capacidad más baja entre el enganche, el vehículo y la bola. Más (en inglés): /blog/car-towing-capacity",
};

/**
 * What to do after a crash, by the part of the accident guide the question is about. In English the
 * assistant quotes the guide's own sentences; these say the same in Spanish, each naming the English
 * phrase of the guide it restates (checked by a test, with every number in it).
 */
export interface GuidePart {
  id: string;
  /** Which questions it answers. */
  asks: RegExp;
  text: string;
  source: { file: string; phrase: string };
}
export const accidentParts: GuidePart[] = [
  {
    id: "accident-unattended",
    asks: /\bestacionad\w*|\bdueno no esta\b|\bno esta el dueno\b|\bnota\b|\bno (habia|estaba) nadie\b|\b(cerca|barda|reja|poste|buzon|propiedad)\b/,
    text: `Si le pegó a un carro estacionado o a otra propiedad, la sección 20002 pide buscar al dueño o dejarle una nota por escrito, a la vista, con su nombre y dirección, los del dueño de su vehículo y lo que pasó; luego avise sin demora a la policía de la ciudad (o, fuera de la ciudad, a la CHP). Más: ${es("/guides/after-an-accident")}`,
    source: { file: GUIDE, phrase: "leave a written note in plain view" },
  },
  {
    id: "accident-dmv",
    asks: /\bdmv\b/,
    text: `Según la sección 16000(a), si un choque hiere o mata a alguien, o causa más de $1,000 de daños a la propiedad de una sola persona, cada conductor tiene que reportarlo al DMV dentro de 10 días, aunque la policía haya hecho un reporte. Su aseguradora, su agente de seguros o su abogado pueden hacerlo por usted. Más: ${es("/guides/after-an-accident")}`,
    source: { file: GUIDE, phrase: "more than $1,000 of damage to the property of any one person" },
  },
  {
    id: "accident-exchange",
    asks: /\b(intercambi\w*|datos|informacion|info|papeles|documentos|licencia|seguro|aseguranza)\b/,
    text: `La sección 16025 pide que cada conductor del choque intercambie con el otro: nombre, domicilio actual y número de licencia de manejo; el número de identificación del vehículo (VIN) y el domicilio del dueño registrado; y el comprobante de seguro (nombre y dirección de la compañía y número de póliza). Irse sin dar estos datos es un delito, aunque sea un golpecito. Más: ${es("/guides/after-an-accident")}`,
    source: { file: GUIDE, phrase: "Section 16025 requires every driver involved" },
  },
  {
    id: "accident-report",
    asks: /\b(report\w*|policia|chp)\b/,
    text: `Si alguien resultó herido, la sección 20001(a) exige detenerse y quedarse en el lugar; la 20003, dar su nombre y domicilio, el número de registro del vehículo y los datos del dueño, y ayudar al herido; y la 20008(a), hacer un reporte por escrito dentro de 24 horas a la CHP o, dentro de una ciudad, a la CHP o a la policía de esa ciudad. Más: ${es("/guides/after-an-accident")}`,
    source: { file: GUIDE, phrase: "written report of an injury crash within 24 hours" },
  },
];

export const spanish: Words = {
  safety,
  caution,
  services,
  topics,
  towns: {
    yes: (names) => `Sí, atendemos ${joinSpanish(names)}: ${is(names)} dentro del área que cubrimos (${townList}).`,
    inArea: (names) => `Sí, ${joinSpanish(names)} ${is(names)} dentro de nuestra área.`,
    outside: (names) =>
      `${joinSpanish(names)} ${is(names)} fuera de las ciudades que atendemos (${townList}). Llame al ${phone} y pregunte: el despachador le dirá si un operador asociado puede ayudarle ahí.`,
    dropOffOutside: (pickup, dropOff) =>
      `Recoger el carro en ${joinSpanish(pickup)} sí está dentro de nuestra área, pero ${joinSpanish(dropOff)} ${is(dropOff)} fuera de las ciudades que atendemos (${townList}); llame al ${phone} para preguntar por llevarlo hasta ahí.`,
  },
  nextStep,
  severalServices: (slugs) =>
    `Una sola llamada cubre todo: ${joinSpanish(
      slugs.map((s) => `*${SERVICE_NAMES[s as ServiceSlug] ?? s}* (${es(`/services/${s}`)})`),
    )}. Dígale al despachador todo lo que le pasa al carro.`,
  serviceLink: (slug) =>
    SERVICE_NAMES[slug as ServiceSlug]
      ? `Para esto: *${SERVICE_NAMES[slug as ServiceSlug]}* (${es(`/services/${slug}`)}).`
      : "",
  townPages: (paths) => (paths.length ? ` Más: ${paths.map(es).join(", ")}` : ""),
  accident: (folded) => accidentParts.find((p) => p.asks.test(folded))?.text ?? topics["after-accident"],
  technical: (folded, retriever) => {
    if (asksHitchClassesInSpanish(folded)) return topics["hitch-classes"];
    const section = retriever.section(englishTermsFor(folded));
    return section && `Eso lo explica nuestro artículo _${section.articleTitle}_ (en inglés): ${section.url}`;
  },
};
