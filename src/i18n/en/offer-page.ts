/**
 * The words of a partner operator's offer page (/offer/{token}), served by server/features/offer/.
 * English only, on purpose: partners are towing businesses the owner works with in English, so the page
 * has no Spanish twin (src/i18n/es/ has no offer-page.ts). "{name}" marks a value filled in by `fill`.
 */
export const offerPage = {
  title: "Job offer",
  description: "A towing job offered to a partner operator.",
  heading: "Job offer #{number}",
  acceptedHeading: "Job #{number}",
  from: "Offered to {company} by {business}.",

  // The facts a partner decides on, before accepting.
  decideHeading: "The job",
  service: "Service",
  pickupArea: "Pickup",
  pickupNear: "Near {town}, about {miles} mi ({km} km) from its center",
  /** Under half a mile from the town's center: the distance would read "about 0 mi". */
  pickupIn: "In {town}",
  pickupTown: "In or near {town}",
  dropoffArea: "Drop-off",
  dropoffTown: "{town} (the town the driver's drop-off names)",
  dropoffLater: "Given after you accept",
  vehicle: "Vehicle",
  vehicleNotGiven: "Not given",
  requestedAt: "Requested",
  answerBy: "Answer by",
  /** The deadline, large: "Answer by 2:43 AM, 6 min left" (the page's script keeps the minutes current). */
  deadline: "Answer by {time}, {left}",
  minutesLeft: "{minutes} min left",
  underAMinute: "under 1 min left",
  timeUp: "time is up",

  acceptHeading: "Take this job",
  etaLabel: "Your arrival estimate, in minutes",
  etaHint: "Your own estimate: the driver sees it as yours.",
  acceptButton: "Accept the job",
  declineSummary: "Decline this job",
  reasonLabel: "Reason (optional)",
  declineButton: "Decline",
  privacyNote: "The driver's name, phone, exact pickup and drop-off are shown once you accept.",

  // After acceptance, at the top: what the operator needs to drive there.
  jobTopHeading: "Go to the pickup",
  callDriver: "Call the driver",
  navigate: "Navigate",
  addressLink: "Open the address in maps",
  positionLink: "Open the phone's position in maps",

  // After acceptance: what CVC 22513(a)(2) asks a summoned operator to hold before arriving.
  acceptedSaid: "You accepted at {time}: about {minutes} minutes.",
  recordHeading: "For your records (CVC 22513)",
  recordIntro: "What California Vehicle Code 22513(a)(2) asks you to have in writing before you arrive.",
  driver: "Driver",
  driverPhone: "Driver's phone",
  vehicleDriver: "Vehicle, as the driver gave it",
  vehicleDesk: "Year, make and model",
  plate: "License plate",
  notGivenYet: "Not given yet: call {phone} and we will add it",
  pickup: "Pickup",
  driverNote: "Driver's note",
  dropoff: "Drop-off",
  openMap: "Open in maps",
  phonePosition: "Driver's phone position",
  openPosition: "Open the position on OpenStreetMap",
  positionNote: "Taken {time}, within about {accuracy} m.",
  summonedAt: "Time summoned",
  arrangedBy: "Arranged by",
  arrangedByValue: "{business}, {phone}",

  stepsHeading: "Job progress",
  stepNow: "Now: {step} (since {time})",
  steps: {
    accepted: "Accepted",
    on_the_way: "On the way",
    on_scene: "On scene",
    done: "Done",
    not_completed: "Could not complete",
  },
  stepButtons: {
    on_the_way: "I'm on the way",
    on_scene: "I'm on scene",
    done: "Job done",
  },
  /** Done ends the job: the first tap opens the question, the second answers it. */
  doneConfirm: "Is the job done? The driver and the dispatcher are told, and the job ends.",
  doneYes: "Yes, the job is done",
  goneOnArrival: "Gone on arrival",
  notCompletedSummary: "Could not complete the job",
  notCompletedConfirm:
    "Could you not complete it? The dispatcher is told at once and may offer the job to another operator.",
  goneOnArrivalYes: "Yes: gone on arrival",
  notCompletedLabel: "What happened",
  notCompletedButton: "Yes, could not complete",
  notCompletedReason: "Reason given: {reason}",

  // When there is nothing to answer.
  takenHeading: "This job was taken",
  handedOn:
    "After you could not complete it, the job went to another operator: the driver's details are no longer shown here.",
  taken: "Another operator accepted this job first. Thank you for answering.",
  takenAfterDecline: "You declined it, and another operator accepted it. Thank you for answering.",
  withdrawnHeading: "This offer was withdrawn",
  withdrawn: "The dispatcher took this offer back. Call {phone} with any question.",
  expiredHeading: "This offer has expired",
  expired: "It was open until {time}. Call {phone} if you can still take it.",
  declinedHeading: "You declined this job",
  declined: "Thank you for answering. Nothing more to do here.",
  cancelledHeading: "The driver cancelled",
  cancelled: "The driver cancelled this request: you need not go. Call {phone} with any question.",
  closedHeading: "This job is closed",
  closed: "The dispatcher closed this request. Call {phone} with any question.",
  finished: "The job is over: nothing more to report.",

  // Refusals (4xx), each naming the phone number.
  callUs: "Call {phone} if you need help.",
  crossSite:
    "This answer was refused: it did not come from the offer's own page. Open the link again and answer there. {callUs}",
  tooMany: "Too many tries from your connection. Wait {seconds} seconds and try again. {callUs}",
  unreadable: "The answer could not be read. Open the link again and try once more. {callUs}",
  refusals: {
    taken: "Another operator accepted this job first. {callUs}",
    withdrawn: "The dispatcher took this offer back. {callUs}",
    expired: "This offer has expired. {callUs}",
    declined: "You declined this job already. {callUs}",
    cancelled: "The driver cancelled this request. {callUs}",
    closed: "The dispatcher closed this request. {callUs}",
    not_accepted: "Accept the job before reporting its progress. {callUs}",
    finished: "The job is over: its progress can no longer change. {callUs}",
    backwards: "The job is already past that step. {callUs}",
    on_the_way_first: "Report “I'm on the way” first: the steps go in order, one at a time. {callUs}",
    on_scene_first: "Report “I'm on scene” first: the steps go in order, one at a time. {callUs}",
    accepted: "You accepted this job already: report its progress instead. {callUs}",
  },
  problemTitle: "Your answer was not taken",
  back: "Back to the offer",
} as const;

export type OfferPageWords = typeof offerPage;
