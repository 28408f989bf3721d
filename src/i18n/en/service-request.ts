/** English words of the service request: its form, the form's messages, the server's refusals and the pages after sending. */
export const serviceRequest = {
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
    note: "Anything the operator should know",
    notePlaceholder: "Optional, like: it won't start, it's in a parking garage, the gate code",
    /** Said under a limited field before anything is typed: "Up to 1,000 characters". */
    upTo: "Up to {max} characters",
    noteShort: "Note",
    /** The live count under a limited field: "87 of 120". */
    counter: "{count} of {max}",
    /** Said to a screen reader near the limit. */
    counterLeft: "{left} characters left",
    counterOver: "{over} characters over the limit",
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
    phone: "Enter a phone number with 10 digits (area code first), like {business.examplePhone}",
    service: "Choose one of the listed services",
    location: "Enter at least {min} characters: a street, cross street or landmark",
    vehicle: "Keep the vehicle to {max} characters: year, make, model and color",
    note: "Keep the note to {max} characters",
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
  /** What the server says when it refuses a service request (server/features/service-requests/routes.ts), or a private link that opens nothing (server/shared/private-link.ts). */
  refusal: {
    callUs: "call us at {phone}",
    linkNotFound: "This link does not work: it may be mistyped or have expired. If you need help, {callUs}.",
    notAnObject:
      "Send the request as one object with the fields name, email, phone, service, pickupLocation and dropoffLocation (and, if you like, vehicle and note).",
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
      "Request towing or roadside assistance in {business.city}, {business.region} online, or call {phone}. Dispatch is available 24/7.",
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
} as const;
