/** English words of the home page. */
export const home = {
  home: {
    title: "Towing Service in {business.city}, {business.region}",
    description:
      "24/7 towing and roadside assistance referrals in {business.city}, {business.region} and nearby towns: {business.list.homeDescription}.",
    heroTitle: "Towing Service in {business.city}, {business.region}",
    heroLead:
      "Stuck on the side of the road? We connect you with local tow operators for {business.list.heroHelp}, day or night, across {business.city} and {count} nearby towns.",
    heroTowns: "Towns we cover: {towns}",
    atAGlance: "At a glance",
    glanceServices: "Services",
    glanceTowns: "Towns we cover",
    servicesTitle: "Our Services",
    servicesIntro: "Towing and roadside help for {business.list.vehicles}.",
    learnMore: "Learn more",
    learnMoreAbout: " about {title}",
    areasTitle: "Areas We Serve",
    areasIntro: "{business.city} and the towns around it, within about {miles} miles of downtown.",
    areasAll: "See every area we serve",
    testimonialsTitle: "What Drivers Say",
    testimonialsSample:
      "Sample testimonials: example text showing what drivers tell us, not reviews from named customers.",
    testimonialsReal: "What drivers have told us after we helped them.",
    testimonialsLabel: "Testimonials",
    sampleName: "Example driver",
    sampleNote: "An example, not a real customer's review",
    previous: "Previous testimonials",
    next: "Next testimonials",
    rating: "Rated {rating} out of {max}",
    contactTitle: "Contact Us",
    contactIntro: "Tell us where you are and what you need, and a dispatcher will get back to you as soon as possible.",
  },
} as const;
