/** English words of the ten services' names, the services page and each service's page. */
export const services = {
  /** The ten services by slug: in English the specification's names, the form's values (src/i18n/ui.ts checks them against src/shared/services.ts). */
  serviceNames: {
    towing: "Towing",
    "emergency-towing": "Emergency Towing Services",
    "roadside-assistance": "Roadside Assistance",
    "blocked-driveway": "Blocked Driveway Towing",
    "flat-tire": "Flat Tire",
    "gasoline-delivery": "Gasoline Delivery",
    "junk-car-removal": "Junk Car Removal",
    "jump-start": "Jump Start",
    "motorcycle-towing": "Motorcycle Towing",
    "vehicle-lockouts": "Vehicle Lockouts",
  },
  servicesPage: {
    title: "Towing & Roadside Services in {business.city}, {business.region}",
    description:
      "24/7 {business.list.servicesDescription} in {business.topTowns} and nearby towns. See what we do and request service.",
    heading: "Our Services",
    lead: "{business.list.servicesLead} around the clock, across {business.city} and nearby towns.",
    needHelp: "Need a tow or roadside help now?",
    everyService: "Every service we offer",
    moreAbout: "More about {title}",
  },
  servicePage: {
    title: "{service} in {business.city}, {business.region}",
    faq: "Questions drivers ask",
    requestTitle: "Request Service",
    requestIntro: "Send the details for {service} and a dispatcher will get back to you as soon as possible.",
    others: "Other services",
    coverage: "Where we take calls",
    highways: "Highways:",
  },
} as const;
