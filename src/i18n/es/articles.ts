import type { articles as en } from "../en/articles";
import type { Shape } from "../shape";

/** Spanish words of the guides and the blog: the keys of the English file, each one required. */
export const articles: Shape<typeof en> = {
  guidePage: {
    updated: "Actualizado",
    related: "Servicios relacionados",
  },
  blogPage: {
    title: "Blog de consejos y guías de remolque",
    description:
      "Consejos de grúa y auxilio vial en {business.city}, {business.region}: {topics} y más, de {name}. En inglés.",
    descriptionGeneral: "Consejos de grúa y auxilio vial en {business.city}, {business.region}, de {name}. En inglés.",
    heading: "Blog de consejos y guías de remolque",
    lead: "Respuestas claras a lo que más nos preguntan los conductores de {business.city}, {span}. Por ahora los artículos están solo en inglés.",
    leadGeneral:
      "Respuestas claras a lo que más nos preguntan los conductores de {business.city}. Por ahora los artículos están solo en inglés.",
    read: "Leer el artículo (en inglés)",
    inEnglish: "En inglés",
    rssTitle: "Blog de {name}",
  },
};
