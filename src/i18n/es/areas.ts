import type { areas as en } from "../en/areas";
import type { Shape } from "../shape";

/** Spanish words of the towns page and each town's page: the keys of the English file, each one required. */
export const areas: Shape<typeof en> = {
  areasPage: {
    title: "Zonas que cubrimos: {business.topTowns} y alrededores",
    description:
      "Los {business.townCount} pueblos donde atendemos llamadas de grúa y auxilio vial, a no más de unas {miles} millas del centro de {business.city}, {business.region}, con una página para cada uno.",
    heading: "Zonas que cubrimos",
    lead: "{business.city} y los pueblos de alrededor, a no más de unas {miles} millas del centro. Elija su pueblo para ver sus carreteras, a quién llamar y qué decirle a nuestro despachador.",
    notSureBefore: "¿No sabe si cubrimos el lugar donde está? Llame al",
    notSureAfter:
      "y pregunte. Las distancias son millas en línea recta desde el centro de {business.city}; por carretera son más.",
    highways: "Carreteras: {list}",
    fromCentre: "A unas {miles} millas al {direction} del centro de {business.city} (en línea recta)",
    homeTown: "Nuestro despacho está en el centro de {business.city}",
    north: "norte",
    northeast: "noreste",
    east: "este",
    southeast: "sureste",
    south: "sur",
    southwest: "suroeste",
    west: "oeste",
    northwest: "noroeste",
  },
  townPage: {
    title: "{town}, {business.region}: grúa y auxilio vial",
    heading: "Grúa y auxilio vial en {town}, {business.region}",
    requestTitle: "Pida servicio",
    requestIntro: "Envíe los datos y un despachador se comunicará con usted lo antes posible.",
    servicesAsked: "Servicios que piden los conductores en {town}",
    glance: "{town} de un vistazo",
    where: "Ubicación",
    highways: "Carreteras",
    danger: "Heridos o peligro",
    callBefore: "Llame primero al",
    first: "",
    police: "Policía (no emergencias)",
    jsonLdName: "Grúa y auxilio vial en {town}, {region}",
    factsDescription:
      "Grúa y auxilio vial en {town}, {business.region}: {where}. Llame a {name} de día o de noche, o pida servicio en línea.",
    factsLead: "{where}. Carreteras de la zona: {highways}.",
    factsText:
      "Atendemos llamadas de grúa y auxilio vial desde {town}. Dígale al despachador dónde está (la salida, el cruce o el lugar conocido más cercano) y qué necesita el vehículo.",
  },
};
