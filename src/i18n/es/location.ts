import type { LocationWords } from "../en/location";

/** The words of the driver's location, in Spanish: the same keys as src/i18n/en/location.ts. */
export const location: LocationWords = {
  useMyLocation: "Usar mi ubicación",
  finding: "Buscando su ubicación…",
  notice:
    "La posición de su teléfono va con esta solicitud: la ven nuestros despachadores y el operador que toma el servicio, y se borra {days} días después de que termina la solicitud.",
  privacyLink: "Aviso de privacidad",
  near: "Cerca de {town}",
  gps: "posición enviada desde mi teléfono (±{accuracy} m)",
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
    sent: "Enviada. Nuestro despachador puede ver dónde está.",
    next: "Lo que sigue: nuestro despachador lo ve en su solicitud y le llamará o le enviará un mensaje de texto a este teléfono. Manténgalo con usted y quédese en un lugar seguro. Puede cerrar esta página.",
    failed: "No se envió. Revise su conexión y toque de nuevo, o llame al {phone}.",
    denied:
      "La ubicación está desactivada para este sitio. Escriba la calle, la esquina o la salida más cercana en el cuadro de abajo, o llame al {phone}.",
    unavailable:
      "Su teléfono no pudo encontrar su posición. Escriba la calle, la esquina o la salida más cercana en el cuadro de abajo, o llame al {phone}.",
    timeout:
      "Encontrar su posición tardó demasiado. Escriba la calle, la esquina o la salida más cercana en el cuadro de abajo, o llame al {phone}.",
    placeLabel: "O escriba dónde está: la calle, la esquina o la salida más cercana",
    placeHint: "Hasta {max} caracteres.",
    placeButton: "Enviar este lugar",
    placeSending: "Enviando…",
    placeSent: "Enviado. Nuestro despachador puede ver lo que escribió.",
    placeMissing: "Escriba dónde está: la calle, la esquina o la salida más cercana.",
    placeTooLong: "Use como máximo {max} caracteres.",
    crossSite:
      "Esto no vino de su página de ubicación, así que no se envió nada. Abra otra vez el enlace de nuestro mensaje, o llame al {phone}.",
    notSent: "No se envió",
    call: "Llame al {phone}",
    notice:
      "Quién ve su posición: nuestro despachador y el operador asociado que toma el servicio. La ubicación de su teléfono se borra {days} días después de que su solicitud termina, se cancela o se cierra.",
    sms: "{name}: toque este enlace para enviarnos su ubicación: {url}",
  },
  again: {
    button: "Enviar mi ubicación de nuevo",
    intro: "¿Se movió a un lugar más seguro? Envíe la nueva posición de su teléfono a nuestro despachador.",
    sent: "Enviada. Nuestro despachador puede ver su nueva posición.",
    ended: "Esta solicitud ya terminó, así que la posición no se envió. Llame al {phone} si todavía necesita ayuda.",
    failed: "No se envió. Revise su conexión y toque de nuevo, o llame al {phone}.",
  },
  crossSite:
    "Esta posición no vino de su propio enlace, así que no se envió. Abra el enlace que le enviamos y toque de nuevo, o llame al {phone}.",
  validation: {
    latitude: "La latitud debe ser un número de -90 a 90",
    longitude: "La longitud debe ser un número de -180 a 180",
    accuracy: "La precisión debe ser un número de metros de 0 a 10,000",
    fixedAt: "La hora de la ubicación debe ser una fecha y hora",
    fixedAtRange:
      "La hora de la ubicación debe estar entre {earliest} y ahora: revise la fecha y la hora de su teléfono y vuelva a buscar su ubicación",
    incomplete: "Envíe la latitud, la longitud y la precisión juntas",
  },
  fieldNames: {
    latitude: "Latitud",
    longitude: "Longitud",
    accuracy: "Precisión de la ubicación",
    fixedAt: "Hora de la ubicación",
  },
};
