import { ENGLISH_RULES, englishCues, type IntentCues, type IntentGrammar, type Rule, readIntents } from "./intents";
import type { Reader } from "./reader";
import { readSafety, type SafetyPatterns } from "./safety";
import { correctTypos, englishNegation, type Negation, type Typos } from "./text";
import type { PlaceGrammar } from "./towns";

/**
 * Reading Spanish: the same readings as the English reader (reader.ts), from the words drivers in
 * California use ("se me ponchó la llanta", "ocupo una grúa", "mi troca no prende", "me quedé sin
 * gasolina en la 99"), typed without accents, with typos and with English mixed in ("mi carro broke
 * down en el freeway"). Every pattern reads the folded text: lower case, no accents ("grúa" is "grua").
 * What the assistant then says in Spanish is in answers-es.ts.
 */

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

/** The Spanish rules; the English ones a Spanish message may also hold are added below. */
const SPANISH_RULES: Rule[] = [
  {
    intent: "greeting",
    re: /^(hola+|holi|buenas|buenos dias|buen dia|buenas (tardes|noches)|que tal|saludos|hola,? (buenas|buenos dias|buenas tardes|buenas noches|que tal))[\s!.,?]*(como (esta|estan)|que tal)?[\s!.,?]*$/,
  },
  {
    intent: "help",
    re: /^(hola|buenas( noches| tardes)?|buenos dias)?[,.! ]*(necesito |ocupo |quiero |me (puede|pueden) )?(ayuda|auxilio|ayudar(me)?)( por favor| porfa| porfavor| urgente)?[\s!.?]*$|^(si|no|bueno|ok|oka|okey|sale|va|aja|mande|que|como|eh|este|pues)[\s!.?]*$|^[?.!]+$|\b(pueden|puede|podrian) (mandar|enviar|mandarme|enviarme) a alguien\b|\bnecesito que (venga|vengan) alguien\b/,
  },
  { intent: "thanks", re: /\b(gracias|muy amable|se lo agradezco|le agradezco|agradecid[oa])\b/ },
  {
    intent: "bot",
    re: /\b(eres|es usted|es esto|esto es) (un |una )?(robot|bot|maquina|persona|humano|persona real|computadora|inteligencia artificial)\b|\bhablo con (una persona|un robot|un humano|alguien|una maquina)\b|\beres real\b|\bcon quien hablo\b/,
  },
  {
    intent: "contact",
    re: /\b(numero (de telefono|para (llamar\w*|marcar\w*))|su (telefono|numero)|el numero|a que numero|telefono|whatsapp|mensaje de texto|textear|hablar con (alguien|una persona|un humano|el despachador|un operador|una persona real)|llamarles|marcarles)\b/,
  },
  { intent: "email", re: /\b(correo( electronico)?|e-?mail|mail)\b/ },
  {
    intent: "address",
    re: /\b(donde (estan|se ubican|quedan|tienen (la|su) oficina)|su direccion|la direccion de ustedes|ubicados|su oficina|su yarda)\b/,
  },
  {
    intent: "language",
    re: /\b(hablan|habla|hablas|hable|hablo|escribo|hablar|escribir) (en )?(espanol|ingles)\b|\ben espanol\b/,
  },
  {
    intent: "hours",
    // A question about when we work, not a story that happens to say "de noche".
    re: /\b(horario|abiertos?|(?<!\b(me|se|nos) (lo|la) )abren(?! (carros|coches|el carro|la troca|puertas|la puerta|camionetas))|cierran|a que hora(?! (pueden|puede|van a|llegan|llega|vienen|viene))|24\/7|24 horas)\b|\b(trabajan|atienden|abren|hay servicio|dan servicio|tienen servicio|pueden venir|vienen|disponibles)\b.{0,30}\b(domingos?|sabados?|fines? de semana|feriados?|(dias )?festivos|navidad|ano nuevo|noche|madrugada|dia de gracias|thanksgiving|(\d+|una|dos|tres|cuatro) de la (manana|madrugada|noche)|ahorita|hoy|todo el dia)\b/,
  },
  {
    intent: "price",
    re: /\bcuanto (?!tiempo|rato|tardan|tarda|se tard\w*|falta|antes|esperar|espero|hay que esperar|tengo que esperar)|\b(precios?|costo|costos|cuesta|cuestan|cobran(?! de mas)|cobra|cobro(?! de mas)|cobrarian|tarifas?|barato|barata|gratis|estimado|cotizacion|cotizar|presupuesto|descuentos?|dolares(?! de dan)|caro)\b|\$(?!\s?[\d,.]+ (mil )?(de dan|en dan))/,
  },
  {
    intent: "eta",
    re: /\b(cuanto (tiempo(?! (lo |la |me |le |nos |se )?(puedo|puede|se puede|pueden|podemos|dejan|tengo|tenemos|hay|tienen|tiene|deben|debe|dan|da))|tardan|tarda|se tard\w*|falta)|en cuanto (tiempo|rato)(?! (lo |la |me |le |nos |se )?(puedo|puede|pueden|tengo|tenemos|hay|tienen|tiene|deben|debe|dan|da)\b)|cuanto rato|cuando (llegan|llega|vienen|viene|van a llegar)|a que hora (pueden|puede|van a|llegan|llega|vienen|viene)|tardan|se tardan|tarda|hora de llegada|(pueden|puede|podrian) (venir|llegar|estar aqui) en|llegan? en|(que tan|bien|muy) (rapido|pronto) (llegan|vienen|pueden)|ya (vienen|viene)|(vienen|viene|va|van) en camino)\b/,
  },
  {
    intent: "request",
    re: /\b(como (pido|solicito|pedir|solicitar|hago (una|la) (solicitud|peticion|cita)|le hago para pedir|reservo|contrato)|pedir (el |un |una )?(servicio|grua)|solicitar|solicitud|formulario|por (internet|la pagina|la web|el sitio)|en linea|agendar|programar|hacer una cita|la (otra|proxima) semana|me (pueden|puede|podrian) (llamar|marcar|regresar la llamada)|llamenme|marquenme)\b/,
  },
  {
    intent: "services-list",
    re: /\b(que servicios|servicios (tienen|ofrecen|dan|hacen)|que (hacen|ofrecen) ustedes|lista de servicios|a que se dedican)\b/,
  },
  {
    intent: "areas",
    re: /\b(que (ciudades|pueblos|areas|zonas|lugares|partes)|en que (areas|ciudades|zonas|lugares|partes|pueblos)|cubren|atienden|hasta donde|donde (dan|trabajan|dan servicio|tienen servicio)|dan servicio|tienen servicio|trabajan en|(van|llegan|vienen) hasta|area de servicio|condado)\b/,
  },
  {
    intent: "blocked-driveway",
    re: /\b(bloque\w*|tap(ando|a|o|ado|ada|aron)|obstruy\w*|atravesad\w*|enfrente de) (\w+ ){0,4}(entrada|cochera|garaje|salida|driveway|garage|porton)\b|\b(entrada|cochera|garaje|driveway|porton)\b.{0,30}\b(bloque\w*|tapad\w*|tapando|obstruid\w*)/,
  },
  {
    intent: "abandoned",
    re: /\babandonad\w*|\b(dias|semanas|meses|un mes|una semana)\b.{0,40}\b(estacionad\w*|parad[oa]|ahi|en (mi|la) (calle|cuadra))|\b(estacionad\w*|parad[oa])\b.{0,40}\b(dias|semanas|meses|un mes)\b|\bnadie lo mueve\b|\bno lo (han|ha) movido\b|\bno lo (mueve|mueven)\b|\ben (mi|la) (calle|cuadra)\b.{0,30}\bhace (como |casi |mas de |unos |unas )?((\d+|varios|muchos|dos|tres|cuatro|cinco|una|un) )?(dias?|semanas?|mes(es)?)\b|\bcuanto tiempo (puede|se puede|pueden|dejan)\b.{0,30}\bestacionad\w*|\bcuanto tiempo (lo |la )?(puedo|puede|pueden|podemos|se puede) (dejar|tener|estar|quedarse|quedar)\b.{0,30}\b(calle|enfrente|ahi)\b|\b(dejo|dejaron|abandono)\b.{0,40}\ben (la|mi) (calle|cuadra)\b.{0,60}\bcuanto tiempo\b/,
  },
  {
    intent: "private-property",
    // A car left inside a home's own driveway: the owner's rule (CVC 22658), not the street's.
    re: /\b(estacionad|parquead|aparcad|metid|parad)\w* (adentro de |dentro de |en )(mi|la|el|nuestra|nuestro) (entrada|cochera|driveway)\b|\b(dejo|dejaron|estaciono|estacionaron|metio|metieron|parqueo|parquearon) (\w+ ){0,3}(adentro de |dentro de |en )(mi|la|nuestra|el) (entrada|cochera|driveway)\b|\b(apartamentos?|departamentos?|complejo|condominios?|hoa|propiedad privada|estacionamiento|parqueadero|parking|manager|administrador\w*|landlord|casero|dueno de (la propiedad|los apartamentos|el edificio|la tienda)|tienda|centro comercial|mall|plaza|negocio)\b.{0,60}\b(remolc\w*|se (lo |la )?llevaron|llevarse|avis\w*|letreros?)\b|\b(remolc\w*|se (lo |la )?llevaron)\b.{0,60}\b(apartamentos?|departamentos?|complejo|propiedad privada|estacionamiento|parqueadero|plaza|centro comercial|mall|tienda|negocio)\b|\bsin (aviso|avisar|letreros?)\b|\bno habia (letreros?|aviso)\b|\bletreros?\b|\bavisar antes\b|\b(se estaciona|se estacionan|se para|se paran|estacionan|dejan (su|el) carro) (dentro de |adentro de )?en (mi|la) (propia )?(entrada|driveway|cochera|propiedad)\b/,
  },
  {
    intent: "private-property-sign",
    re: /\bletreros?\b.{0,60}\b(tamano|que tan grande|grande|medir|mide|medida|medidas|pulgadas|requisitos|que (tiene|tienen|debe|deben) (que )?decir)\b|\b(tamano|medida|medidas|que tan grande)\b.{0,40}\bletreros?\b/,
  },
  {
    intent: "accident-info",
    re: /\b(policia|chp)\b.{0,30}\breport\w*|\btengo que reportar\w*\b|\b(llegue|golpe|golpecito|pegue|choque|le di)\b.{0,40}\b(estacionad|parquead|aparcad)\w*|\b(estacionad|parquead|aparcad)\w*\b.{0,60}\b(no habia nadie|me puedo ir|irme)\b|\b(avisar|reportar|notificar|reporte|reportarlo) al dmv\b|\bdmv\b.{0,30}\b(cuando|cuanto|plazo|dias)\b|\b(reporte|informe) por escrito\b|\bhacer (el |un |mi |algun |alguna )?(reporte|informe)\b|\ba quien (le )?(tengo|tenemos|debo|hay) que (avisar|reportar|llamar)\b.{0,40}\b(policia|chp|sheriff)?|\b(que|cuales|cual|cuanta) (datos|informacion|info|papeles|documentos)\b.{0,60}\b(choque|accidente|chocar)\b|\b(despues del?|tras) ((un|una|el|la|mi) )?(choque|accidente|colision)\b|\bintercambi\w*|\b(report\w*|dmv)\b.{0,40}\b(choque|accidente)\b|\b(choque|accidente)\b.{0,40}\b(report\w*|dmv)\b|\breport\w*\b.{0,12}\bdmv\b|\breport\w*\b.{0,30}\b(chp|policia)\b|\b(pegue|choque) (a|con|contra) (un|una|el|la) (carro|coche|troca|camioneta|auto) estacionad\w*|\bel dueno no esta\b|\bno esta el dueno\b|\bdejar una nota\b/,
  },
  {
    intent: "unattended",
    re: /\b(si|cuando) no (estoy|estamos|voy a estar)\b|\bsin que (yo )?(este|estemos)\b|\b(tengo|tenemos|necesito) que estar (ahi|presente|alli)\b|\bsin estar (yo )?presente\b/,
  },
  {
    intent: "ride-along",
    re: /\b(puedo|podemos|me puedo|nos podemos) (ir|irme|subir\w*|viajar)\b.{0,25}\b(grua|chofer|operador|ustedes|camion)\b|\b(ir|irme|irse|venir|viajar) conmigo\b|\bme (llevan|pueden llevar) (a mi )?(tambien|en la grua)\b/,
  },
  {
    intent: "verify-operator",
    re: /\b(grua|operador|chofer)\b.{0,40}\b(saber|tener|sabe|tiene|traer|trae)\b.{0,20}\b(mi nombre|mis datos|los datos)\b|\b(la|el) que (ustedes )?(me )?(mandaron|enviaron)\b|\b(operador|chofer|grua)\b.{0,60}\b(por escrito|mis datos)\b|\bcomo (se|puedo saber|saber|sabre)\b.{0,40}\b(mandaron|envian|enviaron|mandan|de ustedes|es de verdad|legitim\w*|es real)\b|\bgrua (pirata|falsa)\b|\b(chofer|operador) (falso|pirata)\b/,
  },
  {
    intent: "who-pays",
    re: /\bquien (paga|tiene que pagar|cubre|es responsable)\b|\b(tengo|tendria|tendre) que pagar\b|\bme toca pagar\b/,
  },
  {
    intent: "find-towed",
    re: /\bse llevaron mi (carro|coche|troca|camioneta|vehiculo|moto)\b|\b(a )?donde se (lo|la) llevaron\b|\bla policia (mando remolcar|remolco|se llevo)\b|\bse (lo |la )?llevo la grua\b|\bla grua se (lo |la )?llevo\b|\bme robaron (el|mi) (carro|coche|troca|camioneta|vehiculo)\b|\b(carro|coche|troca|camioneta) robad[oa]\b|\bme (lo |la )?remolcaron\b|\bdonde (esta|quedo|lo tienen) mi (carro|coche|troca|camioneta)\b|\bcomo (lo|la) (encuentro|busco|recupero)\b|\bdonde (lo|la) (busco|encuentro)\b|\bno encuentro mi (carro|troca|coche|camioneta)\b|\bmi (carro|troca|coche|camioneta) (ya )?no esta\b|\bdesaparecio mi (carro|troca|coche)\b|\bcorralon\b/,
  },
  {
    intent: "police-tow",
    re: /^(?=.*\b(policia|patrulla|sheriff|chp|oficial\w*|agentes?)\b)(?=.*\b(grua|remolc\w*|se (lo |la )?llev\w*|corralon)\b)(?=.*\b(avis\w*|notificacion|notifica\w*|carta|audiencia|pelear|disputar|impugnar|almacenaje)\b)/,
  },
  {
    intent: "impound",
    re: /\b(que|cuales) (papeles|documentos)\b.{0,30}\b(llevo|lleva|llevan|necesito|necesita|ocupo|ocupa|ocupan|piden|llevar)\b|\bcorralon\b.{0,60}\b(sacar\w*|recoger\w*)\b|\bme (lo|la) (entreguen|devuelvan|regresen)\b|\b(sac\w*|recog\w*|recuper\w*)\b.{0,25}\b(corralon|yarda|yard|deposito|impound|almacen)\b|\bque (necesito|llevo|ocupo|tengo que llevar) para (sacar|recoger|recuperar)\b|\bcorralon\b.{0,40}\bque (llevo|necesito|ocupo)\b/,
  },
  {
    intent: "junk-title",
    re: /\b(titulo|pink slip|papeles|registracion|registro)\b.{0,50}\b(yonke|yunke|chatarra|deshacer\w*|vender|retir\w*|se (lo |la )?lleven|llevarse)\b|\b(yonke|yunke|chatarra|deshacer\w*|vender|retir\w*)\b.{0,50}\b(titulo|pink slip|papeles)\b/,
  },
  {
    intent: "diagnosis",
    re: /\b(me (pueden|puede|podrian|puedes) decir|me dicen|me dice|sabe|saben|sabes) (que tiene|que le pasa|que sera|que es)\b|\bque (tendra|le pasara|sera lo que tiene) (mi|el) (carro|motor|troca|coche)\b|\bdiagnostic\w*/,
  },
  {
    intent: "insurance-claim",
    re: /\b(reclamo|reclamacion|claim)\b.{0,40}\b(seguro|aseguranza|aseguradora|insurance)\b|\b(seguro|aseguranza|aseguradora|insurance)\b.{0,40}\b(reclamo|reclamacion|claim|no (me )?quiere pagar|no (me )?quieren pagar)\b/,
  },
  {
    intent: "new-key",
    re: /\b(hacer|hacerme|sacar|sacarme|programar|duplicar|copiar|cortar) (me )?(una |otra |la |el )?(llave|llaves|copia de la llave|control)( nueva)?\b|\bllave nueva\b|\bperd\w* (las |mis |la )?llaves?\b|\bperd\w* el control (del carro|de la alarma|de la llave)\b/,
  },
  { intent: "legal-advice", re: /\b(demand\w*|abogad\w*|juicio|legal|ilegal|legalmente|mis derechos)\b/ },
  {
    intent: "payment",
    re: /\b(tarjetas?(?! de circulacion)( de (credito|debito))?|efectivo|formas? de pago|metodos? de pago|pagar con|zelle|venmo|cash ?app|paypal|(con|aceptan|en) cheques?|financiamiento|a pagos|en pagos|pago)\b/,
  },
  {
    intent: "repairs",
    re: /\b(smog|verificacion|cambi\w* (el|la|los|las|un|una) (alternador|marcha|motor de arranque|bomba|banda|bujias|radiador|balatas|clutch|embrague|mofle|bateria nueva)|arregl\w*|repar\w*|compon\w*|cambio de aceite|cambiar el aceite|aceite|frenos|afinacion|hojalateria|pintura|aire acondicionado|transmision (se )?(patina|esta patinando))\b/,
    negatable: true,
  },
  {
    intent: "recommend",
    re: /\b(recomiend\w*|recomendar|recomendacion\w*|buen (mecanico|taller)|(mecanico|taller) (bueno|de confianza|confiable)|conoce (a )?(un|algun) (mecanico|taller)|algun (mecanico|taller))\b/,
  },
  {
    intent: "weather",
    re: /\b(clima|lluvia|llover|lloviendo|tormenta|neblina|niebla|pronostico|que tiempo (va a )?hace|tiempo va a hacer|va a hacer (calor|frio))\b/,
  },
  {
    intent: "fleet",
    re: /\b(cuantas gruas|cuantos (camiones|choferes|operadores|trabajadores)|que (tipo|clase) de gruas|(tienen|son) (sus )?propias gruas|sus propias gruas|grua (para|de) (trailers?|camion|camiones|carga pesada)|carga pesada|semi|18 ruedas|tractocamion|autobus|casa rodante|motorhome|lancha|(mi|un|el|su) bote de (pesca|motor)|remolcar (mi|un|el|su) bote|camion de carga)\b/,
  },
  {
    intent: "insurance",
    re: /\b(aseguranza|(mi|su|tu) seguro|aaa|club de auto(movil)?|cobertura|reclamo|poliza|aceptan seguro|seguro (de auto|del carro|cubre|paga|me cubre)|compania de seguros)\b/,
  },
  {
    intent: "complaint",
    re: /\b(basura|inutil(es)?|estafa\w*|rateros|ladrones|pesimo|pesima|malisimo|nunca contestan|no contestan|no sirven|groseros?|mal servicio|pinche\w*|chingad\w*|mierda|porqueria|abusivos?|tont[oa]s?|idiotas?|estupid[oa]s?|cobr\w* de mas|me (lo |la )?(rayaron|abollaron|danaron)|(rayad|abollad|danad)[oa])\b/,
  },
  {
    intent: "injection",
    re: /\b(ignora\w*|olvida (tus|las|todas)|instrucciones (anteriores|previas)|a partir de ahora|desde ahora (eres|vas|siempre)|finge|haz de cuenta|actua como|repite (despues de mi|conmigo|lo que)|modo (desarrollador|developer)|ahora eres|soy el dueno|te autorizo|prompt|jailbreak)\b|^sistema:/,
  },
  {
    intent: "privacy",
    re: /\b(contrasena|password|clave (de|del) (admin|administrador)|datos personales|(direccion|telefono|domicilio) de (los|un|el) (choferes|chofer|operadores|operador)|informacion (privada|interna))\b/,
  },
  {
    intent: "off-topic",
    re: /\b(tacos?|pizza|comida|restaurante|comer|pelicula|partido|gano|chiste|poema|cancion|empleo|contratando|vacantes?|trabajo de (chofer|operador)|buscan (choferes|gente|trabajadores)|aplicar|carros usados|venden carros|vender(me)? un carro|comprar un carro|presidente|bitcoin|sueldo|cuanto (ganan|pagan)|tarea|novi[oa])\b/,
  },
  {
    intent: "technical",
    re: /\b(dolly|dollies|enganche|hitch|bola de (remolque|enganche)|capacidad (de )?(remolque|arrastre|carga)|paquete de (remolque|arrastre)|automatic[oa]|neutral|4x4|doble traccion|traccion (en las cuatro|integral)|awd|(con )?las (cuatro )?llantas (en el piso|en el suelo|abajo)|(plataforma|gancho|cama plana)\b.{0,20}\b(o|vs|versus)\b.{0,20}\b(plataforma|gancho|grua|cama plana)|tipos de (grua|gruas|remolque)|cama plana|barra de remolque|(remolc\w*|jal\w*|amarr\w*)\b.{0,30}\b(cadena|soga|cuerda|mecate)|(cadena|soga|cuerda|mecate)\b.{0,30}\b(remolc\w*|jalar|jalarlo|jalarla)|(remolcar|jalar|jala|remolca|llevar) (un|una|mi|el|la) (trailer|traila|casa rodante)|(mi|su|el|un|una) (trailer|traila) (de|para|con)\b)\b/,
  },
  {
    intent: "flat-no-spare",
    re: /\b(no|sin) (tengo |traigo |hay |cargo |tiene |trae )?(una |la |mi )?(llanta (de )?(repuesto|refaccion|extra)|refaccion|repuesto|llanta extra)\b|\b(la )?(refaccion|llanta de (repuesto|refaccion)|llanta extra) (tambien )?(esta |viene )?(ponchad\w*|mala|bajita|baja|desinflada)/,
  },

  // The services, in the words drivers use.
  {
    intent: "service:jump-start",
    re: /\b(bateria|baterias|pila|pasar(me|le)? corriente|pasen corriente|pase corriente|corriente|cables|no (quiere )?(arranca\w*|prende|prender|enciende|encender|da marcha|agarrar)|no (arranco|prendio|encendio)|descargad\w*|se (me )?descargo|hace (click|clic|tic)|muert[oa])\b/,
    negatable: true,
  },
  {
    intent: "service:flat-tire",
    re: /\b(llanta|llantas|ponch\w*|neumatico\w*|goma|gomas|pinchad\w*|reventon|revent\w* (la|una) llanta|refaccion)\b/,
    negatable: true,
  },
  {
    intent: "service:gasoline-delivery",
    re: /\b((me )?(quede|quedamos) sin|sin|no (tengo|traigo|hay)|se (me |nos |le |les )?(acabo|termino)( la| el)?) (gasolina|gas|diesel|combustible|nafta)\b|\b(gasolina|combustible|diesel|gas|tanque vacio)\b/,
    negatable: true,
  },
  {
    intent: "service:vehicle-lockouts",
    re: /\b(llaves? (adentro|dentro|encerrad\w*|en el (carro|coche|vehiculo)|en la (troca|camioneta))|(deje|dejo|dejaron|dejamos|se quedaron|quedaron|se me quedaron|se le quedaron|olvide|olvido) (las |mis |sus )?llaves|(cerre|se (me )?cerro|se (me )?trabo)\b.{0,25}\bllaves?|perd\w* (las |mis )?llaves|no encuentro (las |mis )?llaves|(carro|coche|troca|camioneta) (esta |quedo )?cerrad[oa]|se (me )?(trabaron|cerraron) las puertas|no (puedo|podemos) (abrir\w*|entrar)|(encerrad[oa]s?|quede|me quede|nos quedamos) afuera (de|del) (mi |el |la )?(carro|coche|troca|camioneta|vehiculo)|abrir (el|mi|un|una) (carro|coche|troca|camioneta|vehiculo)|apertura|cerrado con (llave|seguro)|no (tengo|traigo) (las )?llaves|me robaron las llaves|llave inteligente|control del carro|(carro|coche|troca|camioneta|puerta|puertas) no (abre|abren|quiere abrir)|me (lo|la) (pueden |puede |podrian )?abr(en|ir|e)|abr(en|ir|e|an) (carros|coches|el carro|la troca|puertas|la puerta|camionetas)|llave\w* (se me |se )?(quebr|rompi|atasc|trab)\w* en la (chapa|cerradura|puerta)|pila (al|del|de mi|de la) (control|llave))\b/,
    negatable: true,
  },
  { intent: "service:motorcycle-towing", re: /\b(moto|motos|motocicleta\w*|harley|scooter|motoneta|cuatrimoto)\b/ },
  {
    intent: "service:junk-car-removal",
    re: /\b(chatarra|yonke\w*|yonque\w*|yunke\w*|deshacer(me|nos|se)? de|(carro|coche|troca|camioneta|pickop|pickup|auto|ranfla|nave) (viej[oa]|que ya no (sirve|camina|jala|prende|arranca)|sin motor|desarmad[oa]|deshuesad[oa])|(no (arranca|prende|camina|sirve)|parad[oa]|tirad[oa]) (desde )?hace (anos|mucho tiempo)|ya no sirve|vender (mi (carro|troca|coche) )?(para|al|a la) (yonke|chatarra|yunke))\b/,
    negatable: true,
  },
  {
    intent: "service:roadside-assistance",
    re: /\b(asistencia( en (la )?(carretera|camino))?|auxilio (vial|en (el |la )?(carretera|camino))|ayuda en (el |la )?(camino|carretera)|se (me |le )?(calento|calienta|sobrecalento|sobrecalienta)|se (me |le )?(rompio|quebro|revento) (la banda|una banda|el radiador|la manguera|una manguera|el eje|la flecha)|calentando|calentar(se)?|sobrecalent\w*|aguja (esta |se fue |se subio )?hasta arriba|(aguja|marcador|medidor|reloj) de (la )?temperatura|(la )?temperatura (se esta |esta |va |se )?(subiendo|sube|alta|muy alta|hasta arriba)|luz (del motor|de aviso|de check engine|de la temperatura)|check engine|echa vapor|vapor|anticongelante|ruido raro|prendio (una|la) luz)\b/,
    negatable: true,
  },
  // "Urgente" is how a driver asks for any tow ("necesito una grúa urgente"), as "asap" is in English.
  {
    intent: "service:emergency-towing",
    // "A las 3 de la mañana" is the middle of the night; "a las 9 de la mañana" is not.
    re: /\b(emergencia|(de |en la |la )?madrugada|a media ?noche|medianoche|varad[oa]s?|([1-4]|una|dos|tres|cuatro) de la (manana|madrugada)|[1-4] ?a\.?m\.?)(?![a-z])/,
  },
  {
    intent: "service:towing",
    re: /\b(grua|gruas|remolque|remolc\w*|descompu\w*|no camina|no se mueve|no (quiere )?(andar|avanzar|jalar|jala)|(llevar|lleven|mover) (mi|el|la|un|una) (carro|coche|troca|camioneta|vehiculo)|no tiene motor|no (puedo|se puede|lo puedo|la puedo) manejar\w*|se (me |le )?(quebro|rompio) (la suspension|el eje|la direccion|la transmision)|llevarlo|llevarla|lleven al|al (taller|mecanico|dealer)|(lo|la) (quiero|necesito|ocupo) llevar|(llevar|mover)\w* (a|al|hasta) (mi casa|la casa|casa|el taller|un taller|la agencia|el dealer)|atascad\w*|atorad\w*|lodo|zanja|cuneta|se (me |le |nos |les )?(murio|apago|paro)|se quedo tirad\w*|me dejo tirad\w*|transmision|(sin|no tiene|no tengo) frenos|(lo|la) (pueden|puede|podrian|van a) (llevar|remolcar|mover)|desviel\w*|se (me |le )?(fundio|desvielo) (el )?motor)\b/,
    negatable: true,
  },
];

