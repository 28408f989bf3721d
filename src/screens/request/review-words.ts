import type { Dictionary } from "@/i18n/ui";

/** The review island's words in the request's language; the two that name the phone come filled in. */
export type RequestReviewStrings = Omit<Dictionary["reviews"], "email" | "carousel" | "notDone" | "closed"> & {
  failed: string;
};

/** The dictionary's fill, here so that the island does not load the dictionary. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
