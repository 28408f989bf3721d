import type { ZodIssue } from "zod";
import { isLocale, type Locale } from "../../../src/i18n/locales";
import { type ContactInvalid, contactFields, contactRequestSchemas } from "../../../src/lib/contact-schema";
import { requestPagePath } from "../../../src/lib/request-page";
import type { Town } from "../../../src/shared/nearest-town";
import type { Db } from "../../db/client";
import { contactRequestWriter } from "../../db/contact-requests";
import type { AlertChannel } from "../../db/schema";

/**
 * A request the owner types in the desk while a driver is on the phone: the public form's schema and
 * fields, stored with source "phone", with the same alerts (other desk users hear of it) and a driver's
 * page like any other. The desk answers in English; the request keeps the caller's language.
 */
export type PhoneInAnswer =
  | { ok: true; id: number; requestPage: string | undefined }
  | { ok: false; invalid: Pick<ContactInvalid, "error" | "fields"> };

export function phoneInWriter(db: Db, channels: readonly AlertChannel[], towns: readonly Town[]) {
  const store = contactRequestWriter(db, channels, towns, "phone");
  return async (body: unknown): Promise<PhoneInAnswer> => {
    const language: Locale =
      typeof body === "object" && body !== null && isLocale((body as { language?: unknown }).language)
        ? (body as { language: Locale }).language
        : "en";
    // The owner reads the messages: English, whatever language the caller speaks.
    const parsed = contactRequestSchemas.en.safeParse(body);
    if (!parsed.success)
      return { ok: false, invalid: { error: "Fix the fields marked.", fields: fieldsOf(parsed.error.issues) } };
    const row = await store({ ...parsed.data, language });
    return { ok: true, id: row.id, requestPage: row.pageToken ? requestPagePath(row.pageToken) : undefined };
  };
}

function fieldsOf(issues: ZodIssue[]): ContactInvalid["fields"] {
  const fields: ContactInvalid["fields"] = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (contactFields as string[]).includes(field)) {
      fields[field as keyof typeof fields] ??= issue.message;
    }
  }
  return fields;
}
