import { CHAT_FAILURE_TEXT, CHAT_WELCOME_TEXT } from "../shared/chat-text";
import type { DriverStatus } from "../shared/request-page";
import { defaultImage, type ServiceSlug, services } from "../shared/services";
import { site } from "../shared/site";
import { type Locale, locales } from "./locales";

/**
 * Every word of the site's interface, once per language: the layout, buttons, labels, form messages,
 * toasts, the chat's fixed words and the short texts of the fixed pages. Prose (service, town and
 * guide pages, cards) lives in the content collections (src/content, Spanish under es/ folders).
 *
 * Values are plain strings, so islands can take their part as props; "{name}" marks a value filled in
 * by `fill`. `es` is typed as the shape of `en`, so a key missing or extra in either fails
 * `astro check`, and `assertSameKeys` below fails the build (and tests/unit/i18n-ui.test.ts) if the
 * two ever differ at run time.
 */
const en = {
  meta: {
    skipToContent: "Skip to content",
    homeLabel: "{name}, home",
    ogImageAlt: "{name}: towing and roadside assistance in Stockton, CA",
    hoursLabel: "Available 24/7",
    fallbackImageAlt: defaultImage.alt,
  },
  language: {
    /** The switch's own words, in the language it leads to. */
    switchLabel: "Español",
    switchAria: "Esta página en español",
  },
  /** The ten services by slug: in English the specification's names (src/lib/services.ts), the form's values. */
  serviceNames: Object.fromEntries(services.map((s) => [s.slug, s.name])) as Record<ServiceSlug, string>,
  nav: {
    home: "Home",
    services: "Services",
    areas: "Areas",
    blog: "Blog",
    about: "About",
    chat: "Chat with Us",
    contact: "Contact",
    allServices: "All services",
    allServicesOverview: "All services overview",
    mainLabel: "Main",
    mobileLabel: "Mobile",
    menu: "Menu",
    closeMenu: "Close menu",
    call: "Call {phone}",
    breadcrumb: "Breadcrumb",
  },
  footer: {
    quickLinks: "Quick links",
    services: "Services",
    areas: "Areas We Serve",
    contact: "Contact",
    findUs: "Find us",
    rights: "© {year} {name}. All rights reserved.",
    chatCredit: "Chat assistant powered by",
    showMap: "Show map",
    mapSource: "Loads a map from OpenStreetMap.",
    mapTitle: "Map: {address}",
    openMaps: "Open in your maps app",
    newTab: " (opens in a new tab)",
  },
  chatWidget: {
    title: "Chat with Us",
    open: "Chat with us",
    minimize: "Minimize chat",
    expand: "Expand chat",
    close: "Close chat",
  },
  chat: {
    welcome: CHAT_WELCOME_TEXT,
    failure: CHAT_FAILURE_TEXT,
    placeholder: "Type your message...",
    send: "Send message",
    log: "Chat messages",
    you: "You: ",
    assistant: "Assistant: ",
    typing: "The assistant is typing",
    region: "Chat",
    pageWelcome: "Welcome to our chat",
    pageHint: "Ask about our services, the towns we cover, our hours or towing rules.",
    notSaved: "This chat is not saved: the history is lost when you refresh or leave the page.",
    inputLabel: "Your message",
  },
  call: {
    call: "Call {phone}",
    requestOnline: "Request service online",
    requestService: "Request service",
  },
  home: {
    title: "Towing Service in Stockton, CA",
    description: site.description,
    heroTitle: "Towing Service in Stockton, CA",
    heroLead:
      "Stuck on the side of the road? We connect you with licensed local tow operators for a tow, jump start, tire change, fuel or lockout help, day or night, across Stockton and {count} nearby towns.",
    heroTowns: "Towns we cover: {towns}",
    atAGlance: "At a glance",
    glanceServices: "Services",
    glanceTowns: "Towns we cover",
    servicesTitle: "Our Services",
    servicesIntro: "Towing and roadside help for cars, trucks, SUVs and motorcycles.",
    learnMore: "Learn more",
    learnMoreAbout: " about {title}",
    areasTitle: "Areas We Serve",
    areasIntro: "Stockton and the towns around it, within about {miles} miles of downtown.",
    areasAll: "See every area we serve",
    testimonialsTitle: "What Drivers Say",
    testimonialsSample:
      "Sample testimonials: example text showing what drivers tell us, not reviews from named customers.",
    testimonialsReal: "What drivers have told us after we helped them.",
    testimonialsLabel: "Testimonials",
    previous: "Previous testimonials",
    next: "Next testimonials",
    rating: "Rated {rating} out of {max}",
    contactTitle: "Contact Us",
    contactIntro: "Tell us where you are and what you need, and a dispatcher will get back to you as soon as possible.",
  },
  contactSection: {
    needHelpNow: "Need help right now?",
  },
  form: {
    label: "Request service",
    name: "Name",
    phone: "Phone",
    email: "Email",
    service: "Service",
    chooseService: "Select a service",
    pickup: "Pickup location",
    pickupPlaceholder: "Street, cross street or landmark",
    dropoff: "Drop-off location",
    dropoffPlaceholder: "Where should the vehicle go?",
    vehicle: "Vehicle (year, make, model, color)",
    vehiclePlaceholder: "Optional, like 2014 Honda Civic, silver",
    vehicleShort: "Vehicle",
    language: "Language",
    sameAsPickup: "Same as pickup",
    trap: "Leave this field empty",
    send: "Send Request",
    sending: "Sending...",
    requiredNote: "Fields marked {star} are required.",
    dangerNote: "If anyone is hurt or in danger, call 911 first; for anything else urgent, call us instead.",
    successTitle: "Request Sent",
    successText: "We'll get back to you as soon as possible.",
    errorTitle: "Error",
    errorText: "Failed to send request. Please try again.",
    closeNotification: "Close notification",
    notification: "Notification",
    /** The toasts' region, with its keyboard shortcut. */
    notifications: "Notifications ({hotkey})",
  },
  validation: {
    required: "Required",
    /** zod's own words when a field is not text; {expected} and {received} are zod's type names. */
    wrongType: "Expected {expected}, received {received}",
    email: "Invalid email",
    phone: "Enter a phone number with 10 digits (area code first), like 209-555-0142",
    service: "Choose one of the listed services",
    location: "Enter at least {min} characters: a street, cross street or landmark",
    vehicle: "Keep the vehicle to {max} characters: year, make, model and color",
    unstorable:
      "Contains a character that cannot be saved (an invisible control character or a broken symbol). Please retype it.",
    language: "Choose English or Spanish",
  },
  confirmation: {
    title: "Request received",
    resent: "Sent when your connection came back.",
    number: "Your request number is {number}.",
    callBack: "We'll call you at {phone}.",
    dangerBefore:
      "If anyone is hurt, your car is stopped in a live lane, a person or an animal is locked in a car, or there is fire or smoke,",
    call911: "call 911",
    dangerAfter: "first. Anything else urgent about the car? Don't wait for us to call:",
    another: "Send another request",
    pageLink: {
      before: "Follow your request, or cancel it, on ",
      link: "your request page",
      after: ". Keep this link: whoever has it can see the request.",
    },
  },
  failure: {
    resending: "Your connection is back: sending your request again…",
    notSent: "Your request was not sent.",
    triedAgain: "We sent it again when your connection came back, and it still did not go through. ",
    kept: "Your answers are kept below.",
    willResend: "It will be sent again by itself once your phone is back online.",
    tryAgain: "Try again",
  },
  /** What the server says when it refuses a service request (server/routes/contact.ts). */
  refusal: {
    callUs: "call us at {phone}",
    notAnObject:
      "Send the request as one object with the fields name, email, phone, service, pickupLocation and dropoffLocation (and, if you like, vehicle).",
    honeypot: "This request was not accepted. If you need help, please {callUs}.",
    tooLong: "The request is too long: it may be at most {kb} KB. Please shorten it, or {callUs}.",
    unreadable: "The request could not be read. Please try again, or {callUs}.",
    notSaved: "We could not save your request just now. Please {callUs}, or try again in a minute.",
    tooMany: "Too many service requests from your connection. Please try again in {seconds} seconds, or {callUs}.",
    fixThese: "Please fix the following and send the request again:",
    invalidFields: "Some fields are missing or invalid.",
    badKey:
      "The Idempotency-Key header must be 8 to 128 visible characters. Send the request again without it, or {callUs}.",
    numberLine: "Your request number is {number}.",
  },
  contactPage: {
    title: "Contact Us: Request a Tow or Roadside Help",
    description:
      "Request towing or roadside assistance in Stockton, CA online, or call {phone}. Dispatch is available 24/7.",
    heading: "Contact Us",
    intro: "Fill in the form and a dispatcher will get back to you as soon as possible.",
  },
  sentPage: {
    title: "Request Sent",
    description: "Your service request has reached our dispatchers.",
    heading: "Request Sent",
    soon: "We'll get back to you as soon as possible.",
    dangerBefore:
      "If anyone is hurt, your car is stopped in a live lane, a person or an animal is locked in a car, or there is fire or smoke,",
    call911: "call 911",
    dangerMiddle: "first. Then, for anything urgent about the car, don't wait for us:",
    callUs: "call {phone}",
    home: "Back to the home page",
  },
  invalidPage: {
    title: "Request Not Sent",
    description: "Your service request was not sent.",
    heading: "Your request was not sent",
    needHelp: "Need help right now?",
    answers: "Your answers",
    fixIntro: "Fix what the list above names, then send the request again.",
    /** The bare page, when the site is not built (API-only tests). */
    newRequest: "Start a new request",
    call: "Call {phone}",
  },
  /**
   * The driver's own request page (/request/{token}), in the language the request was sent in: the
   * page, its live part (the island), and what the server answers about it.
   */
  requestPage: {
    title: "Your service request",
    description: "What is happening with your service request, and a way to cancel it.",
    heading: "Service request #{number}",
    facts: {
      number: "Request number",
      service: "Service",
      pickup: "Pickup location",
      sent: "Sent",
      callAt: "We'll call you at",
      phoneEnding: "the number ending in {last4}",
    },
    statusHeading: "Status",
    /** A desk status as the driver reads it (src/lib/request-page.ts, driverStatusOf). */
    statuses: {
      received: "Received",
      arranging: "We are arranging your help",
      on_the_way: "An operator is on the way",
      done: "Done",
      closed: "Closed",
      cancelled: "Cancelled",
    },
    /** One line under the status. No arrival time: only the owner's message may say one. */
    hints: {
      received: "Your request has reached our dispatchers. We will call you back.",
      arranging: "A dispatcher is finding a partner operator for you.",
      on_the_way: "A partner operator has been sent to your pickup location.",
      done: "This request is finished.",
      closed: "This request is closed. If you still need help, call us.",
      cancelled: "You told us you no longer need help.",
    },
    messageHeading: "Message from the dispatcher",
    cancelSummary: "I no longer need help",
    cancelExplained:
      "This tells our dispatchers that you no longer need help, and stops your request. It cannot be undone.",
    reasonLabel: "Reason (optional)",
    cancelButton: "Yes, cancel my request",
    cancelling: "Cancelling...",
    /** Followed by the time and a period. */
    cancelledOn: "You cancelled this request on",
    gone: "This page is no longer available. If you still need help, call us.",
    call: "Call {phone}",
    stopped: "Live updates stopped.",
    reload: "Reload the page",
    toSeeLatest: "to see the latest status.",
    notCancelled: "Your request was not cancelled. Please call {phone}.",
    offline: "Your request was not cancelled: there is no connection. Try again, or call {phone}.",
    /** The server's answers; {callUs} is refusal.callUs. */
    notFound: "There is no such request page (the link may be mistyped or no longer work). If you need help, {callUs}.",
    crossSite:
      "This cancel did not come from your request page, so nothing was changed. Open your request page and try again, or {callUs}.",
    notCancellable: "This request is {status}: it can no longer be cancelled. If you need help, {callUs}.",
    tooMany:
      "Too many requests for request pages from your connection. Please try again in {seconds} seconds, or {callUs}.",
    /** A live-update stream refused by the caps; the page then checks by itself (said to API callers). */
    streamsPerClient:
      "Too many live updates are open from your connection ({max} at once). Close the request page in another tab or window; this page still checks for changes by itself. If you need help, {callUs}.",
    streamsServer:
      "Our server is following too many request pages right now. This page still checks for changes by itself, or reload it in a few minutes. If you need help, {callUs}.",
    reasonTooLong: "Keep the reason to {max} characters.",
    reasonUnreadable: "The reason could not be read.",
    tryAgain: "Try again, or {callUs}.",
    /** The short page a browser without JavaScript gets when a cancel is refused or lookups are over the limit. */
    problemTitle: "Request page",
    waitTitle: "Please wait a moment",
    notCancelledTitle: "Your request was not cancelled",
    back: "Back to your request",
    needHelp: "Need help right now?",
  },
  /** The e-mail to the driver who sent a request (server/alerts/message.ts), in the request's language. */
  driverEmail: {
    subject: "Your service request #{number} to {name}",
    heading: "Your service request #{number} has reached {name}",
    number: "Request number",
    service: "Service",
    pickup: "Pickup",
    sent: "Sent",
    followLink: "See what is happening with your request",
    followRest: ", or cancel it if you no longer need help.",
    lifetime: "The link works until {days} days after the request is finished.",
    callBack:
      "We will call you back. For anything urgent, call {phone}. If anyone is hurt or in danger, call 911 first.",
    why: "Why you got this e-mail: a service request was sent on the website of {name} ({url}) with this e-mail address. If it was not you, you can ignore it: this is the only e-mail it sends you.",
    /** Who sends it, above the postal address: the business says what it is, a referral service. */
    sender: "{name} (a local referral towing service), {address}",
  },
  notFound: {
    title: "404 Page Not Found",
    description: "This page does not exist. Find towing and roadside help in Stockton, CA from our home page.",
    heading: "404 Page Not Found",
    text: "The page you were looking for isn't here. It may have moved, or the address may have a typo.",
    home: "Go to the home page",
    services: "See our services",
    helpNow: "Need help now?",
    call: "Call {phone}",
  },
  servicesPage: {
    title: "Towing & Roadside Services in Stockton, CA",
    description:
      "24/7 towing, roadside assistance and accident recovery in Stockton, Lodi, Manteca, Tracy and nearby towns. See what we do and request service.",
    heading: "Our Services",
    lead: "Towing, roadside assistance and accident recovery around the clock, across Stockton and nearby towns.",
    needHelp: "Need a tow or roadside help now?",
    everyService: "Every service we offer",
    moreAbout: "More about {title}",
  },
  servicePage: {
    title: "{service} in Stockton, CA",
    faq: "Questions drivers ask",
    requestTitle: "Request Service",
    requestIntro: "Send the details for {service} and a dispatcher will get back to you as soon as possible.",
    others: "Other services",
    coverage: "Where we take calls",
    highways: "Highways:",
  },
  areasPage: {
    title: "Areas We Serve: Stockton, Lodi, Manteca, Tracy and Nearby",
    description:
      "The ten towns we take towing and roadside calls from, within about {miles} miles of downtown Stockton, CA, with a page for each.",
    heading: "Areas We Serve",
    lead: "Stockton and the towns around it, within about {miles} miles of downtown. Pick your town for its highways, who to call and what to tell our dispatcher.",
    notSureBefore: "Not sure whether your spot is covered? Call",
    notSureAfter: "and ask. Distances are straight-line miles from downtown Stockton; the drive is longer.",
    highways: "Highways: {list}",
    fromStockton: "About {miles} miles {direction} of downtown Stockton (straight line)",
    homeTown: "Our dispatch is based in downtown Stockton",
    north: "north",
    northeast: "northeast",
    east: "east",
    southeast: "southeast",
    south: "south",
    southwest: "southwest",
    west: "west",
    northwest: "northwest",
  },
  townPage: {
    title: "{town}, CA: Towing and Roadside Help",
    heading: "Towing and Roadside Help in {town}, CA",
    requestTitle: "Request Service",
    requestIntro: "Send the details and a dispatcher will get back to you as soon as possible.",
    servicesAsked: "Services drivers in {town} ask about",
    glance: "{town} at a glance",
    where: "Where",
    highways: "Highways",
    danger: "Injury or danger",
    callBefore: "Call",
    first: "first",
    police: "Police non-emergency",
    jsonLdName: "Towing and roadside assistance in {town}, {region}",
  },
  guidePage: {
    updated: "Updated",
    related: "Related services",
  },
  cta: {
    title: "Need a tow or roadside help now?",
    text: "Our dispatchers answer day and night, across Stockton and nearby towns. If anyone is hurt or in danger, call 911 first.",
  },
  blogPage: {
    title: "Towing Tips & Guides Blog",
    description:
      "Towing and roadside tips for drivers in Stockton, CA: what to do when you're towed, hitch classes, towing capacity, flat towing and more from {name}.",
    heading: "Towing Tips & Guides Blog",
    lead: "Plain answers to the questions drivers around Stockton ask us most, from towing rules to hitches.",
    read: "Read article",
    inEnglish: "",
    rssTitle: "{name} Blog",
  },
  chatPage: {
    title: "Chat with Us",
    description: "Ask {name} about towing and roadside help in Stockton, CA. Our chat assistant answers day and night.",
    heading: "Chat with Us",
    danger: "In danger?",
    call911: "Call 911",
    firstThen: "first, then",
    needsJs: "The chat needs JavaScript, which is turned off in this browser.",
    callUsAt: "Call us at",
    or: "or",
    sendRequest: "send a service request",
    bothWork: ": both work without it.",
    about:
      "Ask about our services, the towns we cover or how to request help. The assistant answers from this website: our services, the towns we cover, our hours and the towing rules in our articles. It can't quote prices or arrival times; for those, and for anything urgent, call us.",
    dangerCases:
      "If anyone is hurt, a car is stopped in a live lane, a person or an animal is locked in a car, or there is fire or smoke, call 911 first.",
  },
  about: {
    title: "About Us: Local Towing Serving Stockton Since 2010",
    description:
      "{name} is a local referral towing service serving Stockton, CA and nearby towns since {year}, available 24/7.",
    heading: "About {name}",
    lead: "A local referral service for towing and roadside assistance, serving since {year}.",
    intro:
      "We have been serving since {year}. Drivers in Stockton and the towns around it have called us when a car would not start, a tire gave out on SR-99 or the keys ended up on the wrong side of a locked door. We are a local referral towing service: when you call or send a request, our dispatchers match you with a nearby, properly equipped partner tow operator, and stay in touch with you until the operator has the job.",
    believe: "What we believe",
    answerTitle: "Answer every call.",
    answer: "Breakdowns do not keep office hours, so neither do we: we are available 24/7.",
    straightTitle: "Be straight with people.",
    straight:
      "We tell you what we know and what we don't, and we never guess at a price or an arrival time we can't stand behind.",
    carefulTitle: "Work with careful operators.",
    careful:
      "We ask our partner operators for flatbeds for cars that need them, wheel chocks and soft straps for motorcycles, and care with damaged cars after an accident.",
    safetyTitle: "Safety first.",
    safety: "If anyone is hurt or in danger, call 911 first. The car can wait.",
    whereTitle: "Where we work",
    where: "We cover {towns} and {last}, within about {miles} miles of downtown Stockton, including {highways}.",
    reachTitle: "How to reach us",
    reachBefore: "The fastest way is to call",
    reachMiddle: ". You can also",
    reachRequest: "send a service request",
    reachOr: ", or ask a quick question on our",
    reachChat: "chat page",
    and: "and",
  },
} as const;

