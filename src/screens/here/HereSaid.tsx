import type { LocationWords } from "@/i18n/location";

/** What the page says above the form after a post without JavaScript: sent, or why not. */
export type HereSaidState = { sent: true } | { problem: string } | undefined;

/**
 * The caller's location page's answer to a place posted without JavaScript, rendered by the server into
 * the page's slot (server/features/here/page.tsx): sent and what happens next, or why not.
 */
export function HereSaid({ said, words: t }: { said: HereSaidState; words: LocationWords["here"] }) {
  if (!said) return null;
  if ("sent" in said) {
    return (
      <div data-testid="here-said" role="status" className="space-y-2 text-lg font-semibold text-ink">
        <p>{t.placeSent}</p>
        <p className="font-normal">{t.next}</p>
      </div>
    );
  }
  return (
    <div
      data-testid="here-said"
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800"
    >
      <p className="font-semibold">{t.notSent}</p>
      <p>{said.problem}</p>
    </div>
  );
}