/**
 * English a Spanish message may hold: the services and the short words a driver types anywhere
 * ("tow", "flat", "battery", "ok", "hi", "24/7", "AAA"). The rest stays out: English rules read
 * Spanish words wrongly ("dan servicio" is not a "DAN" jailbreak).
 */
const ENGLISH_IN_SPANISH = new Set([
  "greeting",
  "help",
  "thanks",
  "price",
  "eta",
  "hours",
  "insurance",
  "technical",
  "fleet",
  "contact",
  "email",
  "language",
  "flat-no-spare",
]);

/** A Spanish cue, or the English one: Spanglish is read both ways. */
const either = (spanish: RegExp, english: RegExp) => new RegExp(`${spanish.source}|${english.source}`);

const spanishCues: IntentCues = {
  strongNeed: either(
    /\b(necesito|ocupo|ocupamos|necesitamos|mande|manden|mandar|quiero|urge) (una |la |un |el )?(grua|remolque|tow|auxilio|ayuda)\b|\b((me|nos) )?(lo|la) (pueden|puede|podrian|van a) (llevar|remolcar|mover)\b|\b(necesito|ocupo|quiero|necesitamos|ocupamos) (mover|llevar|remolcar|trasladar) (mi|el|la|nuestro|nuestra) (carro|coche|troca|camioneta|vehiculo|moto)\b|\b(necesito|ocupo|quiero|necesitamos|ocupamos) (llevarlo|llevarla|moverlo|moverla|remolcarlo|remolcarla)\b|\b(descompu\w*|desviel\w*|no (prende|arranca|camina)|atascad\w*|atorad\w*|varad\w*|se (me )?(murio|apago)|muert[ao])\b/,
    englishCues.strongNeed,
  ),
  batteryRuledOut: either(
    /\bno es (la |mi )?bateria\b|\bbateria (esta |es )?(bien|buena|nueva|cargada)\b(?! (muerta|descargada|baja|bajita|mala|jodida|fregada|gastada))/,
    englishCues.batteryRuledOut,
  ),
  cannotStart: either(
    /\bno (prende|arranca|enciende|quiere (prender|arrancar|encender|agarrar))\b/,
    englishCues.cannotStart,
  ),
  motorcycleNeed: either(/\b(descompu\w*|atascad\w*|varad\w*|necesito (una )?grua)\b/, englishCues.motorcycleNeed),
  gasNotFuel: either(/\bgasolinera\b|\bpedal de la gasolina\b|\btapon de la gasolina\b/, englishCues.gasNotFuel),
  outOfFuel: either(
    /\b(sin|se (me |nos |le |les )?acabo|quede sin|quedamos sin|no tengo|no traigo)\b|\b(llevan|llevar(me|le|nos)?|traen|traer(me|le|nos)?|echar(le)?|ponerle) (gasolina|gas|diesel|combustible|nafta)\b|\b(luz|lucecita|foquito) (del|de la) (tanque|gasolina)\b|\btanque (vacio|en (la )?e|en ceros)\b|\bse (me )?olvido (echar|ponerle|llenar)\b/,
    englishCues.outOfFuel,
  ),
  keyFob: either(
    /\b(control del carro|llave inteligente|pila (al|del|de mi|de la) (control|llave)|control (de la alarma|de la llave))\b/,
    englishCues.keyFob,
  ),
  twoVehicles: either(
    /\by (mi|el|un|una) (carro|coche|troca|camioneta)\b|\b(carro|troca|coche) tambien\b|\bdos vehiculos\b/,
    englishCues.twoVehicles,
  ),
  ownCar: either(
    /\bmi (propio |propia )?(carro|coche|troca|camioneta|vehiculo|auto|[a-z]+ (outback|civic|corolla|camry))\b|\bmi (subaru|honda|toyota|ford|chevy|nissan|dodge|kia|hyundai|jeep)\b/,
    englishCues.ownCar,
  ),
  ownHome: either(
    /\bcasa (sola|unifamiliar|de una (sola )?familia)\b|\bunifamiliar\b|\b(mi|nuestra) (propia )?(casa|entrada|cochera|driveway)\b/,
    englishCues.ownHome,
  ),
  towAsked: either(/\b(grua|remolque|remolc\w*)\b/, englishCues.towAsked),
  asksAboutService: either(/\b(que incluye|en que consiste|que cubre|que hacen en)\b/, englishCues.asksAboutService),
};

