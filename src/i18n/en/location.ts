/**
 * The words of the driver's location, in English: the form's "Use my location" button and its notice,
 * what it says when the phone cannot give a position, and the schema's messages for the coordinates.
 * "{name}" marks a value filled in by `fill` (src/i18n/ui.ts). src/i18n/es/location.ts has the same shape.
 */
export const location = {
  useMyLocation: "Use my location",
  finding: "Finding your location…",
  /** The notice beside the button, read before anything is collected. */
  notice:
    "Your phone's position goes with this request: our dispatchers and the operator who takes the job see it, and it is erased {days} days after the request ends.",
  privacyLink: "Privacy notice",
  /**
   * The pickup line the button writes: "Near Riverton · position sent from my phone (±12 m)". No
   * coordinates: they go in the request's own fields, erased on schedule (src/shared/fix-line.ts).
   */
  near: "Near {town}",
  gps: "position sent from my phone (±{accuracy} m)",
  found: "Location added. You can still add a landmark or your direction of travel.",
  denied:
    "Location is turned off for this site. Type the street, cross street or nearest exit instead, or call {phone}.",
  unavailable:
    "Your phone could not find its position. Type the street, cross street or nearest exit instead, or call {phone}.",
  /** Said under "Location added" when the fix is outside the service circle; the request can still be sent. */
  outsideArea:
    "This position is outside the area we serve, so we may not be able to send help there. You can still send the request, or call {phone} to ask first.",
  timeout:
    "Finding your position took too long. Type the street, cross street or nearest exit instead, or call {phone}.",
  /** The /here/{token} page a caller opens from the owner's text. */
  here: {
    title: "Send your location",
    heading: "Send your location to {name}",
    intro: "Tap the button and allow location. Your phone's position goes to our dispatcher for this request only.",
    button: "Send my location",
    sent: "Sent. Our dispatcher can see where you are.",
    /** Said under "Sent", and under a typed place sent: what the caller can expect now. */
    next: "What happens next: our dispatcher sees it on your request and will call or text you on this phone. Keep it with you, and stay somewhere safe. You can close this page.",
    failed: "It did not send. Check your connection and tap again, or call {phone}.",
    /** When the phone gives no position: the box below the button takes the place instead. */
    denied:
      "Location is turned off for this site. Type the street, cross street or nearest exit in the box below, or call {phone}.",
    unavailable:
      "Your phone could not find its position. Type the street, cross street or nearest exit in the box below, or call {phone}.",
    timeout:
      "Finding your position took too long. Type the street, cross street or nearest exit in the box below, or call {phone}.",
    /** The typed place: a labelled box that works with or without JavaScript. */
    placeLabel: "Or type where you are: the street, cross street or nearest exit",
    placeHint: "Up to {max} characters.",
    placeButton: "Send this place",
    placeSending: "Sending…",
    placeSent: "Sent. Our dispatcher can see what you typed.",
    placeMissing: "Type where you are: the street, cross street or nearest exit.",
    placeTooLong: "Keep it to {max} characters.",
    /** Without JavaScript the answer is the page again, with this heading over what was said. */
    crossSite:
      "This did not come from your location page, so nothing was sent. Open the link in our text again, or call {phone}.",
    notSent: "Not sent",
    call: "Call {phone}",
    /** Who sees the position and how long it is kept, as /privacy says it. */
    notice:
      "Who sees your position: our dispatcher and the partner operator who takes the job. Your phone's location is erased {days} days after your request is done, cancelled or closed.",
    /** The text the owner sends from their own phone. */
    sms: "{name}: tap this link to send us your location: {url}",
  },
  /** "Send my location again" on the driver's own request page. */
  again: {
    button: "Send my location again",
    intro: "Moved somewhere safer? Send your phone's new position to our dispatcher.",
    sent: "Sent. Our dispatcher can see your new position.",
    ended: "This request has ended, so the position was not sent. Call {phone} if you still need help.",
    failed: "It did not send. Check your connection and tap again, or call {phone}.",
  },
  /** A position posted from another site's page (the /here link and "Send my location again"). */
  crossSite:
    "This position did not come from your own link, so it was not sent. Open the link you were sent and tap again, or call {phone}.",
  validation: {
    latitude: "Latitude must be a number from -90 to 90",
    longitude: "Longitude must be a number from -180 to 180",
    accuracy: "Accuracy must be a number of metres from 0 to 10,000",
    fixedAt: "The time of the location must be a date and time",
    /** A time before 2000 or later than now (a phone whose clock is wrong). */
    fixedAtRange:
      "The time of the location must be between {earliest} and now: check the date and time on your phone, then find your location again",
    incomplete: "Send latitude, longitude and accuracy together",
  },
  fieldNames: {
    latitude: "Latitude",
    longitude: "Longitude",
    accuracy: "Location accuracy",
    fixedAt: "Location time",
  },
};

export type LocationWords = typeof location;
