import type { about as en } from "../en/about";
import type { Shape } from "../shape";

/** Spanish words of the about page: the keys of the English file, each one required. */
export const about: Shape<typeof en> = {
  about: {
    title: "Quiénes somos: servicio de grúa local en {business.city} desde {year}",
    description:
      "{name} es un servicio local que conecta a los conductores con operadores de grúa en {business.city}, {business.region} y pueblos cercanos desde {year}, las 24 horas.",
    heading: "Quiénes somos: {name}",
    lead: "Un servicio local que lo comunica con grúas y auxilio vial, desde {year}.",
    intro:
      "Atendemos a los conductores desde {year}. En {business.city} y en los pueblos de alrededor nos han llamado cuando {business.list.aboutCalls}. No somos una compañía de grúas: lo ponemos en contacto con operadores locales. Cuando usted llama o envía una solicitud, nuestros despachadores le asignan un operador de grúa asociado, cercano y con el equipo adecuado, y siguen en contacto con usted hasta que el operador toma el trabajo.",
    believe: "En qué creemos",
    answerTitle: "Contestar cada llamada.",
    answer: "Las averías no tienen horario de oficina, y nosotros tampoco: atendemos a toda hora, todos los días.",
    straightTitle: "Hablar claro.",
    straight:
      "Le decimos lo que sabemos y lo que no, y nunca adivinamos un precio ni un tiempo de llegada que no podamos cumplir.",
    carefulTitle: "Trabajar con operadores cuidadosos.",
    careful: "Pedimos a nuestros operadores asociados {business.list.aboutCare}.",
    safetyTitle: "Primero la seguridad.",
    safety: "Si alguien está herido o en peligro, llame primero al 911. El carro puede esperar.",
    whereTitle: "Dónde trabajamos",
    where:
      "Cubrimos {towns} y {last}, a no más de unas {miles} millas del centro de {business.city}, incluidas las carreteras {highways}.",
    reachTitle: "Cómo comunicarse con nosotros",
    reachBefore: "Lo más rápido es llamar al",
    reachMiddle: ". También puede",
    reachRequest: "enviar una solicitud de servicio",
    reachOr: " o hacer una pregunta rápida en nuestra",
    reachChat: "página de chat",
    and: "y",
  },
};
