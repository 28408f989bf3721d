import { z } from "zod";
import { type Locale, locales } from "../i18n/locales";
import { type LocationWords, locationWords } from "../i18n/location";
import { type Dictionary, fill, ui } from "../i18n/ui";
import { locationFieldsFor, missingLocationField } from "../shared/location";
import type { ApiRefusal } from "./api-refusal";
import { offeredServices } from "./offered-services";
import { MAX_NOTE_CHARS, MAX_VEHICLE_CHARS } from "./service-request-fields";
import { serviceNames } from "./services";

const offeredNames = new Set<string>(offeredServices.map((s) => s.name));

/**
 * The service request, checked by the same schema in the browser (the form's own check) and on the
 * server (POST /api/contact). A missing field says "Required" and a wrong type "Expected string,
 * received number", as the specification quotes; beyond that the schema is kinder than a bare
 * "not empty": a phone a dispatcher can dial back and locations a tow operator can find.
 *
 * One schema, its messages in each language (src/i18n/{en,es}/service-request.ts, `validation`): `serviceRequestSchemaFor`
 * builds it with one language's words, and the request names its language (`language`), which the
 * server stores so the owner knows to call back in Spanish.
 */
type ServiceRequestMessages = Dictionary["validation"];

/**
 * True when the database stores the text exactly as typed: PostgreSQL refuses U+0000, a lone UTF-16
 * surrogate (\p{Cs} under the u flag matches only unpaired halves) would be silently replaced, and
 * U+FFFD is what a form's undecodable byte already became on the way in.
 */
export const isStorableText = (value: string) => !value.includes("\u0000") && !/\p{Cs}|\uFFFD/u.test(value);

/** Shorter than this cannot name a place ("x", "I5"). */
export const MIN_LOCATION_CHARS = 3;

export const phoneDigits = (phone: string) => phone.replace(/\D/g, "");
const dialable = (phone: string) => {
  const digits = phoneDigits(phone);
  return digits.length === 10 || (digits.length === 11 && digits.startsWith("1"));
};

export function serviceRequestSchemaFor(
  m: ServiceRequestMessages,
  where: LocationWords["validation"] = locationWords.en.validation,
) {
  /** zod's own "Expected string, received number", in the language's words. */
  const text = () =>
    z.string({
      errorMap: (issue, ctx) =>
        issue.code === "invalid_type"
          ? issue.received === "undefined"
            ? { message: m.required }
            : { message: fill(m.wrongType, { expected: issue.expected, received: issue.received }) }
          : { message: ctx.defaultError },
    });
  const required = text().trim().min(1, { message: m.required });
  const storable = <T extends z.ZodTypeAny>(schema: T) =>
    text().refine(isStorableText, { message: m.unstorable }).pipe(schema);
  const location = storable(
    required.pipe(z.string().min(MIN_LOCATION_CHARS, { message: fill(m.location, { min: MIN_LOCATION_CHARS }) })),
  );
  /**
   * An optional text: left empty (or only spaces), it is absent, and the database stores null. Longer
   * than its limit is refused with the limit named, never cut: the form counts as the driver types.
   */
  const optionalText = (max: number, message: string) =>
    storable(
      text()
        .trim()
        .max(max, { message: fill(message, { max: max.toLocaleString("en-US") }) }),
    )
      .optional()
      .transform((value) => (value ? value : undefined));
  /** The car as the driver describes it. */
  const vehicle = optionalText(MAX_VEHICLE_CHARS, m.vehicle);
  /** Anything the operator should know: the car's state, a gate code. */
  const note = optionalText(MAX_NOTE_CHARS, m.note);

  return z
    .object({
      name: storable(required),
      email: storable(required.email({ message: m.email })),
      phone: storable(required.pipe(z.string().refine(dialable, { message: m.phone }))),
      // One of the specification's names, and one this business offers (business.json's services).
      service: required.pipe(
        z.enum(serviceNames, { message: m.service }).refine((name) => offeredNames.has(name), { message: m.service }),
      ),
      pickupLocation: location,
      dropoffLocation: location,
      vehicle,
      note,
      /** The language of the page the form was sent from; English when a client leaves it out. */
      language: z.enum(locales, { message: m.language }).default("en"),
      /** The phone's position when the driver tapped "Use my location": all absent otherwise. */
      ...locationFieldsFor(where),
    })
    .superRefine((value, ctx) => {
      // A position is whole or absent; the 400 names the part that is missing.
      const missing = missingLocationField(value);
      if (missing) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [missing], message: where.incomplete });
    });
}

/** The schema with each language's messages; the server checks a request with its own language's. */
export const serviceRequestSchemas: Record<Locale, ReturnType<typeof serviceRequestSchemaFor>> = {
  en: serviceRequestSchemaFor(ui.en.validation, locationWords.en.validation),
  es: serviceRequestSchemaFor(ui.es.validation, locationWords.es.validation),
};
export const serviceRequestSchema = serviceRequestSchemas.en;

/** The English messages, as the specification and the tests quote them. */
export const UNSTORABLE_TEXT_MESSAGE = ui.en.validation.unstorable;
export const PHONE_DIGITS_MESSAGE = ui.en.validation.phone;
export const LOCATION_MESSAGE = fill(ui.en.validation.location, { min: MIN_LOCATION_CHARS });
export const VEHICLE_MESSAGE = fill(ui.en.validation.vehicle, { max: MAX_VEHICLE_CHARS });
export const NOTE_MESSAGE = fill(ui.en.validation.note, { max: MAX_NOTE_CHARS.toLocaleString("en-US") });

export type ServiceRequest = z.output<typeof serviceRequestSchema>;
/** What the form holds before validation (the service is any string until it is checked). */
export type ServiceRequestInput = z.input<typeof serviceRequestSchema>;
export type ServiceRequestField = keyof ServiceRequest;
/** The specification's six fields, every one required. */
export type RequiredServiceRequestField = Exclude<ServiceRequestField, "vehicle" | "note" | "language" | LocationField>;
/** The optional parts of the phone's position. */
export const locationFields = ["latitude", "longitude", "accuracy", "fixedAt"] as const;
export type LocationField = (typeof locationFields)[number];

export const serviceRequestFields = Object.keys(serviceRequestSchema.innerType().shape) as ServiceRequestField[];
/** The specification's six fields, which a request cannot leave out or leave blank. */
export const requiredServiceRequestFields = serviceRequestFields.filter(
  (f): f is RequiredServiceRequestField =>
    f !== "vehicle" && f !== "note" && f !== "language" && !(locationFields as readonly string[]).includes(f),
);

export {
  HONEYPOT_FIELD,
  MAX_NOTE_CHARS,
  MAX_VEHICLE_CHARS,
  type ServiceRequestCreated,
  servicesWithoutDropoff,
} from "./service-request-fields";

/** What it answers with 400: one message per invalid field. */
export interface ServiceRequestInvalid extends ApiRefusal {
  fields: Partial<Record<ServiceRequestField, string>>;
}
