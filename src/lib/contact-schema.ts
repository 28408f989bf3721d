import { z } from "zod";
import type { ApiRefusal } from "./api-refusal";
import { MAX_VEHICLE_CHARS } from "./contact-fields";
import { serviceNames } from "./services";

/**
 * The service request, checked by the same schema in the browser (react-hook-form) and on the
 * server (POST /api/contact). A missing field says "Required" and a wrong type "Expected string,
 * received number", as the specification quotes; beyond that the schema is kinder than a bare
 * "not empty": a phone a dispatcher can dial back and locations a tow operator can find.
 */
const required = z.string().trim().min(1, { message: "Required" });

/** Said for text that cannot be stored exactly as typed; the field it is in is named with it. */
export const UNSTORABLE_TEXT_MESSAGE =
  "Contains a character that cannot be saved (an invisible control character or a broken symbol). Please retype it.";

/**
 * True when the database stores the text exactly as typed: PostgreSQL refuses U+0000, a lone UTF-16
 * surrogate (\p{Cs} under the u flag matches only unpaired halves) would be silently replaced, and
 * U+FFFD is what a form's undecodable byte already became on the way in.
 */
export const isStorableText = (value: string) => !value.includes("\u0000") && !/\p{Cs}|\uFFFD/u.test(value);

const storable = <T extends z.ZodTypeAny>(schema: T) =>
  z.string().refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE }).pipe(schema);

/** A US number: 10 digits, or 11 with the leading country code 1. */
export const PHONE_DIGITS_MESSAGE = "Enter a phone number with 10 digits (area code first), like 209-555-0142";
/** Shorter than this cannot name a place ("x", "I5"). */
export const MIN_LOCATION_CHARS = 3;
export const LOCATION_MESSAGE = `Enter at least ${MIN_LOCATION_CHARS} characters: a street, cross street or landmark`;

export const phoneDigits = (phone: string) => phone.replace(/\D/g, "");
const dialable = (phone: string) => {
  const digits = phoneDigits(phone);
  return digits.length === 10 || (digits.length === 11 && digits.startsWith("1"));
};
const location = storable(required.pipe(z.string().min(MIN_LOCATION_CHARS, { message: LOCATION_MESSAGE })));

export const VEHICLE_MESSAGE = `Keep the vehicle to ${MAX_VEHICLE_CHARS} characters: year, make, model and color`;
/**
 * The one optional field: the car as the driver describes it. Left empty (or only spaces), it is
 * absent, and the database stores null.
 */
const vehicle = storable(z.string().trim().max(MAX_VEHICLE_CHARS, { message: VEHICLE_MESSAGE }))
  .optional()
  .transform((value) => (value ? value : undefined));

export const contactRequestSchema = z.object({
  name: storable(required),
  email: storable(required.email({ message: "Invalid email" })),
  phone: storable(required.pipe(z.string().refine(dialable, { message: PHONE_DIGITS_MESSAGE }))),
  service: required.pipe(z.enum(serviceNames, { message: "Choose one of the listed services" })),
  pickupLocation: location,
  dropoffLocation: location,
  vehicle,
});

export type ContactRequest = z.output<typeof contactRequestSchema>;
/** What the form holds before validation (the service is any string until it is checked). */
export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactField = keyof ContactRequest;
/** The specification's six fields, every one required. */
export type RequiredContactField = Exclude<ContactField, "vehicle">;

export const contactFields = Object.keys(contactRequestSchema.shape) as ContactField[];
/** The specification's six fields, which a request cannot leave out or leave blank. */
export const requiredContactFields = contactFields.filter((f): f is RequiredContactField => f !== "vehicle");

export { type ContactCreated, HONEYPOT_FIELD, MAX_VEHICLE_CHARS, servicesWithoutDropoff } from "./contact-fields";

/** What it answers with 400: one message per invalid field. */
export interface ContactInvalid extends ApiRefusal {
  fields: Partial<Record<ContactField, string>>;
}
