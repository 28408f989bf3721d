import { QueryClientProvider, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Activity, ChartColumn, Handshake, Inbox as InboxIcon, LogOut, Star } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { useCallback, useEffect, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { ErrorAlert } from "@/components/ui/error-alert";
import { HeaderControl } from "@/components/ui/header-control";
import { newCountLabel } from "@/shared/desk-schema";
import { ActivityPage } from "./ActivityPage";
import { DeskRequestPage } from "./DeskRequestPage";
import { SIGNED_IN_HINT_KEY, writeStoredFlag } from "./desk-preferences";
import { Inbox, type InboxState } from "./Inbox";
import { NewRequestBanner, SoundSwitch, useLatestRequests } from "./NewRequestBanner";
import { NumbersPage } from "./NumbersPage";
import { PartnerForm } from "./PartnerForm";
import { PartnersPage } from "./PartnersPage";
import { PhoneInForm } from "./PhoneInForm";
import { PushSwitch, stopPhoneAlerts } from "./PushSwitch";
import { createDeskQueryClient, deskSend, fetchSession, SESSION_KEY, type SessionState } from "./query-client";
import { ReportPage } from "./ReportPage";
import { ReviewsPage } from "./ReviewsPage";
import { SignInForm } from "./SignInForm";
import { type DeskRoute, hrefFor, useHashRoute } from "./use-hash-route";

/**
 * The owner's desk: one island behind /desk. Signed out it is the sign-in form; signed in, the inbox.
 * `towns` are the towns served (the area pages, read by the build): where partners work, and the
 * choices when a job has no nearest town.
 */
export function DeskApp({ towns = [] }: { towns?: readonly string[] }) {
  const [client] = useState(createDeskQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Desk towns={towns} />
    </QueryClientProvider>
  );
}

function Desk({ towns }: { towns: readonly string[] }) {
  const session = useQuery<SessionState>({ queryKey: SESSION_KEY, queryFn: fetchSession });
  const signedIn = session.data?.signedIn;
  useEffect(() => {
    if (signedIn !== undefined) writeStoredFlag(SIGNED_IN_HINT_KEY, signedIn);
  }, [signedIn]);
  // The pre-rendered page is this first render: the sign-in form is in the HTML the server sends.
  if (session.isPending) return <SignInForm checking />;
  if (session.isError) {
    return (
      <ErrorAlert className="m-6">
        The desk could not reach the server ({session.error.message.slice(0, 120)}). Reload the page to try again.
      </ErrorAlert>
    );
  }
  if (!session.data.signedIn) return <SignInForm />;
  return <SignedInDesk email={session.data.session.user.email} towns={towns} />;
}

// On a phone (below sm) a link is its icon, 40 px wide, so all five and the three controls fit one row
// of a 360 px screen; its words stay its accessible name (sr-only) and show from sm up.
const navLink = (active: boolean) =>
  cn(
    "relative inline-flex min-h-11 items-center justify-center rounded-md px-3 font-semibold max-sm:min-w-10 max-sm:px-0",
    active ? "bg-white text-ink" : "text-white hover:bg-slate-700",
  );

/** A nav link's icon (phones only) and its words (shown from sm, the accessible name always). */
function NavLabel({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <>
      <span aria-hidden="true" className="sm:hidden [&_svg]:size-5">
        {icon}
      </span>
      <span className="max-sm:sr-only">{children}</span>
    </>
  );
}

/** The views under each nav link: Partners covers a partner's form and the report too. */
const partnerViews = new Set<DeskRoute["view"]>(["partners", "partner", "report"]);

/** The desk's nav: Inbox (with the count of new requests), Activity, Partners, Reviews and Numbers. */
function DeskNav({ route, inboxRoute, newCount }: { route: DeskRoute; inboxRoute: DeskRoute; newCount: number }) {
  const inInbox =
    route.view !== "activity" && route.view !== "reviews" && route.view !== "numbers" && !partnerViews.has(route.view);
  return (
    <nav aria-label="Desk" className="flex flex-wrap items-center gap-1 max-sm:gap-0">
      <a href={hrefFor(inboxRoute)} className={navLink(inInbox)}>
        <NavLabel icon={<InboxIcon />}>Inbox</NavLabel>
        {newCount > 0 && (
          // On a phone the count sits on the icon's corner, taking no width of the row.
          <span
            className="ml-1.5 rounded-full bg-brand-500 px-2 text-sm font-bold text-ink max-sm:absolute max-sm:-top-0.5 max-sm:-right-1 max-sm:ml-0 max-sm:px-1 max-sm:text-xs"
            data-testid="new-badge"
          >
            {newCountLabel(newCount)}
            <span className="sr-only"> new</span>
          </span>
        )}
      </a>
      <a href={hrefFor({ view: "activity" })} className={navLink(route.view === "activity")}>
        <NavLabel icon={<Activity />}>Activity</NavLabel>
      </a>
      <a href={hrefFor({ view: "partners" })} className={navLink(partnerViews.has(route.view))}>
        <NavLabel icon={<Handshake />}>Partners</NavLabel>
      </a>
      <a href={hrefFor({ view: "reviews" })} className={navLink(route.view === "reviews")}>
        <NavLabel icon={<Star />}>Reviews</NavLabel>
      </a>
      <a href={hrefFor({ view: "numbers" })} className={navLink(route.view === "numbers")}>
        <NavLabel icon={<ChartColumn />}>Numbers</NavLabel>
      </a>
    </nav>
  );
}

/** Signing out; signed out, this phone is no longer the owner's desk: its alerts stop too (if that fails, sign out anyway). */
function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await stopPhoneAlerts(client).catch((error: unknown) => console.error("Phone alerts: could not stop", error));
      return deskSend(client, "POST", "/api/desk/sign-out");
    },
    onSettled: async () => {
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
      await client.invalidateQueries({ queryKey: SESSION_KEY });
      window.history.replaceState(null, "", "/desk");
      document.title = "Desk";
    },
  });
}

