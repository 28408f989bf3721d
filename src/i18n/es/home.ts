import type { home as en } from "../en/home";
import type { Shape } from "../shape";

/** Spanish words of the home page: the keys of the English file, each one required. */
export const home: Shape<typeof en> = {
  home: {
    title: "Servicio de grúa las 24 horas en {business.city}, {business.region}",
    description:
      "Le conseguimos grúa y auxilio vial las 24 horas en {business.city}, {business.region} y pueblos cercanos: {business.list.homeDescription}.",
    heroTitle: "Servicio de grúa en {business.city}, {business.region}",
    heroLead:
      "¿Se quedó varado a la orilla del camino? Lo ponemos en contacto con operadores de grúa locales para {business.list.heroHelp}, de día o de noche, en {business.city} y {count} pueblos cercanos.",
    heroTowns: "Pueblos que cubrimos: {towns}",
    atAGlance: "De un vistazo",
    glanceServices: "Servicios",
    glanceTowns: "Pueblos que cubrimos",
    servicesTitle: "Nuestros servicios",
    servicesIntro: "Grúa y auxilio vial para {business.list.vehicles}.",
    learnMore: "Más información",
    learnMoreAbout: " sobre {title}",
    areasTitle: "Zonas que cubrimos",
    areasIntro: "{business.city} y los pueblos de alrededor, a no más de unas {miles} millas del centro.",
    areasAll: "Ver todas las zonas que cubrimos",
    testimonialsTitle: "Lo que dicen los conductores",
    testimonialsSample:
      "Testimonios de muestra: textos de ejemplo de lo que nos cuentan los conductores, no reseñas de clientes con nombre.",
    testimonialsReal: "Lo que nos han dicho los conductores después de ayudarlos.",
    testimonialsLabel: "Testimonios",
    sampleName: "Conductor de ejemplo",
    sampleNote: "Un ejemplo, no la reseña de un cliente real",
    previous: "Testimonios anteriores",
    next: "Testimonios siguientes",
    rating: "Calificación: {rating} de {max}",
    contactTitle: "Contáctenos",
    contactIntro: "Díganos dónde está y qué necesita, y un despachador se comunicará con usted lo antes posible.",
  },
};
