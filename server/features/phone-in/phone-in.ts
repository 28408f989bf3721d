import type { ZodIssue } from "zod";
import { isLocale, type Locale } from "../../../src/i18n/locales";
import type { Town } from "../../../src/shared/nearest-town";
import { requestPagePath } from "../../../src/shared/request-page";
import {
  type ServiceRequestInvalid,
  serviceRequestFields,
  serviceRequestSchemas,
} from "../../../src/shared/service-request-schema";
import type { Db } from "../../db/client";
import type { AlertChannel } from "../../db/schema";
import { serviceRequestWriter } from "../service-requests/store";

/**
 * A request the owner types in the desk while a driver is on the phone: the public form's schema and
 * fields, stored with source "phone", with the same alerts (other desk users hear of it) and a driver's
 * page like any other. The desk answers in English; the request keeps the caller's language.
 */
export type PhoneInAnswer =
  | { ok: true; id: number; requestPage: string | undefined }
  | { ok: false; invalid: Pick<ServiceRequestInvalid, "error" | "fields"> };

export function phoneInWriter(db: Db, channels: readonly AlertChannel[], towns: readonly Town[]) {
  const store = serviceRequestWriter(db, channels, towns, "phone");
  return async (body: unknown): Promise<PhoneInAnswer> => {
    const language: Locale =
      typeof body === "object" && body !== null && isLocale((body as { language?: unknown }).language)
        ? (body as { language: Locale }).language
        : "en";
    // The owner reads the messages: English, whatever language the caller speaks.
    const parsed = serviceRequestSchemas.en.safeParse(body);
    if (!parsed.success)
      return { ok: false, invalid: { error: "Fix the fields marked.", fields: fieldsOf(parsed.error.issues) } };
    const row = await store({ ...parsed.data, language });
    return { ok: true, id: row.id, requestPage: row.pageToken ? requestPagePath(row.pageToken) : undefined };
  };
}

function fieldsOf(issues: ZodIssue[]): ServiceRequestInvalid["fields"] {
  const fields: ServiceRequestInvalid["fields"] = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (serviceRequestFields as string[]).includes(field)) {
      fields[field as keyof typeof fields] ??= issue.message;
    }
  }
  return fields;
}
