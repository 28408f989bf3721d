import { ErrorAlert } from "@/components/ui/error-alert";
import type { DeskAlertChannel } from "@/shared/desk-schema";

/** What to tell the owner when a channel's alerts wait with no server able to send them, and what to set. */
const waitingWords: Record<DeskAlertChannel, string> = {
  email: "E-mail alerts are waiting: no server can send e-mail (SMTP not configured).",
  webhook:
    "Webhook alerts are waiting: no server can post the owner's webhook (LEAD_ALERT_WEBHOOK_URL not configured).",
  push: "Phone alerts are waiting: no server can send Web Push (WEB_PUSH keys not configured).",
};

/**
 * The alerts nobody will send until a server with the channel runs: drivers' confirmations, partners'
 * offers and the owner's own alerts would otherwise wait in silence.
 */
export function AlertsWithoutSender({ channels }: { channels: readonly DeskAlertChannel[] }) {
  if (channels.length === 0) return null;
  return (
    <ErrorAlert className="text-sm">
      {channels.map((channel) => (
        <span key={channel} className="block">
          {waitingWords[channel]}
        </span>
      ))}
    </ErrorAlert>
  );
}