/**
 * A "tráiler" alone is a semi truck in Spanish ("no me voy a cambiar la llanta con tanto tráiler"), not
 * a trailer to tow: the English rule's bare "trailer" is left out ("tow a trailer" stays).
 */
function withoutBareTrailer(re: RegExp): RegExp {
  const source = re.source.replace(/\|trailer(?=[|)])/, "");
  if (source === re.source) throw new Error("the English technical rule no longer has a bare 'trailer'");
  return new RegExp(source, re.flags);
}

const spanishGrammar: IntentGrammar = {
  rules: [
    ...SPANISH_RULES,
    // Not English "urgent…": it would read "urgente" as the emergency page.
    ...ENGLISH_RULES.filter(
      (r) =>
        (r.intent.startsWith("service:") && r.intent !== "service:emergency-towing") ||
        ENGLISH_IN_SPANISH.has(r.intent),
    ).map((r) => (r.intent === "technical" ? { ...r, re: withoutBareTrailer(r.re) } : r)),
  ],
  cues: spanishCues,
  negation: spanishNegation,
};

const spanishPlaces: PlaceGrammar = {
  lead: "servicio en|servicio a|cubren|atienden en|trabajan en|van a|van hasta|llegan a|llegan hasta|vienen a|vienen hasta|remolc\\w* (?:a|hasta)|llev\\w* (?:a|hasta)|en|cerca de|desde|hasta",
  asked:
    /\b(?:servicio en|cubren|atienden en|trabajan en|van hasta|llegan hasta|vienen hasta)\s+([a-z]+(?: [a-z]+){0,2})\s*[?.!]*$/,
  notPlaceStart: new Set(
    "la el los las lo mi mis su sus tu un una este esta ese esa todo toda todos todas aqui ahi alla aca cualquier casa ustedes nosotros donde que cuanto cada noche domingo domingos sabado sabados fines dias madrugada".split(
      " ",
    ),
  ),
  direction: /\b(a|al|hasta|para|de|desde|del|en|cerca)\b/g,
  to: new Set(["a", "al", "hasta", "para"]),
  from: new Set(["de", "desde", "del"]),
  hereAt: /\b(estoy|estamos|me quede|quede|se (me )?descompuso|varad\w*|ubicad\w*)\b[^,]*$/,
  ignored: new Set(
    "yo mi mis el la los las un una es esta este hola buenas gracias navidad dios senor senora don dona mama papa por favor".split(
      " ",
    ),
  ),
  // "La salida de Lathrop" is the Lathrop exit; "escalón" a step.
  everyday: new Set(["salida", "escalon"]),
};

