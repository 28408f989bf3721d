import type { reviews as en } from "../en/reviews";
import type { Shape } from "../shape";

/** Spanish words of reviews: the keys of the English file, each one required. */
export const reviews: Shape<typeof en> = {
  reviews: {
    heading: "¿Cómo le fue?",
    intro:
      "Su solicitud está terminada. Díganos cómo le fue: se lo preguntamos a todos los conductores, pase lo que pase.",
    starsLegend: "Su calificación",
    stars: {
      "1": "1 estrella: muy mal",
      "2": "2 estrellas: mal",
      "3": "3 estrellas: regular",
      "4": "4 estrellas: bien",
      "5": "5 estrellas: muy bien",
    },
    commentLabel: "Lo que quiera contarnos (opcional)",
    commentHint: "Hasta {max} caracteres.",
    consentLabel: "Pueden mostrar mi nombre de pila, mi ciudad y esta reseña en el sitio web",
    consentHint:
      "Si no la marca, solo nosotros leemos su reseña. Si cambia una reseña que mostramos, el cambio aparece en el sitio web cuando lo hayamos leído.",
    submit: "Enviar mi reseña",
    update: "Actualizar mi reseña",
    sending: "Enviando…",
    saved: "Gracias: su reseña quedó guardada.",
    editableUntil: "Puede cambiarla hasta: {date}.",
    yourReview: "Su reseña",
    rated: "Calificación: {stars} de 5",
    consentGiven: "Nos permitió mostrar su nombre de pila, su ciudad y esta reseña en el sitio web.",
    consentNotGiven: "Solo nosotros la leemos: no permitió mostrarla en el sitio web.",
    readOnly: "Una reseña se puede cambiar durante {days} días después de escribirla; esta ya no se puede cambiar.",
    starsRequired: "Elija de 1 a 5 estrellas.",
    commentTooLong: "El comentario puede tener hasta {max} caracteres.",
    unreadable: "No se pudo leer la reseña.",
    notDone: "Esta solicitud no está terminada, así que todavía no se puede calificar. Si necesita ayuda, {callUs}.",
    closed:
      "Esta reseña ya no se puede cambiar: una reseña se puede cambiar durante {days} días. Si necesita ayuda, {callUs}.",
    notSavedTitle: "Su reseña no se guardó",
    failed: "No se pudo enviar su reseña. Revise su conexión e intente de nuevo, o {callUs}.",
    email: {
      subject: "¿Cómo le fue? Su solicitud de servicio #{number}",
      heading: "¿Cómo le fue?",
      done: "Su solicitud de servicio #{number} a {name} está terminada.",
      ask: "Les preguntamos a todos los conductores cómo les fue, pase lo que pase. Toma un minuto: de 1 a 5 estrellas y, si quiere, un comentario.",
      link: "Díganos cómo le fue",
      private:
        "Lo que escriba se queda con nosotros, a menos que marque la casilla que nos permite mostrar su nombre de pila, su ciudad y su reseña en el sitio web.",
      why: "Por qué recibió este correo: alguien envió una solicitud de servicio con esta dirección de correo en el sitio web de {name} ({url}), y ya está terminada. Es el último correo sobre ella.",
    },
    carousel: {
      mixedIntro:
        "Lo que nos dijeron los conductores después de ayudarlos, con su permiso; las tarjetas marcadas como ejemplo son textos de muestra, no reseñas.",
      writtenIn: { en: "Escrita en inglés", es: "Escrita en español" },
    },
  },
};
