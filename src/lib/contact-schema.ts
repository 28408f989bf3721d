import { z } from "zod";
import { serviceNames } from "./services";

/**
 * The service request, checked by the same schema in the browser (react-hook-form) and on the
 * server (POST /api/contact). Messages are the validator's defaults the specification quotes:
 * "Required" for a missing field, "Invalid email", "Expected string, received number".
 */
const required = z.string().trim().min(1, { message: "Required" });

export const contactRequestSchema = z.object({
  name: required,
  email: required.email({ message: "Invalid email" }),
  phone: required,
  service: required.pipe(z.enum(serviceNames, { message: "Choose one of the listed services" })),
  pickupLocation: required,
  dropoffLocation: required,
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