/** The header's band: the new-request banner, the nav, the owner's address, alerts, sound and sign-out. */
function DeskHeader({ email, nav }: { email: string; nav: ReactNode }) {
  const signOut = useSignOut();
  return (
    <header className="sticky top-0 z-30 bg-ink text-white">
      <NewRequestBanner />
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-1 px-2 py-2 max-sm:gap-0 max-sm:px-1 max-sm:py-1 sm:px-4">
        {nav}
        <div className="flex flex-wrap items-center justify-end gap-1 max-sm:gap-0">
          <span className="hidden text-sm text-slate-300 sm:inline">{email}</span>
          <PushSwitch />
          <SoundSwitch />
          {/* A quiet control: the owner's work is the requests, not leaving. */}
          <HeaderControl icon={<LogOut />} onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign out
          </HeaderControl>
        </div>
      </div>
    </header>
  );
}

/**
 * A new view is a new page to a screen reader: focus moves to its heading. A request or the activity
 * opens at its top; the inbox is put back where it was (Inbox), which the focus must not undo. The
 * notices said on a view go with the next one.
 */
function useViewChange(
  route: DeskRoute,
  main: RefObject<HTMLElement | null>,
  clear: (view: DeskRoute["view"]) => void,
) {
  const first = useRef(true);
  useEffect(() => {
    clear(route.view);
    if (route.view !== "inbox" && !first.current) window.scrollTo(0, 0);
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>("h1")?.focus({ preventScroll: true });
  }, [route, main, clear]);
  // The inbox puts its own scroll position back when the owner returns from a request.
  useEffect(() => {
    window.history.scrollRestoration = "manual";
  }, []);
}

const go = (next: DeskRoute) => {
  window.location.hash = hrefFor(next);
};

/** The view the address names, with the notices said on it. */
function DeskView({
  route,
  inboxRoute,
  towns,
  notices,
}: {
  route: DeskRoute;
  inboxRoute: DeskRoute;
  towns: readonly string[];
  notices: { partner: string; onDeleted: (id: number) => void; onPartnerSaved: (message: string) => void };
}) {
  const inbox: InboxState =
    inboxRoute.view === "inbox"
      ? { filter: inboxRoute.filter ?? {}, page: inboxRoute.page ?? 1 }
      : { filter: {}, page: 1 };
  switch (route.view) {
    case "inbox":
      return <Inbox state={inbox} onChange={(next) => go({ view: "inbox", ...next })} />;
    case "request":
      return (
        <DeskRequestPage
          key={route.id}
          id={route.id}
          inboxHref={hrefFor(inboxRoute)}
          towns={towns}
          onDeleted={notices.onDeleted}
        />
      );
    case "activity":
      return <ActivityPage />;
    case "reviews":
      return <ReviewsPage />;
    case "numbers":
      return <NumbersPage />;
    case "new":
      return <PhoneInForm />;
    case "partners":
      return <PartnersPage notice={notices.partner} />;
    case "partner":
      return <PartnerForm key={route.id} id={route.id} towns={towns} onSaved={notices.onPartnerSaved} />;
    case "report":
      return <ReportPage key={hrefFor(route)} period={route.period} />;
    default:
      return null;
  }
}

function SignedInDesk({ email, towns }: { email: string; towns: readonly string[] }) {
  const route = useHashRoute();
  // The inbox as last seen (its filters and page are in its address): where "Inbox" leads back to.
  const lastInbox = useRef<DeskRoute>({ view: "inbox" });
  if (route.view === "inbox") lastInbox.current = route;
  const inboxRoute = lastInbox.current;
  const latest = useLatestRequests();
  const [notice, setNotice] = useState("");
  const [partnerNotice, setPartnerNotice] = useState("");
  const main = useRef<HTMLElement>(null);
  const clearNotices = useCallback((view: DeskRoute["view"]) => {
    // A partner saved: said on the partners list it leads back to, gone with the next view.
    if (view !== "partners") setPartnerNotice("");
    if (view !== "inbox") setNotice("");
  }, []);
  useViewChange(route, main, clearNotices);
  const notices = {
    partner: partnerNotice,
    onDeleted: (id: number) => {
      setNotice(`Service request #${id} was deleted.`);
      go({ view: "inbox" });
    },
    onPartnerSaved: (message: string) => {
      setPartnerNotice(message);
      go({ view: "partners" });
    },
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <DeskHeader
        email={email}
        nav={<DeskNav route={route} inboxRoute={inboxRoute} newCount={latest.data?.newCount ?? 0} />}
      />
      <main ref={main} id="main-content" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6">
        {notice && (
          <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">
            {notice}
          </p>
        )}
        <DeskView route={route} inboxRoute={inboxRoute} towns={towns} notices={notices} />
      </main>
    </div>
  );
}
