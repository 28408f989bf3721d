import { QueryClientProvider, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { cn } from "@/lib/utils";
import { ActivityPage } from "./ActivityPage";
import { Inbox, type InboxState } from "./Inbox";
import { createDeskQueryClient, deskSend, fetchSession, SESSION_KEY, type SessionState } from "./query-client";
import { RequestPage } from "./RequestPage";
import { SignInForm } from "./SignInForm";
import { type DeskRoute, hrefFor, useHashRoute } from "./use-hash-route";

/** The owner's desk: one island behind /desk. Signed out it is the sign-in form; signed in, the inbox. */
export function DeskApp() {
  const [client] = useState(createDeskQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Desk />
    </QueryClientProvider>
  );
}

function Desk() {
  const session = useQuery<SessionState>({ queryKey: SESSION_KEY, queryFn: fetchSession });
  if (session.isPending) {
    return <p className="p-6 text-slate-600">Loading the desk…</p>;
  }
  if (session.isError) {
    return (
      <p role="alert" className="m-6 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800">
        The desk could not reach the server ({session.error.message.slice(0, 120)}). Reload the page to try again.
      </p>
    );
  }
  if (!session.data.signedIn) return <SignInForm />;
  return <SignedInDesk email={session.data.session.user.email} />;
}

const navLink = (active: boolean) =>
  cn(
    "inline-flex min-h-11 items-center rounded-md px-3 font-semibold",
    active ? "bg-white text-ink" : "text-white hover:bg-slate-700",
  );

function SignedInDesk({ email }: { email: string }) {
  const client = useQueryClient();
  const route = useHashRoute();
  const [inbox, setInbox] = useState<InboxState>({ filter: {}, page: 1 });
  const [notice, setNotice] = useState("");
  const main = useRef<HTMLElement>(null);

  const signOut = useMutation({
    mutationFn: () => deskSend(client, "POST", "/api/desk/sign-out"),
    onSettled: async () => {
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
      await client.invalidateQueries({ queryKey: SESSION_KEY });
      window.history.replaceState(null, "", "/desk");
      document.title = "Desk";
    },
  });

  // A new view is a new page to a screen reader: move focus to its heading.
  const first = useRef(true);
  useEffect(() => {
    if (route.view !== "inbox") setNotice("");
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>("h1")?.focus();
  }, [route]);

  const go = (next: DeskRoute) => {
    window.location.hash = hrefFor(next);
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 bg-ink text-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-2">
          <nav aria-label="Desk" className="flex items-center gap-1">
            <a href={hrefFor({ view: "inbox" })} className={navLink(route.view !== "activity")}>
              Inbox
            </a>
            <a href={hrefFor({ view: "activity" })} className={navLink(route.view === "activity")}>
              Activity
            </a>
          </nav>
          <div className="flex items-center gap-2">
            <span className="hidden text-sm text-slate-300 sm:inline">{email}</span>
            {/* A quiet control: the owner's work is the requests, not leaving. */}
            <button
              type="button"
              onClick={() => signOut.mutate()}
              disabled={signOut.isPending}
              className="min-h-11 rounded-md px-3 text-sm text-slate-300 underline-offset-2 hover:text-white hover:underline"
            >
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main ref={main} id="main-content" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6">
        {notice && (
          <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">
            {notice}
          </p>
        )}
        {route.view === "inbox" && <Inbox state={inbox} onChange={setInbox} />}
        {route.view === "request" && (
          <RequestPage
            key={route.id}
            id={route.id}
            onDeleted={(id) => {
              setNotice(`Service request #${id} was deleted.`);
              go({ view: "inbox" });
            }}
          />
        )}
        {route.view === "activity" && <ActivityPage />}
      </main>
    </div>
  );
}
