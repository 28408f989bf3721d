/** English words of the driver's request page and the e-mail that links to it. */
export const requestPage = {
  /** The text the owner sends a caller from the desk with the link to their own page (a phone-in). */
  callerText: "{name}: your service request #{number}, what happens next and a way to cancel it: {url}",
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
    /**
     * A desk status as the driver reads it (src/shared/request-page.ts, driverStatusOf). The request
     * page's renderers index these by DriverStatus, so a status added there fails `astro check`
     * until it has words here.
     */
    statuses: {
      received: "Received",
      arranging: "We are arranging your help",
      /** A partner accepted but has not reported On the way yet; {company} is their name. */
      accepted: "Accepted by {company}",
      on_the_way: "An operator is on the way",
      done: "Done",
      closed: "Closed",
      cancelled: "Cancelled",
    },
    /** One line under the status. No arrival time: only the owner's message may say one. */
    hints: {
      received: "Your request has reached our dispatchers. We will call you back.",
      arranging: "A dispatcher is finding a partner operator for you.",
      accepted: "A partner operator took your job. This page says when they are on the way.",
      on_the_way: "A partner operator has been sent to your pickup location.",
      done: "This request is finished.",
      closed: "This request is closed. If you still need help, call us.",
      cancelled: "You told us you no longer need help.",
    },
    messageHeading: "Message from the dispatcher",
    /**
     * The partner operator who accepted the job (src/shared/request-page.ts, partnerAcceptedLine):
     * {company} is their name, {time} when they accepted, {estimate} their own arrival estimate, said
     * as theirs. acceptedAtOne is used when the hour is 1 (Spanish says "a la 1:05", "a las 4:52").
     */
    partner: {
      heading: "Your operator",
      accepted: "{company} accepted your request at {time}.",
      acceptedAtOne: "{company} accepted your request at {time}.",
      /**
       * When they expect to arrive, by their own estimate, as a time of day and the minutes left; the
       * minutes count down on the open page (src/shared/request-page.ts, partnerArrivalLine).
       */
      arrival: "Arrival: around {time} ({estimate}).",
      arrivalAtOne: "Arrival: around {time} ({estimate}).",
      estimate: "about {minutes} minutes, their estimate",
      estimateOne: "about 1 minute, their estimate",
      /** Once that time has passed: said plainly, not counted below zero. */
      arrivalPassed: "Arrival: expected around {time} (their estimate). That time has passed.",
      arrivalPassedAtOne: "Arrival: expected around {time} (their estimate). That time has passed.",
      /** The partner's latest step, as they report it. */
      steps: {
        accepted: "Accepted",
        on_the_way: "On the way",
        on_scene: "Arrived",
        done: "Done",
        not_completed: "Could not complete the job",
      },
      latest: "Latest",
      phone: "Their phone",
      /** The call button to the partner, when the business shows their phone (PARTNER_PHONE_TO_DRIVER). */
      callButton: "Call {company}: {phone}",
    },
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
  /** The e-mail to the driver who sent a request (server/features/alerts/message.ts), in the request's language. */
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
    why: "Why you got this e-mail: a service request was sent on the website of {name} ({url}) with this e-mail address. If it was not you, you can ignore it: it sends you at most one more, once the request is done, to ask how it went.",
    /** Who sends it, above the postal address: the business says what it is, a referral service. */
    sender: "{name} (a local referral towing service), {address}",
    /**
     * The business's clock as every e-mail names it after a time ("… at 1:05 AM (Pacific time)"): a
     * reader's words for site.timeZone, never its code name (tests/unit/spanish-words.test.ts holds
     * the two languages to the name Intl gives that zone).
     */
    timeZone: "Pacific time",
  },
} as const;
