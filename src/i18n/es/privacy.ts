import type { PrivacyWords } from "../en/privacy";

/** El aviso de privacidad (/es/privacy): las mismas claves que src/i18n/en/privacy.ts. */
export const privacy: PrivacyWords = {
  title: "Aviso de privacidad",
  description:
    "Qué recopila {name} cuando usted pide ayuda, para qué, quién lo ve, cuánto tiempo se guarda y sus derechos en California.",
  heading: "Aviso de privacidad",
  lead: "Qué recopilamos cuando nos pide ayuda, para qué, quién lo ve y cuánto tiempo lo guardamos. Vigente desde el {date}.",
  footerLink: "Privacidad",
  sections: [
    {
      title: "Qué recopilamos",
      items: [
        "Su solicitud de servicio: su nombre, teléfono, correo electrónico, el servicio, los lugares de recogida y de entrega, el vehículo si lo describe, la nota para el operador si la escribe, el idioma de la página y cuándo llegó.",
        "La ubicación de su teléfono, solo si toca “Usar mi ubicación” o un enlace de ubicación que le enviemos por mensaje: latitud, longitud, su precisión y cuándo la tomó el teléfono. Con ella, nuestro servidor calcula el pueblo más cercano de los que atendemos, sin consultar a ninguna otra empresa. La ley de California considera la ubicación precisa información personal sensible.",
        "El chat: lo que escribe se envía a nuestro servidor para buscar una respuesta. Nuestro servidor no lo guarda, ni en su base de datos ni en sus registros. La conversación queda en la pestaña de su navegador hasta que la cierre. Si conectamos el chat a un servicio de asistente externo, su mensaje se le envía para responderlo.",
        "El registro de nuestro servidor: para cada visita, la dirección de la página (sin enlaces privados ni palabras de búsqueda), la hora y su dirección IP. Nunca registra lo que usted escribe.",
        "El escritorio donde entra nuestro personal: cada intento de entrada (el correo escrito, si funcionó y la dirección IP).",
        "Su reseña, solo si la escribe cuando termina su solicitud: las estrellas, sus palabras, si nos permite mostrarla, su nombre de pila, el pueblo más cercano de los que atendemos, el idioma y la compañía que hizo el trabajo. Aparece en nuestro sitio web solo si usted marca la casilla que lo permite, con su nombre de pila y su ciudad.",
        "Conteos de lo que pasa en nuestras páginas, que no dicen nada de usted: un toque en nuestro número de teléfono (en qué página, en qué lugar de la página y el idioma de la página), el formulario de solicitud empezado y enviado, el chat abierto y “Usar mi ubicación” usado. Su navegador envía cada uno a nuestro propio servidor, que suma uno al conteo de ese día y guarda solo los conteos: ninguna cookie, ningún identificador, ninguna dirección IP, nada de lo que usted escribe. Para que una conexión cuente una sola vez al día, el servidor guarda una marca cifrada hecha a partir de su dirección IP con un secreto que cambia cada día, y sin ese secreto no se puede volver a la dirección; las marcas y el secreto se borran en menos de 26 horas. Con JavaScript desactivado, no se cuenta nada.",
      ],
    },
    {
      title: "Para qué lo usamos",
      items: [
        "Para mandar la ayuda al lugar correcto, devolverle la llamada e informarle en su página privada cómo va su solicitud.",
        "Para mantener seguro el servicio: frenar abusos (su dirección IP se cuenta unos minutos para limitar solicitudes repetidas) y encontrar fallas.",
        "Para ver qué páginas y botones ayudan a los conductores a comunicarse con nosotros, con los conteos diarios.",
        "No vendemos su información ni la compartimos para publicidad. Las páginas públicas no ponen cookies ni usan código de publicidad o rastreo ni análisis de otras empresas: los conteos de arriba los hace nuestro propio servidor y no van a nadie más.",
      ],
    },
    {
      title: "Quién la recibe",
      items: [
        "Nuestros despachadores (el dueño y el personal que atiende las solicitudes), en el escritorio: todo lo que usted envía, incluida la posición de su teléfono.",
        "El operador asociado de grúa o asistencia que toma su servicio: los datos necesarios para llegar a usted y a su vehículo, y su nota para el operador, incluida la posición de su teléfono. Los operadores a quienes ofrecemos el servicio ven el servicio, la ciudad más cercana y a qué distancia de ella está usted, no la posición, hasta que uno de ellos lo acepta.",
        "El correo de alertas y el webhook de alertas del dueño (una dirección y un sistema que el dueño elige): cada solicitud nueva se envía allí al llegar, incluida la posición de su teléfono, para que alguien pueda responder a cualquier hora.",
        "Las empresas que llevan nuestros propios mensajes: nuestro proveedor de correo y el servicio de notificaciones de los teléfonos de nuestro personal (la notificación va cifrada para el teléfono).",
        "El mapa del pie de página se carga desde OpenStreetMap solo cuando usted pulsa “Ver mapa”, y entonces OpenStreetMap recibe su dirección IP.",
      ],
    },
    {
      title: "Cuánto tiempo la guardamos",
      items: [
        "La ubicación de su teléfono: se borra {locationDays} días después de que su solicitud termina, se cancela o se cierra, en todos los lugares donde la guardamos: su solicitud, el escritorio, la página del operador asociado y las ofertas del servicio (con la distancia a la ciudad). Lo que queda con su solicitud hasta que se elimina es el nombre de la ciudad que atendemos más cercana a usted.",
        "Las copias ya enviadas por correo o por webhook (a la dirección de alertas del dueño, o a un operador asociado al que se ofreció el servicio) quedan fuera de este borrado: permanecen en esos buzones y sistemas, que no controlamos una vez enviadas.",
        "Su solicitud de servicio y su historial: se eliminan {requestDays} días después de su llegada. Su página privada deja de funcionar 30 días después de que termina la solicitud.",
        "Los mensajes del chat: nuestro servidor no los guarda.",
        "Los registros de entrada al escritorio: 90 días.",
        "Su reseña: se guarda, con su nombre de pila y su ciudad, después de que su solicitud de servicio llega al final de sus {requestDays} días, hasta que nos pida borrarla. Si borramos su solicitud porque usted nos lo pide, su reseña se borra también. Si desmarca la casilla, sale de nuestro sitio web de inmediato (en su página de solicitud durante los 7 días después de escribirla; después, pídanoslo).",
        "Los conteos diarios de toques, formularios, chats y ubicaciones usadas: se guardan como totales por día, que no nombran a nadie.",
      ],
    },
    {
      title: "Una copia, una corrección o un borrado",
      items: [
        "Escriba a {email} o llame al {phone}. Díganos el teléfono o el correo que usó para encontrar su solicitud. Respondemos cada pedido y, si nos lo pide, borramos su solicitud de nuestro escritorio, salvo que la ley nos obligue a guardarla.",
      ],
    },
    {
      title: "Sus derechos en California",
      items: [
        "Cuando la Ley de Privacidad del Consumidor de California nos aplique, usted puede pedir saber qué recopilamos sobre usted, obtener una copia, corregirla y borrarla; no recibirá un trato distinto por pedirlo. No vendemos ni compartimos información personal, así que no hay nada de qué excluirse, y usamos su ubicación solo para mandarle ayuda.",
        "No rastrear (Do Not Track): no seguimos a los visitantes por otros sitios web, y ninguna otra empresa recopila información sobre usted en otros sitios a través del nuestro, así que una señal Do Not Track no cambia nada aquí.",
        "Cuando cambiemos este aviso, publicaremos aquí la nueva versión con su fecha.",
      ],
    },
  ],
};
