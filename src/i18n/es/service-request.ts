import type { serviceRequest as en } from "../en/service-request";
import type { Shape } from "../shape";

/** Spanish words of the service request: its form, the form's messages, the server's refusals and the pages after sending: the keys of the English file, each one required. */
export const serviceRequest: Shape<typeof en> = {
  contactSection: {
    needHelpNow: "¿Necesita ayuda ahora mismo?",
  },
  form: {
    label: "Pedir servicio",
    name: "Nombre",
    phone: "Teléfono",
    email: "Correo electrónico",
    service: "Servicio",
    chooseService: "Elija un servicio",
    pickup: "Dónde está el vehículo",
    pickupPlaceholder: "Calle, esquina o punto de referencia",
    dropoff: "Adónde hay que llevarlo",
    dropoffPlaceholder: "¿A dónde debe ir el vehículo?",
    vehicle: "Vehículo (año, marca, modelo, color)",
    vehiclePlaceholder: "Opcional, por ejemplo Honda Civic 2014, plateado",
    vehicleShort: "Vehículo",
    note: "Lo que el operador debe saber",
    notePlaceholder: "Opcional, por ejemplo: no arranca, está en un estacionamiento techado, el código del portón",
    upTo: "Hasta {max} caracteres",
    noteShort: "Nota",
    counter: "{count} de {max}",
    counterLeft: "Quedan {left} caracteres",
    counterOver: "{over} caracteres de más",
    language: "Idioma",
    sameAsPickup: "El mismo lugar donde está",
    trap: "Deje este campo vacío",
    send: "Enviar solicitud",
    sending: "Enviando...",
    requiredNote: "Los campos marcados con {star} son obligatorios.",
    dangerNote:
      "Si alguien está herido o en peligro, llame primero al 911; para cualquier otra urgencia, mejor llámenos.",
    successTitle: "Solicitud enviada",
    successText: "Nos comunicaremos con usted lo antes posible.",
    errorTitle: "Error",
    errorText: "No se pudo enviar la solicitud. Inténtelo de nuevo.",
    closeNotification: "Cerrar aviso",
    notification: "Aviso",
    notifications: "Avisos ({hotkey})",
  },
  validation: {
    required: "Obligatorio",
    wrongType: "Escriba este dato como texto",
    email: "Correo electrónico no válido",
    phone: "Escriba un número de teléfono de 10 dígitos (primero el código de área), como {business.examplePhone}",
    service: "Elija uno de los servicios de la lista",
    location: "Escriba al menos {min} caracteres: una calle, una esquina o un punto de referencia",
    vehicle: "Describa el vehículo en {max} caracteres como máximo: año, marca, modelo y color",
    note: "Escriba la nota en {max} caracteres como máximo",
    unstorable:
      "Tiene un carácter que no se puede guardar (un carácter de control invisible o un símbolo que no se reconoce). Vuelva a escribirlo.",
    language: "Elija inglés o español",
  },
  confirmation: {
    title: "Solicitud recibida",
    resent: "Se envió cuando volvió su conexión.",
    number: "Su número de solicitud es {number}.",
    callBack: "Lo llamaremos al {phone}.",
    dangerBefore:
      "Si alguien está herido, su carro quedó parado en un carril con tráfico, una persona o un animal está encerrado en un carro, o hay fuego o humo,",
    call911: "llame al 911",
    dangerAfter: "primero. ¿Hay otra urgencia con el carro? No espere a que lo llamemos:",
    another: "Enviar otra solicitud",
    pageLink: {
      before: "Para ver cómo va su solicitud, o para cancelarla, abra ",
      link: "la página de su solicitud",
      after: ". Guarde este enlace: cualquiera que lo tenga puede ver la solicitud.",
    },
  },
  failure: {
    resending: "Volvió su conexión: estamos enviando su solicitud otra vez…",
    notSent: "Su solicitud no se envió.",
    triedAgain: "Intentamos enviarla otra vez cuando volvió su conexión, y tampoco se envió. ",
    kept: "Sus respuestas siguen abajo.",
    willResend: "Se enviará sola en cuanto su teléfono vuelva a tener conexión.",
    tryAgain: "Intentar de nuevo",
  },
  refusal: {
    callUs: "llámenos al {phone}",
    notAnObject:
      "Envíe la solicitud como un solo objeto con los campos name, email, phone, service, pickupLocation y dropoffLocation (y, si quiere, vehicle y note).",
    honeypot: "No se aceptó esta solicitud. Si necesita ayuda, {callUs}.",
    tooLong: "La solicitud es demasiado larga: puede tener como máximo {kb} KB. Acórtela o {callUs}.",
    unreadable: "No pudimos leer la solicitud. Inténtelo de nuevo o {callUs}.",
    notSaved:
      "No pudimos guardar su solicitud en este momento. Por favor, {callUs} o vuelva a intentarlo en un minuto.",
    tooMany:
      "Se enviaron demasiadas solicitudes desde su conexión. Vuelva a intentarlo en {seconds} segundos o {callUs}.",
    fixThese: "Corrija lo siguiente y vuelva a enviar la solicitud:",
    invalidFields: "Faltan datos o algunos no son válidos.",
    badKey:
      "El encabezado Idempotency-Key debe tener de 8 a 128 caracteres visibles. Envíe la solicitud otra vez sin él o {callUs}.",
    numberLine: "Su número de solicitud es {number}.",
  },
  contactPage: {
    title: "Contáctenos: pida una grúa o auxilio vial",
    description:
      "Pida en línea servicio de grúa o auxilio vial en {business.city}, {business.region}, o llame al {phone}. Atendemos las 24 horas, los 7 días.",
    heading: "Contáctenos",
    intro: "Llene el formulario y un despachador se comunicará con usted lo antes posible.",
  },
  sentPage: {
    title: "Solicitud enviada",
    description: "Su solicitud de servicio llegó a nuestros despachadores.",
    heading: "Solicitud enviada",
    soon: "Nos comunicaremos con usted lo antes posible.",
    dangerBefore:
      "Si alguien está herido, su carro quedó parado en un carril con tráfico, una persona o un animal está encerrado en un carro, o hay fuego o humo,",
    call911: "llame al 911",
    dangerMiddle: "primero. Después, para cualquier urgencia con el carro, no espere a que lo llamemos:",
    callUs: "llame al {phone}",
    home: "Volver a la página de inicio",
  },
  invalidPage: {
    title: "Solicitud no enviada",
    description: "Su solicitud de servicio no se envió.",
    heading: "Su solicitud no se envió",
    needHelp: "¿Necesita ayuda ahora mismo?",
    answers: "Sus respuestas",
    fixIntro: "Corrija lo que dice la lista de arriba y vuelva a enviar la solicitud.",
    newRequest: "Empiece una solicitud nueva",
    call: "Llame al {phone}",
  },
};
