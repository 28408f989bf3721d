import { type DeskEvent, type RequestEventKind, statusLabels } from "@/shared/desk-schema";
import type { JobStepName } from "@/shared/partner-schema";

/** The words of a request's history (its timeline on the request page, the Activity page's changes). */

/** The accepted partner's steps in words, as the timeline and the driver's page name them. */
export const stepLabels: Record<JobStepName, string> = {
  accepted: "Accepted",
  on_the_way: "On the way",
  on_scene: "On scene",
  done: "Done",
  not_completed: "Could not complete",
};

/** One line of history, in words. Everything the visitor or a user typed stays text. */
export function describeEvent(event: DeskEvent): string {
  switch (event.kind) {
    case "status":
      return `changed the status from ${event.fromStatus ? statusLabels[event.fromStatus] : "?"} to ${event.toStatus ? statusLabels[event.toStatus] : "?"}`;
    case "note":
      return "added a note";
    case "deleted":
      return `deleted service request #${event.requestId}`;
    case "driver_message":
      return event.note ? "wrote to the driver" : "removed the message to the driver";
    case "location_erased":
      return "erased the driver's GPS position (retention)";
    // Partner events: the actor is the partner's company (or the desk user who offered); the note
    // holds what they said, as text.
    case "offer_sent":
      return `offered the job to ${event.note ?? "a partner"}`;
    case "offer_declined":
      return event.note ? `declined the offer: ${event.note}` : "declined the offer";
    case "offer_expired":
      return "did not answer in time: the offer expired";
    case "offer_accepted":
      return `accepted: about ${event.note ?? "?"} minutes`;
    case "offer_withdrawn":
      return `withdrew the offer to ${event.note ?? "a partner"}`;
    case "no_partner":
      return "no partner took the job: the desk was alerted";
    case "job_progress":
      return `reported: ${stepLabels[event.note as JobStepName] ?? event.note ?? "?"}`;
    case "vehicle":
      return "added the vehicle's details";
    case "caller_place":
      return "typed where they are (on the location link):";
  }
}

/**
 * The kinds whose note describeEvent already says (a partner's company, their reason, their estimate,
 * their step): not repeated under the line. A desk user's note and message are.
 */
export const noteInDescription = new Set<RequestEventKind>([
  "offer_sent",
  "offer_declined",
  "offer_accepted",
  "offer_withdrawn",
  "job_progress",
]);
