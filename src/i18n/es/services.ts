import type { services as en } from "../en/services";
import type { Shape } from "../shape";

/** Spanish words of the ten services' names, the services page and each service's page: the keys of the English file, each one required. */
export const services: Shape<typeof en> = {
  serviceNames: {
    towing: "Servicio de grúa",
    "emergency-towing": "Grúa de emergencia",
    "roadside-assistance": "Auxilio vial",
    "blocked-driveway": "Grúa para entradas bloqueadas",
    "flat-tire": "Llanta ponchada",
    "gasoline-delivery": "Entrega de gasolina",
    "junk-car-removal": "Retiro de carros chatarra",
    "jump-start": "Pasar corriente a la batería",
    "motorcycle-towing": "Grúa para motocicletas",
    "vehicle-lockouts": "Apertura de vehículos",
  },
  servicesPage: {
    title: "Servicios de grúa y auxilio vial en {business.city}, {business.region}",
    description:
      "{business.list.servicesDescription} en {business.topTowns} y pueblos cercanos. Vea lo que hacemos y pida servicio.",
    heading: "Nuestros servicios",
    lead: "{business.list.servicesLead} a toda hora, en {business.city} y los pueblos cercanos.",
    needHelp: "¿Necesita una grúa o auxilio vial ahora?",
    everyService: "Todos nuestros servicios",
    moreAbout: "Más sobre {title}",
  },
  servicePage: {
    title: "{service} en {business.city}, {business.region}",
    faq: "Preguntas de los conductores",
    requestTitle: "Pida servicio",
    requestIntro:
      "Servicio elegido: {service}. Envíe sus datos y un despachador se comunicará con usted lo antes posible.",
    others: "Otros servicios",
    coverage: "Dónde atendemos llamadas",
    highways: "Carreteras:",
  },
};
