import { z } from "zod";

/**
 * A short visible FAQ, drawn from what the page already says. Shown as text only: Google no longer
 * shows FAQ rich results, so there is no FAQPage markup.
 */
export const faqSchema = z
  .array(
    z.object({ question: z.string().min(10).max(140).endsWith("?"), answer: z.string().min(20).max(400) }).strict(),
  )
  .min(4)
  .max(6);
