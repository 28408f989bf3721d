/** English words of the about page. */
export const about = {
  about: {
    title: "About Us: Local Towing Serving {business.city} Since {year}",
    description:
      "{name} is a local referral towing service serving {business.city}, {business.region} and nearby towns since {year}, available 24/7.",
    heading: "About {name}",
    lead: "A local referral service for towing and roadside assistance, serving since {year}.",
    intro:
      "We have been serving since {year}. Drivers in {business.city} and the towns around it have called us when {business.list.aboutCalls}. We are not a towing company: we are a local referral towing service that puts you in touch with local tow operators. When you call or send a request, our dispatchers match you with a nearby, properly equipped partner tow operator, and stay in touch with you until the operator has the job.",
    believe: "What we believe",
    answerTitle: "Answer every call.",
    answer: "Breakdowns do not keep office hours, so neither do we: we are available 24/7.",
    straightTitle: "Be straight with people.",
    straight:
      "We tell you what we know and what we don't, and we never guess at a price or an arrival time we can't stand behind.",
    carefulTitle: "Work with careful operators.",
    careful: "We ask our partner operators for {business.list.aboutCare}.",
    safetyTitle: "Safety first.",
    safety: "If anyone is hurt or in danger, call 911 first. The car can wait.",
    whereTitle: "Where we work",
    where: "We cover {towns} and {last}, within about {miles} miles of downtown {business.city}, including {highways}.",
    reachTitle: "How to reach us",
    reachBefore: "The fastest way is to call",
    reachMiddle: ". You can also",
    reachRequest: "send a service request",
    reachOr: ", or ask a quick question on our",
    reachChat: "chat page",
    and: "and",
  },
} as const;
