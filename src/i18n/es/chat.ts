import type { chat as en } from "../en/chat";
import type { Shape } from "../shape";

/** Spanish words of the chat assistant's widget and page: the keys of the English file, each one required. */
export const chat: Shape<typeof en> = {
  chatWidget: {
    title: "Chat",
    open: "Abrir el chat",
    minimize: "Minimizar el chat",
    expand: "Ampliar el chat",
    close: "Cerrar el chat",
  },
  chat: {
    welcome: "¡Bienvenido! ¿En qué lo podemos ayudar hoy?",
    failure: "Lo sentimos, algo falló. Inténtelo de nuevo.",
    placeholder: "Escriba su mensaje...",
    send: "Enviar mensaje",
    log: "Mensajes del chat",
    you: "Usted: ",
    assistant: "Asistente: ",
    typing: "El asistente está escribiendo",
    region: "Chat",
    pageWelcome: "Bienvenido a nuestro chat",
    pageHint: "Pregunte por nuestros servicios, los pueblos que cubrimos, el horario o las reglas de remolque.",
    notSaved: "Este chat no se guarda: la conversación se pierde si recarga la página o sale de ella.",
    inputLabel: "Su mensaje",
  },
  chatPage: {
    title: "Chat",
    description:
      "Pregúntele a {name} sobre grúas y auxilio vial en {business.city}, {business.region}. Nuestro asistente de chat contesta de día y de noche.",
    heading: "Chat",
    danger: "¿Está en peligro?",
    call911: "Llame al 911",
    firstThen: "primero y después al",
    needsJs: "El chat necesita JavaScript, y está desactivado en este navegador.",
    callUsAt: "Llámenos al",
    or: "o",
    sendRequest: "envíe una solicitud de servicio",
    bothWork: ": las dos cosas funcionan sin él.",
    about:
      "Pregunte por nuestros servicios, los pueblos que cubrimos o cómo pedir ayuda. El asistente contesta con lo que dice este sitio: nuestros servicios, los pueblos que cubrimos, el horario y las reglas de remolque de nuestros artículos. No puede dar precios ni tiempos de llegada; para eso, y para cualquier urgencia, llámenos.",
    dangerCases:
      "Si alguien está herido, un carro quedó parado en un carril con tráfico, una persona o un animal está encerrado en un carro, o hay fuego o humo, llame primero al 911.",
  },
};
