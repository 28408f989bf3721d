/**
 * The request form's constants, apart from the zod schema (contact-schema.ts, which re-exports them)
 * so that the form's first load does not carry zod: the schema loads when a visitor starts on the form.
 */

/**
 * Services done where the car stands: nothing is carried anywhere, so the drop-off is the pickup
 * place and the form offers to fill it in one tap.
 */
export const servicesWithoutDropoff: readonly string[] = [
  "Jump Start",
  "Vehicle Lockouts",
  "Flat Tire",
  "Gasoline Delivery",
  "Roadside Assistance",
];

/**
 * A field people never see or fill (hidden from sight, screen readers and autofill). A bot that
 * fills every input fills this one too, and its request is not stored.
 */
export const HONEYPOT_FIELD = "company_website";

/** The optional vehicle field's limit: year, make, model and color fit easily ("2014 Toyota Sienna XLE, dark blue" is 34). */
export const MAX_VEHICLE_CHARS = 120;
/** The optional note's limit: a few sentences (the car's state, a gate code), said on the form as "Up to 1,000 characters". */
export const MAX_NOTE_CHARS = 1000;

/**
 * The request form sends one random key with every try of one filled-in form (`Idempotency-Key`); a
 * try whose key the server already stored gets the first request's answer, and nothing is stored.
 */
export const IDEMPOTENCY_HEADER = "idempotency-key";
/** What the server accepts as a key: 8 to 128 visible ASCII characters (a UUID is 36). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;

/** What POST /api/contact answers with 201 once the row is committed. */
export interface ServiceRequestCreated {
  id: number;
  createdAt: string;
  /**
   * The driver's own page for this request (`/request/{token}`). A repeat of the same form gets a new
   * link to the same page; a repeat of its Idempotency-Key with another body, or past the request's
   * few links, gets none (the key alone must not open the page).
   */
  requestPage?: string;
}