/** Spanish misspellings and chat shorthand: "nesesito", "yanta", "q", "xq", "kuanto". */
const spanishTypos: Typos = {
  shorthand: {
    q: "que",
    k: "que",
    ke: "que",
    xq: "porque",
    pq: "porque",
    porq: "porque",
    x: "por",
    tb: "tambien",
    tmb: "tambien",
    d: "de",
    yanta: "llanta",
    yantas: "llantas",
    troka: "troca",
    trokita: "troca",
    trokas: "trocas",
    kuanto: "cuanto",
    prnde: "prende",
    prede: "prende",
    arranka: "arranca",
    arrnca: "arranca",
    estoi: "estoy",
    ola: "hola",
    i: "y",
    disel: "diesel",
    dicel: "diesel",
    diessel: "diesel",
    gasolna: "gasolina",
    kobran: "cobran",
    aki: "aqui",
    nesesito: "necesito",
    nesecito: "necesito",
    nececito: "necesito",
    necesto: "necesito",
    nesito: "necesito",
    gruaa: "grua",
    vateria: "bateria",
    porfa: "por favor",
    porfavor: "por favor",
    pls: "por favor",
    plz: "por favor",
  },
  vocabulary: [
    "necesito",
    "gasolina",
    "bateria",
    "remolque",
    "accidente",
    "emergencia",
    "ponchada",
    "descompuso",
    "motocicleta",
    "estacionamiento",
    "apartamentos",
    "abandonado",
    "asistencia",
    "acotamiento",
    "autopista",
    "carretera",
    "encerrado",
    "sobrecalentando",
  ],
};

