import type { FastifyError } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ZodIssue, ZodTypeAny } from "zod";

/**
 * The zod issues of a request a route's schema refused (fastify-type-provider-zod's validation
 * error), or undefined for any other error. Each feature's error handler says them its own way.
 */
export function zodIssuesOf(error: FastifyError | Error): ZodIssue[] | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  return error.validation.map((item) => item.params.issue as ZodIssue);
}

/** The first issue as the desk's 400 says it: the field, then what to do. */
export function firstIssue(issues: readonly ZodIssue[]): string {
  const issue = issues[0];
  return issue ? `${issue.path.join(".") || "request"}: ${issue.message}` : "The request is not valid.";
}

/** The first message per field, for the fields a form shows (others are left out). */
export function fieldMessages<F extends string>(
  issues: readonly ZodIssue[],
  fields: readonly F[],
): Partial<Record<F, string>> {
  const messages: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (fields as readonly string[]).includes(field))
      messages[field as F] ??= issue.message;
  }
  return messages;
}

/**
 * A route's schema is declared once, in English; a refused request is said in its own language by the
 * same rules with that language's words (the shared schemas are built per language). Only a refused
 * request is read twice, and never a valid one.
 */
export function issuesInLanguage(schema: ZodTypeAny, data: unknown, englishIssues: ZodIssue[]): ZodIssue[] {
  const checked = schema.safeParse(data);
  return checked.success ? englishIssues : checked.error.issues;
}
