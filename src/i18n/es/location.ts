import type { LocationWords } from "../en/location";

/** The words of the driver's location, in Spanish: the same keys as src/i18n/en/location.ts. */
export const location: LocationWords = {
  useMyLocation: "Usar mi ubicación",
  finding: "Buscando su ubicación…",
  notice:
    "La posición de su teléfono va con esta solicitud: la ven nuestros despachadores y el operador que toma el servicio, y se borra {days} días después de que termina la solicitud.",
  privacyLink: "Aviso de privacidad",
  near: "Cerca de {town}",
  gps: "GPS {latitude}, {longitude} (±{accuracy} m)",
  found: "Ubicación agregada. Todavía puede agregar un punto de referencia o su sentido de viaje.",
  denied:
    "La ubicación está desactivada para este sitio. Escriba la calle, la esquina o la salida más cercana, o llame al {phone}.",
  unavailable:
    "Su teléfono no pudo encontrar su posición. Escriba la calle, la esquina o la salida más cercana, o llame al {phone}.",
  outsideArea:
    "Esta posición está fuera del área que atendemos, así que tal vez no podamos mandar ayuda allí. Aun así puede enviar la solicitud, o llame al {phone} para preguntar primero.",
  timeout:
    "Encontrar su posición tardó demasiado. Escriba la calle, la esquina o la salida más cercana, o llame al {phone}.",
  here: {
    title: "Envíe su ubicación",
    heading: "Envíe su ubicación a {name}",
    intro:
      "Toque el botón y permita la ubicación. La posición de su teléfono va a nuestro despachador, solo para esta solicitud.",
    button: "Enviar mi ubicación",
    sent: "Enviada. Nuestro despachador puede ver dónde está. Puede cerrar esta página.",
    failed: "No se envió. Revise su conexión y toque de nuevo, o llame al {phone}.",
    sms: "{name}: toque este enlace para enviarnos su ubicación: {url}",
  },
  again: {
    button: "Enviar mi ubicación de nuevo",
    intro: "¿Se movió a un lugar más seguro? Envíe la nueva posición de su teléfono a nuestro despachador.",
    sent: "Enviada. Nuestro despachador puede ver su nueva posición.",
    ended: "Esta solicitud ya terminó, así que la posición no se envió. Llame al {phone} si todavía necesita ayuda.",
    failed: "No se envió. Revise su conexión y toque de nuevo, o llame al {phone}.",
  },
  validation: {
    latitude: "La latitud debe ser un número de -90 a 90",
    longitude: "La longitud debe ser un número de -180 a 180",
    accuracy: "La precisión debe ser un número de metros de 0 a 10,000",
    fixedAt: "La hora de la ubicación debe ser una fecha y hora",
    incomplete: "Envíe la latitud, la longitud y la precisión juntas",
  },
  fieldNames: {
    latitude: "Latitud",
    longitude: "Longitud",
    accuracy: "Precisión de la ubicación",
    fixedAt: "Hora de la ubicación",
  },
};