/**
 * Spanish words for what the English articles are about, so a Spanish question on tow methods finds
 * its article ("remolcar un carro automático con las llantas en el piso" -> "automatic flat tow").
 */
const TO_ENGLISH: [RegExp, string][] = [
  [/\bautomatic[oa]s?\b|\btransmision automatica\b/g, "automatic transmission"],
  [/\b(con )?las (cuatro )?llantas (en el piso|en el suelo|abajo)\b/g, "flat tow four-down"],
  [/\bdoble traccion\b|\btraccion (en las cuatro|integral)\b/g, "awd 4x4"],
  [/\b(enganche|jalon)\b/g, "hitch"],
  [/\bcapacidad (de )?(remolque|arrastre|carga)\b/g, "towing capacity"],
  [/\bpaquete de (remolque|arrastre)\b/g, "tow package"],
  [/\b(plataforma|cama plana)\b/g, "flatbed"],
  [/\bgancho\b/g, "hook-and-chain wheel-lift"],
  [/\btipos de (grua|gruas|remolque)\b/g, "types of towing"],
  [/\b(cadena|soga|cuerda|mecate)\b/g, "strap rope"],
  [/\bbarra de remolque\b/g, "tow bar"],
  [/\b(casa rodante|motorhome)\b/g, "rv motorhome"],
  [/\b(traila|trailer)\b/g, "trailer"],
  [/\bremolc\w*|\bjalar\b/g, "tow"],
  [/\bcarros?|coches?\b/g, "car"],
];
export function englishTermsFor(folded: string): string {
  let out = folded;
  for (const [re, english] of TO_ENGLISH) out = out.replace(re, english);
  return out;
}

