import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { Town } from "../../../src/shared/nearest-town";
import { requestPagePath } from "../../../src/shared/request-page";
import {
  type ServiceRequest,
  type ServiceRequestInvalid,
  serviceRequestFields,
} from "../../../src/shared/service-request-schema";
import type { Db } from "../../db/client";
import type { AlertChannel } from "../../db/schema";
import { fieldMessages, zodIssuesOf } from "../../shared/schema-errors";
import { serviceRequestWriter } from "../service-requests/store";

/**
 * A request the owner types in the desk while a driver is on the phone: the public form's schema and
 * fields (checked by the route's schema, in English: the owner reads the messages), stored with source
 * "phone", with the same alerts (other desk users hear of it) and a driver's page like any other. The
 * request keeps the caller's language.
 */
export function phoneInWriter(db: Db, channels: readonly AlertChannel[], towns: readonly Town[]) {
  const store = serviceRequestWriter(db, channels, towns, "phone");
  return async (request: ServiceRequest): Promise<{ id: number; requestPage: string | undefined }> => {
    const row = await store(request);
    return { id: row.id, requestPage: row.pageToken ? requestPagePath(row.pageToken) : undefined };
  };
}

/** A phone-in the schema refused: 400 with a message per field the form shows. */
export function phoneInRefusal(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const issues = zodIssuesOf(error);
  if (!issues) throw error;
  const fields = fieldMessages(issues, serviceRequestFields);
  return reply
    .code(400)
    .send({ error: "Fix the fields marked.", fields } satisfies Pick<ServiceRequestInvalid, "error" | "fields">);
}
