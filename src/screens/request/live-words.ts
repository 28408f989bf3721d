import type { Dictionary } from "@/i18n/ui";

/**
 * The island's words in the request's language, from the dictionary; the three that name the phone come
 * filled in, so the island never loads the dictionary itself.
 */
export type RequestLiveStrings = Pick<
  Dictionary["requestPage"],
  | "statusHeading"
  | "statuses"
  | "hints"
  | "messageHeading"
  | "partner"
  | "cancelSummary"
  | "cancelExplained"
  | "reasonLabel"
  | "cancelButton"
  | "cancelling"
  | "cancelledOn"
  | "gone"
  | "stopped"
  | "reload"
  | "toSeeLatest"
> & { call: string; notCancelled: string; offline: string };
