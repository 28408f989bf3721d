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
  /** The pickup line the button writes: "Near Lodi · GPS 38.1302, -121.2724 (±12 m)". */
  near: "Near {town}",
  gps: "GPS {latitude}, {longitude} (±{accuracy} m)",
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
    sent: "Sent. Our dispatcher can see where you are. You can close this page.",
    failed: "It did not send. Check your connection and tap again, or call {phone}.",
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
  validation: {
    latitude: "Latitude must be a number from -90 to 90",
    longitude: "Longitude must be a number from -180 to 180",
    accuracy: "Accuracy must be a number of metres from 0 to 10,000",
    fixedAt: "The time of the location must be a date and time",
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
