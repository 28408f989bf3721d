import type { requestPage as en } from "../en/request-page";
import type { Shape } from "../shape";

/** Spanish words of the driver's request page and the e-mail that links to it: the keys of the English file, each one required. */
export const requestPage: Shape<typeof en> = {
  /** The text the owner sends a caller from the desk with the link to their own page (a phone-in). */
  callerText: "{name}: su solicitud de servicio n.º {number}, lo que sigue y una forma de cancelarla: {url}",
  requestPage: {
    title: "Su solicitud de servicio",
    description: "Cómo va su solicitud de servicio, y cómo cancelarla.",
    heading: "Solicitud de servicio #{number}",
    facts: {
      number: "Número de solicitud",
      service: "Servicio",
      pickup: "Dónde está el vehículo",
      sent: "Enviada",
      callAt: "Lo llamaremos al",
      phoneEnding: "número que termina en {last4}",
    },
    statusHeading: "Estado",
    statuses: {
      received: "Recibida",
      arranging: "Le estamos consiguiendo ayuda",
      on_the_way: "Un operador va en camino",
      done: "Terminada",
      closed: "Cerrada",
      cancelled: "Cancelada",
    },
    hints: {
      received: "Nuestros despachadores ya recibieron su solicitud. Lo vamos a llamar.",
      arranging: "Un despachador le está buscando un operador asociado.",
      on_the_way: "Ya va un operador asociado al lugar donde está su vehículo.",
      done: "Ya se terminó de atender esta solicitud.",
      closed: "Esta solicitud está cerrada. Si todavía necesita ayuda, llámenos.",
      cancelled: "Nos avisó que ya no necesita ayuda.",
    },
    messageHeading: "Mensaje del despachador",
    partner: {
      heading: "Su operador",
      accepted: "{company} aceptó su solicitud a las {time}: {estimate}.",
      acceptedAtOne: "{company} aceptó su solicitud a la {time}: {estimate}.",
      estimate: "llega en unos {minutes} minutos (es el cálculo de la compañía)",
      estimateOne: "llega en más o menos 1 minuto (es el cálculo de la compañía)",
      steps: {
        accepted: "Aceptó el servicio",
        on_the_way: "Va en camino",
        on_scene: "Ya llegó",
        done: "Terminado",
        not_completed: "No se pudo completar el servicio",
      },
      latest: "Lo más reciente",
      phone: "Teléfono de la compañía",
    },
    cancelSummary: "Ya no necesito ayuda",
    cancelExplained:
      "Con esto les avisa a nuestros despachadores que ya no necesita ayuda, y su solicitud se cancela. No se puede deshacer.",
    reasonLabel: "Motivo (opcional)",
    cancelButton: "Sí, cancelar mi solicitud",
    cancelling: "Cancelando...",
    cancelledOn: "Usted canceló esta solicitud el",
    gone: "Esta página ya no está disponible. Si todavía necesita ayuda, llámenos.",
    call: "Llame al {phone}",
    stopped: "Las actualizaciones en vivo se detuvieron.",
    reload: "Recargue la página",
    toSeeLatest: "para ver el estado más reciente.",
    notCancelled: "Su solicitud no se canceló. Llámenos al {phone}.",
    offline: "Su solicitud no se canceló porque no hay conexión. Inténtelo de nuevo o llame al {phone}.",
    notFound:
      "No existe esa página de solicitud (puede que el enlace tenga un error o que ya no funcione). Si necesita ayuda, {callUs}.",
    crossSite:
      "Esta cancelación no vino de la página de su solicitud, así que no se cambió nada. Abra la página de su solicitud y vuelva a intentarlo, o {callUs}.",
    notCancellable: "Esta solicitud ya no se puede cancelar (estado: {status}). Si necesita ayuda, {callUs}.",
    tooMany:
      "Se abrieron demasiadas páginas de solicitud desde su conexión. Vuelva a intentarlo en {seconds} segundos o {callUs}.",
    streamsPerClient:
      "Hay demasiadas actualizaciones en vivo abiertas desde su conexión ({max} a la vez). Cierre la página de su solicitud en otra pestaña o ventana; esta página sigue revisando los cambios por su cuenta. Si necesita ayuda, {callUs}.",
    streamsServer:
      "Nuestro servidor está siguiendo demasiadas páginas de solicitud en este momento. Esta página sigue revisando los cambios por su cuenta, o vuelva a cargarla en unos minutos. Si necesita ayuda, {callUs}.",
    reasonTooLong: "Escriba el motivo en {max} caracteres como máximo.",
    reasonUnreadable: "No se pudo leer el motivo.",
    tryAgain: "Inténtelo de nuevo o {callUs}.",
    problemTitle: "Página de su solicitud",
    waitTitle: "Espere un momento",
    notCancelledTitle: "Su solicitud no se canceló",
    back: "Volver a su solicitud",
    needHelp: "¿Necesita ayuda ahora mismo?",
  },
  driverEmail: {
    subject: "{name}: su solicitud de servicio #{number}",
    heading: "{name} recibió su solicitud de servicio #{number}",
    number: "Número de solicitud",
    service: "Servicio",
    pickup: "Dónde está el vehículo",
    sent: "Enviada",
    followLink: "Vea cómo va su solicitud",
    followRest: ", o cancélela si ya no necesita ayuda.",
    lifetime: "El enlace funciona hasta {days} días después de que termine la solicitud.",
    callBack:
      "Lo vamos a llamar. Para cualquier urgencia, llame al {phone}. Si alguien está herido o en peligro, llame primero al 911.",
    why: "Por qué recibió este correo: alguien envió una solicitud de servicio con esta dirección de correo en el sitio web de {name} ({url}). Si no fue usted, puede ignorar este mensaje: como mucho recibirá un correo más por esta solicitud, cuando esté terminada, para preguntarle cómo le fue.",
    sender: "{name} (un servicio local que lo comunica con operadores de grúa), {address}",
    timeZone: "hora del Pacífico",
  },
};