/** The shape of the dictionary: the English keys, any string as the value. */
type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Dictionary = Shape<typeof en>;

const es: Dictionary = {
  meta: {
    skipToContent: "Saltar al contenido",
    homeLabel: "{name}, inicio",
    ogImageAlt: "{name}: servicio de grúa y auxilio vial en Stockton, CA",
    hoursLabel: "Disponible las 24 horas, los 7 días",
    fallbackImageAlt: "Un vehículo de servicio de grúa: una grúa de plataforma lista para llevar un carro",
  },
  language: {
    switchLabel: "English",
    switchAria: "This page in English",
  },
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
  chatWidget: {
    title: "Chat",
    open: "Abrir el chat",
    minimize: "Minimizar el chat",
    expand: "Ampliar el chat",
    close: "Cerrar el chat",
  },
  chat: {
    welcome: "¡Bienvenido! ¿En qué le podemos ayudar hoy?",
    failure: "Lo sentimos, algo falló. Inténtelo de nuevo.",
    placeholder: "Escriba su mensaje...",
    send: "Enviar mensaje",
    log: "Mensajes del chat",
    you: "Usted: ",
    assistant: "Asistente: ",
    typing: "El asistente está escribiendo",
    region: "Chat",
    pageWelcome: "Bienvenido a nuestro chat",
    pageHint: "Pregunte por nuestros servicios, los pueblos que cubrimos, el horario o las reglas de remolque.",
    notSaved: "Este chat no se guarda: la conversación se pierde si recarga la página o sale de ella.",
    inputLabel: "Su mensaje",
  },
  call: {
    call: "Llame al {phone}",
    requestOnline: "Pida servicio en línea",
    requestService: "Pedir servicio",
  },
  home: {
    title: "Servicio de grúa las 24 horas en Stockton, CA",
    description:
      "Le conseguimos grúa y auxilio vial las 24 horas en Stockton, CA y pueblos cercanos: remolques, paso de corriente, cambio de llantas, gasolina y apertura de carros.",
    heroTitle: "Servicio de grúa en Stockton, CA",
    heroLead:
      "¿Se quedó varado a la orilla del camino? Lo ponemos en contacto con operadores de grúa locales con licencia para un remolque, paso de corriente, cambio de llanta, gasolina o apertura del carro, de día o de noche, en Stockton y {count} pueblos cercanos.",
    heroTowns: "Pueblos que cubrimos: {towns}",
    atAGlance: "De un vistazo",
    glanceServices: "Servicios",
    glanceTowns: "Pueblos que cubrimos",
    servicesTitle: "Nuestros servicios",
    servicesIntro: "Grúa y auxilio vial para carros, camionetas, SUV y motocicletas.",
    learnMore: "Más información",
    learnMoreAbout: " sobre {title}",
    areasTitle: "Zonas que cubrimos",
    areasIntro: "Stockton y los pueblos de alrededor, a unas {miles} millas del centro.",
    areasAll: "Ver todas las zonas que cubrimos",
    testimonialsTitle: "Lo que dicen los conductores",
    testimonialsSample:
      "Testimonios de muestra: textos de ejemplo de lo que nos cuentan los conductores, no reseñas de clientes con nombre.",
    testimonialsReal: "Lo que nos han dicho los conductores después de ayudarles.",
    testimonialsLabel: "Testimonios",
    previous: "Testimonios anteriores",
    next: "Testimonios siguientes",
    rating: "Calificación: {rating} de {max}",
    contactTitle: "Contáctenos",
    contactIntro: "Díganos dónde está y qué necesita, y un despachador se comunicará con usted lo antes posible.",
  },
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
    phone: "Escriba un número de teléfono de 10 dígitos (primero el código de área), como 209-555-0142",
    service: "Elija uno de los servicios de la lista",
    location: "Escriba al menos {min} caracteres: una calle, una esquina o un punto de referencia",
    vehicle: "Describa el vehículo en {max} caracteres como máximo: año, marca, modelo y color",
    unstorable:
      "Tiene un carácter que no se puede guardar (un carácter de control invisible o un símbolo que no se reconoce). Vuelva a escribirlo.",
    language: "Elija inglés o español",
  },
  confirmation: {
    title: "Solicitud recibida",
    resent: "Se envió cuando volvió su conexión.",
    number: "Su número de solicitud es {number}.",
    callBack: "Le llamaremos al {phone}.",
    dangerBefore:
      "Si alguien está herido, su carro quedó parado en un carril con tráfico, una persona o un animal está encerrado en un carro, o hay fuego o humo,",
    call911: "llame al 911",
    dangerAfter: "primero. ¿Hay otra urgencia con el carro? No espere a que le llamemos:",
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
      "Envíe la solicitud como un solo objeto con los campos name, email, phone, service, pickupLocation y dropoffLocation (y, si quiere, vehicle).",
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
      "Pida en línea servicio de grúa o auxilio vial en Stockton, CA, o llame al {phone}. Atendemos las 24 horas, los 7 días.",
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
    dangerMiddle: "primero. Después, para cualquier urgencia con el carro, no espere a que le llamemos:",
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
  requestPage: {
    title: "Su solicitud de servicio",
    description: "Cómo va su solicitud de servicio, y cómo cancelarla.",
    heading: "Solicitud de servicio #{number}",
    facts: {
      number: "Número de solicitud",
      service: "Servicio",
      pickup: "Dónde está el vehículo",
      sent: "Enviada",
      callAt: "Le llamaremos al",
      phoneEnding: "número que termina en {last4}",
    },
    statusHeading: "Estado",
    statuses: {
      received: "Recibida",
      arranging: "Le estamos consiguiendo ayuda",
      on_the_way: "Un operador va en camino",
      done: "Terminada",
      closed: "Cerrada",
      cancelled: "Cancelada",
    },
    hints: {
      received: "Nuestros despachadores ya recibieron su solicitud. Le vamos a llamar.",
      arranging: "Un despachador le está buscando un operador asociado.",
      on_the_way: "Ya va un operador asociado al lugar donde está su vehículo.",
      done: "Ya se terminó de atender esta solicitud.",
      closed: "Esta solicitud está cerrada. Si todavía necesita ayuda, llámenos.",
      cancelled: "Nos avisó que ya no necesita ayuda.",
    },
    messageHeading: "Mensaje del despachador",
    cancelSummary: "Ya no necesito ayuda",
    cancelExplained:
      "Con esto les avisa a nuestros despachadores que ya no necesita ayuda, y su solicitud se cancela. No se puede deshacer.",
    reasonLabel: "Motivo (opcional)",
    cancelButton: "Sí, cancelar mi solicitud",
    cancelling: "Cancelando...",
    cancelledOn: "Usted canceló esta solicitud el",
    gone: "Esta página ya no está disponible. Si todavía necesita ayuda, llámenos.",
    call: "Llame al {phone}",
    stopped: "Las actualizaciones en vivo se detuvieron.",
    reload: "Recargue la página",
    toSeeLatest: "para ver el estado más reciente.",
    notCancelled: "Su solicitud no se canceló. Llámenos al {phone}.",
    offline: "Su solicitud no se canceló porque no hay conexión. Inténtelo de nuevo o llame al {phone}.",
    notFound:
      "No existe esa página de solicitud (puede que el enlace tenga un error o que ya no funcione). Si necesita ayuda, {callUs}.",
    crossSite:
      "Esta cancelación no vino de la página de su solicitud, así que no se cambió nada. Abra la página de su solicitud y vuelva a intentarlo, o {callUs}.",
    notCancellable: "Esta solicitud ya no se puede cancelar (estado: {status}). Si necesita ayuda, {callUs}.",
    tooMany:
      "Se abrieron demasiadas páginas de solicitud desde su conexión. Vuelva a intentarlo en {seconds} segundos o {callUs}.",
    streamsPerClient:
      "Hay demasiadas actualizaciones en vivo abiertas desde su conexión ({max} a la vez). Cierre la página de su solicitud en otra pestaña o ventana; esta página sigue revisando los cambios por su cuenta. Si necesita ayuda, {callUs}.",
    streamsServer:
      "Nuestro servidor está siguiendo demasiadas páginas de solicitud en este momento. Esta página sigue revisando los cambios por su cuenta, o vuelva a cargarla en unos minutos. Si necesita ayuda, {callUs}.",
    reasonTooLong: "Escriba el motivo en {max} caracteres como máximo.",
    reasonUnreadable: "No se pudo leer el motivo.",
    tryAgain: "Inténtelo de nuevo o {callUs}.",
    problemTitle: "Página de su solicitud",
    waitTitle: "Espere un momento",
    notCancelledTitle: "Su solicitud no se canceló",
    back: "Volver a su solicitud",
    needHelp: "¿Necesita ayuda ahora mismo?",
  },
  driverEmail: {
    subject: "{name}: su solicitud de servicio #{number}",
    heading: "{name} recibió su solicitud de servicio #{number}",
    number: "Número de solicitud",
    service: "Servicio",
    pickup: "Dónde está el vehículo",
    sent: "Enviada",
    followLink: "Vea cómo va su solicitud",
    followRest: ", o cancélela si ya no necesita ayuda.",
    lifetime: "El enlace funciona hasta {days} días después de que termine la solicitud.",
    callBack:
      "Le vamos a llamar. Para cualquier urgencia, llame al {phone}. Si alguien está herido o en peligro, llame primero al 911.",
    why: "Por qué recibió este correo: alguien envió una solicitud de servicio con esta dirección de correo en el sitio web de {name} ({url}). Si no fue usted, puede ignorar este mensaje: es el único correo que recibirá por esta solicitud.",
    sender: "{name} (un servicio local que le conecta con operadores de grúa), {address}",
  },
  notFound: {
    title: "404 Página no encontrada",
    description:
      "Esta página no existe. Encuentre servicio de grúa y auxilio vial en Stockton, CA desde nuestra página de inicio.",
    heading: "404 Página no encontrada",
    text: "La página que buscaba no está aquí. Puede que se haya movido o que la dirección tenga un error.",
    home: "Ir a la página de inicio",
    services: "Ver nuestros servicios",
    helpNow: "¿Necesita ayuda ahora?",
    call: "Llame al {phone}",
  },
  servicesPage: {
    title: "Servicios de grúa y auxilio vial en Stockton, CA",
    description:
      "Grúa las 24 horas, auxilio vial y rescate después de un choque en Stockton, Lodi, Manteca, Tracy y pueblos cercanos. Vea lo que hacemos y pida servicio.",
    heading: "Nuestros servicios",
    lead: "Grúa, auxilio vial y rescate después de un choque a toda hora, en Stockton y los pueblos cercanos.",
    needHelp: "¿Necesita una grúa o auxilio vial ahora?",
    everyService: "Todos nuestros servicios",
    moreAbout: "Más sobre {title}",
  },
  servicePage: {
    title: "{service} en Stockton, CA",
    faq: "Preguntas de los conductores",
    requestTitle: "Pida servicio",
    requestIntro:
      "Servicio elegido: {service}. Envíe sus datos y un despachador se comunicará con usted lo antes posible.",
    others: "Otros servicios",
    coverage: "Dónde atendemos llamadas",
    highways: "Carreteras:",
  },
  areasPage: {
    title: "Zonas que cubrimos: Stockton, Lodi, Manteca, Tracy y alrededores",
    description:
      "Los diez pueblos donde atendemos llamadas de grúa y auxilio vial, a unas {miles} millas del centro de Stockton, CA, con una página para cada uno.",
    heading: "Zonas que cubrimos",
    lead: "Stockton y los pueblos de alrededor, a unas {miles} millas del centro. Elija su pueblo para ver sus carreteras, a quién llamar y qué decirle a nuestro despachador.",
    notSureBefore: "¿No sabe si cubrimos el lugar donde está? Llame al",
    notSureAfter:
      "y pregunte. Las distancias son millas en línea recta desde el centro de Stockton; por carretera son más.",
    highways: "Carreteras: {list}",
    fromStockton: "A unas {miles} millas al {direction} del centro de Stockton (en línea recta)",
    homeTown: "Nuestro despacho está en el centro de Stockton",
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
    title: "{town}, CA: grúa y auxilio vial",
    heading: "Grúa y auxilio vial en {town}, CA",
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
  },
  guidePage: {
    updated: "Actualizado",
    related: "Servicios relacionados",
  },
  cta: {
    title: "¿Necesita una grúa o auxilio vial ahora?",
    text: "Nuestros despachadores contestan de día y de noche, en Stockton y los pueblos cercanos. Si alguien está herido o en peligro, llame primero al 911.",
  },
  blogPage: {
    title: "Blog de consejos y guías de remolque",
    description:
      "Consejos de grúa y auxilio vial en Stockton, CA: si le remolcan el carro, enganches, capacidad de remolque y más, de {name}. En inglés.",
    heading: "Blog de consejos y guías de remolque",
    lead: "Respuestas claras a lo que más nos preguntan los conductores de Stockton, desde las reglas de remolque hasta los enganches. Por ahora los artículos están solo en inglés.",
    read: "Leer el artículo (en inglés)",
    inEnglish: "En inglés",
    rssTitle: "Blog de {name}",
  },
  chatPage: {
    title: "Chat",
    description:
      "Pregúntele a {name} sobre grúas y auxilio vial en Stockton, CA. Nuestro asistente de chat contesta de día y de noche.",
    heading: "Chat",
    danger: "¿Está en peligro?",
    call911: "Llame al 911",
    firstThen: "primero y después al",
    needsJs: "El chat necesita JavaScript, y está desactivado en este navegador.",
    callUsAt: "Llámenos al",
    or: "o",
    sendRequest: "envíe una solicitud de servicio",
    bothWork: ": las dos cosas funcionan sin él.",
    about:
      "Pregunte por nuestros servicios, los pueblos que cubrimos o cómo pedir ayuda. El asistente contesta con lo que dice este sitio: nuestros servicios, los pueblos que cubrimos, el horario y las reglas de remolque de nuestros artículos. No puede dar precios ni tiempos de llegada; para eso, y para cualquier urgencia, llámenos.",
    dangerCases:
      "Si alguien está herido, un carro quedó parado en un carril con tráfico, una persona o un animal está encerrado en un carro, o hay fuego o humo, llame primero al 911.",
  },
  about: {
    title: "Quiénes somos: servicio de grúa local en Stockton desde 2010",
    description:
      "{name} es un servicio local que conecta a los conductores con operadores de grúa en Stockton, CA y pueblos cercanos desde {year}, las 24 horas.",
    heading: "Quiénes somos: {name}",
    lead: "Un servicio local que le conecta con grúas y auxilio vial, desde {year}.",
    intro:
      "Atendemos a los conductores desde {year}. En Stockton y en los pueblos de alrededor nos han llamado cuando el carro no arrancaba, se reventó una llanta en la SR-99 o las llaves se quedaron adentro del carro cerrado. No somos una compañía de grúas: le ponemos en contacto con operadores locales. Cuando usted llama o envía una solicitud, nuestros despachadores le asignan un operador de grúa asociado, cercano y con el equipo adecuado, y siguen en contacto con usted hasta que el operador toma el trabajo.",
    believe: "En qué creemos",
    answerTitle: "Contestar cada llamada.",
    answer: "Las averías no tienen horario de oficina, y nosotros tampoco: atendemos a toda hora, todos los días.",
    straightTitle: "Hablar claro.",
    straight:
      "Le decimos lo que sabemos y lo que no, y nunca adivinamos un precio ni un tiempo de llegada que no podamos cumplir.",
    carefulTitle: "Trabajar con operadores cuidadosos.",
    careful:
      "Pedimos a nuestros operadores asociados grúas de plataforma para los carros que las necesitan, calzas y correas suaves para las motocicletas, y cuidado con los carros dañados después de un choque.",
    safetyTitle: "Primero la seguridad.",
    safety: "Si alguien está herido o en peligro, llame primero al 911. El carro puede esperar.",
    whereTitle: "Dónde trabajamos",
    where:
      "Cubrimos {towns} y {last}, a unas {miles} millas del centro de Stockton, incluidas las carreteras {highways}.",
    reachTitle: "Cómo comunicarse con nosotros",
    reachBefore: "Lo más rápido es llamar al",
    reachMiddle: ". También puede",
    reachRequest: "enviar una solicitud de servicio",
    reachOr: " o hacer una pregunta rápida en nuestra",
    reachChat: "página de chat",
    and: "y",
  },
};