/** "Clase III", "clases de enganche", "un enganche para 7,000 libras". */
export function asksHitchClassesInSpanish(folded: string): boolean {
  return /\bclases? (i{1,3}|iv|v|[1-5]|uno|dos|tres|cuatro|cinco)\b.{0,30}\b(enganche|hitch|jala|remolca|capacidad)|\b(enganche|hitch|capacidad)\b.{0,30}\bclase (i{1,3}|iv|v|[1-5]|uno|dos|tres|cuatro|cinco)\b|\bclases de (enganche|hitch)\b|\b(enganche|hitch)\b.{0,40}\b\d[\d,]* ?(lb|lbs|libras)\b/.test(
    folded,
  );
}

export const spanishReader: Reader = {
  correct: (folded) => correctTypos(folded, spanishTypos),
  safety: (folded) => readSafety(folded, spanishSafety),
  intents: (folded) => readIntents(folded, spanishGrammar),
  strongNeed: spanishCues.strongNeed,
  areaWords:
    /\b(servicio|cubren|van|vienen|llegan|trabajan|atienden|area|zona|lejos|dan|hasta|aca|alla|por|cerca|en|estan|ok|si)\b/,
  trip: /\b(de|desde)\b.+\b(a|al|hasta|para)\b/,
  places: spanishPlaces,
};
