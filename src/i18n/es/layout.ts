import type { layout as en } from "../en/layout";
import type { Shape } from "../shape";

/** Spanish words of the frame of every page: the header, the footer, the call buttons, the not-found page: the keys of the English file, each one required. */
export const layout: Shape<typeof en> = {
  meta: {
    skipToContent: "Saltar al contenido",
    homeLabel: "{name}, inicio",
    ogImageAlt: "{name}: servicio de grúa y auxilio vial en {business.city}, {business.region}",
    hoursLabel: "Disponible las 24 horas, los 7 días",
    fallbackImageAlt: "Un vehículo de servicio de grúa: una grúa de plataforma lista para llevar un carro",
  },
  language: {
    switchLabel: "English",
    switchAria: "This page in English",
  },
  nav: {
    home: "Inicio",
    services: "Servicios",
    areas: "Zonas",
    blog: "Blog",
    about: "Quiénes somos",
    chat: "Chat",
    contact: "Contacto",
    allServices: "Todos los servicios",
    allServicesOverview: "Ver todos los servicios",
    mainLabel: "Principal",
    mobileLabel: "Menú para el celular",
    menu: "Menú",
    closeMenu: "Cerrar menú",
    call: "Llame al {phone}",
    breadcrumb: "Ruta de navegación",
  },
  footer: {
    quickLinks: "Enlaces rápidos",
    services: "Servicios",
    areas: "Zonas que cubrimos",
    contact: "Contacto",
    findUs: "Dónde estamos",
    rights: "© {year} {name}. Todos los derechos reservados.",
    chatCredit: "Asistente de chat con tecnología de",
    showMap: "Ver mapa",
    mapSource: "Carga un mapa de OpenStreetMap.",
    mapTitle: "Mapa: {address}",
    openMaps: "Abrir en su app de mapas",
    newTab: " (se abre en otra pestaña)",
  },
  call: {
    call: "Llame al {phone}",
    requestOnline: "Pida servicio en línea",
    requestService: "Pedir servicio",
  },
  cta: {
    title: "¿Necesita una grúa o auxilio vial ahora?",
    text: "Nuestros despachadores contestan de día y de noche, en {business.city} y los pueblos cercanos. Si alguien está herido o en peligro, llame primero al 911.",
  },
  notFound: {
    title: "404 Página no encontrada",
    description:
      "Esta página no existe. Encuentre servicio de grúa y auxilio vial en {business.city}, {business.region} desde nuestra página de inicio.",
    heading: "404 Página no encontrada",
    text: "La página que buscaba no está aquí. Puede que se haya movido o que la dirección tenga un error.",
    home: "Ir a la página de inicio",
    services: "Ver nuestros servicios",
    helpNow: "¿Necesita ayuda ahora?",
    call: "Llame al {phone}",
  },
};
