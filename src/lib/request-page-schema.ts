import { z } from "zod";
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from "./contact-schema";
import { MAX_CANCEL_REASON_LENGTH } from "./request-page";

export const CANCEL_REASON_MESSAGE = `Keep the reason to ${MAX_CANCEL_REASON_LENGTH} characters`;

/**
 * "I no longer need help": an optional reason, as typed. Empty or only spaces is no reason. The page's
 * field has the same limit (maxLength), so only a hand-made request meets this schema's refusal.
 */
export const cancelRequestSchema = z.object({
  reason: z
    .string()
    .refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE })
    .pipe(z.string().trim().max(MAX_CANCEL_REASON_LENGTH, { message: CANCEL_REASON_MESSAGE }))
    .optional()
    .transform((value) => (value ? value : undefined)),
});