/** Keys present in one dictionary and not in the other ("nav.home"), so a build can say which. */
export function differentKeys(a: object, b: object, prefix = ""): string[] {
  const out: string[] = [];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    const name = `${prefix}${key}`;
    if (x === undefined || y === undefined) out.push(name);
    else if (typeof x === "object" && typeof y === "object" && x && y) out.push(...differentKeys(x, y, `${name}.`));
    else if (typeof x !== typeof y) out.push(name);
  }
  return out;
}

/** Fails the build (this module is loaded by every page) if a key is missing in either language. */
function assertSameKeys(dictionaries: Record<Locale, Dictionary>) {
  for (const locale of locales) {
    const missing = differentKeys(dictionaries.en, dictionaries[locale]);
    if (missing.length) throw new Error(`src/i18n/ui.ts: "${locale}" and "en" differ in ${missing.join(", ")}`);
  }
}

export const ui: Record<Locale, Dictionary> = { en, es };
assertSameKeys(ui);

/** Fills "{name}" marks from `values`; a mark with no value stays as it is (the tests catch it). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (mark, key: string) => (key in values ? String(values[key]) : mark));
}

/** Every status a driver can see has its words (a status added to src/lib/request-page.ts fails `astro check` here). */
const statusWords: Record<DriverStatus, string> = en.requestPage.statuses;
void statusWords;

/**
 * A service as one language names it. Requests store the specification's English name (the form's
 * value, what the owner reads); a driver reads it in the request's language. A name that is not one
 * of the ten (an old row) is shown as stored.
 */
export function serviceNameIn(locale: Locale, storedName: string): string {
  const slug = services.find((s) => s.name === storedName)?.slug;
  return slug ? ui[locale].serviceNames[slug] : storedName;
}
