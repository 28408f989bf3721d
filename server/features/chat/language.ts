import type { ChatLanguage } from "../../../src/shared/chat-schema";
import { site } from "../../../src/shared/site";
import { fold } from "./text";

/**
 * Which language a reply is written in. The message decides when it can: a driver who writes
 * Spanish reads Spanish, on any page. The page's hint (`lang` in POST /api/chat, sent by the Spanish
 * pages) decides what the message cannot: a greeting, "ok", "?", a town's name, one English word
 * such as "tow". A message clearly written in English is answered in English even on a Spanish
 * page: the driver chose that language for this message (a bilingual driver, or a phone shared with
 * a relative), and every fact is the same in both.
 */

/** Words that are Spanish and not English (folded: no accents). */
const SPANISH_WORDS = new Set(
  `hola gracias necesito necesita nesesito nececito ocupo ocupa ocupamos ayuda ayudar ayudarme auxilio grua gruas remolque remolcar remolcaron
  remolcan remolcarlo por llanta llantas yanta yantas ponchada ponchado ponchadas  ponche poncharon pinchada neumatico refaccion repuesto gasolina
    llaves llave carro carros coche coches camioneta troca troka moto motocicleta bateria pila corriente prende prendio arranca
  enciende cuanto cuanta cuesta cuestan cobran cobra precio precios tardan tarda tardo llegar llegan llega horario abiertos abren cierran domingo
  domingos sabado sabados noche madrugada feriado feriados festivos navidad ciudades pueblos cubren atienden servicio servicios heridos herido
  herida sangrando sangre lastimado lastimada choque chocamos chocaron choco accidente humo fuego incendio llamas huele olor hijo hija nino nina
  bebe perro perrito gato mascota encerrado encerrada calor autopista carretera descompuso descompuse descompuesto varado varada quede quedaron
  quedo adentro dentro deje  como pido pedir solicitar quiero deshacerme viejo vieja chatarra yonke bloqueando bloquea entrada cochera
  hablan espanol ingles donde estan ustedes hasta que cual cuales tengo tiene tienen puede pueden puedo estoy acabo acabe calento sobrecalento
  asistencia urgente ahorita rapido llamar llamo llamarles numero telefono pagar tarjeta efectivo usted senor senora buenas buenos dias tardes
  oiga oye porfa porfavor tambien pero porque cuando quien aceptan seguro aseguranza arreglan arreglar mecanico  frenos aceite
  recomendar recomienda carril acotamiento atras cuello cabeza cofre saliendo cerre cerro trabajan trabajo ubicados correo electronico
  llevar lleven llevaron llevo mande manden mandar muerta muerto murio apago apague atorado atorada atascado atascada lodo vias tren
  estacionado estacionamiento apartamentos abandonado abandonada calle cuadra semanas meses dueno paga pagar corralon sacar titulo
  demandar abogado intercambiar datos informacion despues multa policia grados mucho muy bien eres  estimado barato 
  tiempo minutos  manana dolares afuera abrir abrirlo cambiar cambiarla bajita  partido gano ignora instrucciones 
  olvida tus basura nunca contestan siguiendo miedo tipo pegue pegaron choque pasen pase pasar vender sirve pagina aqui aca alla
  vecino vecina siempre estaciona estacionan muy eso esto algo nada nadie somos fue fui tuve tuvo hubo dijo
  hace hacer hago puedes quieren necesitamos llegue llego vienen viene venir salir entrar abierto cerrado ahora hoy ayer
  tonto idiota jaja jajaja jajajaja estamos esposa esposo embarazada rompio quebro banda ocupamos disculpe mande
  traigo traemos tenemos podemos pueden puede sabe saben conoce quiero queremos voy vamos mis tus sus nuestro nuestra
  estrelle estrello estrellamos poste contra pego volteamos volteo atravesado raro hombre ventana puerta responde
  si y o nomas namas tmb tb xq pq ando andamos anda andaba
  cerca lejos vivo vive viven vivimos entra entran queda quedan salen mismo misma otro otra todo toda todos todas
  poco algo aun todavia entonces luego antes bueno buena malo mala nuevo nueva escuela tienda iglesia
  esquina colonia barrio ciudad condado norte oeste trabajo chamba jale hacen revisan checan venden compran ofrecen manejan sirven funciona camina jala cobrarian dejaron`.split(
    /\s+/,
  ),
);
/** Short words both languages use; they count as Spanish only beside real Spanish words. */
const SHARED = new Set(
  "a la el en de del no es me mi mis se su sin con para van dan hay motor auto esta las los un una lo".split(" "),
);

