import { z } from "zod";

/**
 * A route's body schema that takes a missing body as an empty one: a form or a fetch that sends no
 * body (a cancel without a reason, a decline without one) is read as `{}`, and the schema says the
 * rest (which field is missing). Fastify hands a missing body to the schema as undefined or null.
 */
export const orEmpty = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((body) => body ?? {}, schema);
