import { z } from "zod";
import { serviceNames } from "./services";

/**
 * The service request, checked by the same schema in the browser (react-hook-form) and on the
 * server (POST /api/contact). Messages are the validator's defaults the specification quotes:
 * "Required" for a missing field, "Invalid email", "Expected string, received number".
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

export const contactRequestSchema = z.object({
  name: storable(required),
  email: storable(required.email({ message: "Invalid email" })),
  phone: storable(required),
  service: required.pipe(z.enum(serviceNames, { message: "Choose one of the listed services" })),
  pickupLocation: storable(required),
  dropoffLocation: storable(required),
});

export type ContactRequest = z.output<typeof contactRequestSchema>;
/** What the form holds before validation (the service is any string until it is checked). */
export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactField = keyof ContactRequest;

export const contactFields = Object.keys(contactRequestSchema.shape) as ContactField[];

/**
 * A field people never see or fill (hidden from sight, screen readers and autofill). A bot that
 * fills every input fills this one too, and its request is not stored.
 */
export const HONEYPOT_FIELD = "company_website";

/** What POST /api/contact answers with 201 once the row is committed. */
export interface ContactCreated {
  id: number;
  createdAt: string;
}

/** What it answers with 400: one message per invalid field. */
export interface ContactInvalid {
  error: string;
  fields: Partial<Record<ContactField, string>>;
}