/**
 * Spanish endings no everyday English word has: participles, adverbs, verb persons ("varados",
 * "ponchada", "rapidamente", "estamos", "chocaron", "llevando").
 */
const SPANISH_SHAPE = /^[a-z]{3,}(ados|adas|ado|ada|idos|idas|cion|ciones|mente|amos|emos|imos|aron|ieron|iendo|ando)$/;

/** Phrases made of words both languages share, Spanish only together. */
const SPANISH_PHRASES =
  /^(van|vienen|llegan) (a|hasta)\b|\bhay (alguien|heridos|humo)\b|\bdan servicio\b|\bmi (carro|coche|troca|camioneta)\b|\b(toy|stoy) (en|aqui|parado|parada|varado|varada)\b/;

/**
 * English function words: the words that show which language a sentence is built in. Drivers borrow
 * English nouns into Spanish ("necesito un tow truck", "mi carro tiene un flat"), not these.
 */
const ENGLISH_FUNCTION_WORDS = new Set(
  `the my i im i'm is are was were it it's its you your we our us do does did don't dont can can't could will won't wont would should
  have has had of on at and or to from with what how much where when why who please just got get this that there here be been am an for
  about any someone anyone need needs want`.split(/\s+/),
);
/** English words drivers type, borrowed or not: with two of them, three words or more are English. */
const ENGLISH_WORDS = new Set([
  ...ENGLISH_FUNCTION_WORDS,
  ..."car truck tow towing towed battery flat tire tires gas keys key locked out stuck broke down start dead ran run hi hello hey thanks thank yes open close hours price cost far come send".split(
    " ",
  ),
]);

/** The words of our towns' names ("french", "camp"): in no language, so they do not count either way. */
const TOWN_WORDS = new Set(site.areas.flatMap((t) => fold(t).split(" ")));

/**
 * Spanish when the message has two Spanish words, or one among few words, or one and no English
 * function word ("necesito un tow truck", "<img …> atienden en lodi?"), or Spanish and shared words
 * make 40% of it.
 */
export function isSpanish(folded: string, allWords: string[]): boolean {
  // ¿ and ¡ survive folding (ñ does not: it folds to n, and "ano", "nino" are in the word list).
  if (/[¿¡]/.test(folded) || SPANISH_PHRASES.test(folded)) return true;
  const words = allWords.filter((w) => !TOWN_WORDS.has(w));
  const spanish = words.filter((w) => SPANISH_WORDS.has(w) || SPANISH_SHAPE.test(w)).length;
  if (spanish === 0) return false;
  const shared = words.filter((w) => SHARED.has(w)).length;
  const english = words.filter((w) => ENGLISH_FUNCTION_WORDS.has(w)).length;
  return spanish >= 2 || words.length <= 2 || english === 0 || (spanish + shared) / words.length >= 0.4;
}

/** Three words or more, two of them English only: a driver writing English, whatever the page. */
function isClearlyEnglish(words: string[]): boolean {
  return words.length >= 3 && words.filter((w) => ENGLISH_WORDS.has(w)).length >= 2;
}

/**
 * The reply's language: Spanish when the message is Spanish; otherwise the page's hint, unless the
 * message is clearly English; English when there is no hint.
 */
export function replyLanguage(folded: string, words: string[], hint?: ChatLanguage): ChatLanguage {
  if (isSpanish(folded, words)) return "es";
  if (hint === "es" && !isClearlyEnglish(words)) return "es";
  return "en";
}
