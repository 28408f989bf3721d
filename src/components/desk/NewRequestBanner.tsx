import { useQuery } from "@tanstack/react-query";
import { Volume2, VolumeX, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { HeaderControl } from "@/components/ui/header-control";
import type { InboxPage, InboxRow } from "@/shared/desk-schema";
import { readStoredFlag, writeStoredFlag } from "./desk-preferences";
import { wasTypedHere } from "./typed-here";
import { hrefFor } from "./use-hash-route";

/** How often every desk screen asks for new requests (the inbox's own list shares this query). */
export const INBOX_POLL_MS = 15_000;
/** The newest requests, unfiltered: the same query as the inbox's first page, so it costs no second fetch there. */
const LATEST_REQUESTS_KEY = ["/api/desk/requests"] as const;

/**
 * The newest requests, asked for every 15 s on every screen, in a background tab too. Polling (not
 * server-sent events): one indexed query, through any proxy and on every server of a cluster, and 15 s
 * is well inside a dispatcher's reaction time.
 */
export function useLatestRequests() {
  return useQuery<InboxPage>({
    queryKey: LATEST_REQUESTS_KEY,
    refetchInterval: INBOX_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}

const SOUND_KEY = "desk-new-request-sound";
let audio: AudioContext | undefined;

/** A short tone, once the page has its audio (see useAudioOnFirstGesture). */
function chime() {
  if (!audio) return;
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.frequency.value = 880;
  gain.gain.value = 0.15;
  tone.connect(gain).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.35);
}

/**
 * Makes or wakes the page's audio; true once it plays. Browsers let a page start audio only inside a
 * user's gesture, so this is called from one (the switch, or the first tap or key in the desk).
 */
async function wakeAudio(): Promise<boolean> {
  audio ??= new AudioContext();
  await audio.resume().catch(() => {});
  return audio.state === "running";
}

/**
 * The switch remembers "on" across reloads, but a reloaded page has no audio until the owner's next
 * gesture: the first one anywhere in the desk wakes it, so the next new request is heard. pointerup is
 * listened to beside pointerdown because on a touch screen only the lifting finger counts as a gesture.
 */
function useAudioOnFirstGesture(on: boolean) {
  useEffect(() => {
    if (!on || audio?.state === "running") return;
    const events = ["pointerdown", "pointerup", "keydown"] as const;
    const stop = () => {
      for (const type of events) document.removeEventListener(type, wake, true);
    };
    const wake = () => {
      void wakeAudio().then((running) => running && stop());
    };
    for (const type of events) document.addEventListener(type, wake, true);
    return stop;
  }, [on]);
}

/** The optional sound for a new request: off by default, remembered on this device. */
export function SoundSwitch() {
  const [on, setOn] = useState(() => readStoredFlag(SOUND_KEY));
  useAudioOnFirstGesture(on);
  return (
    <HeaderControl
      icon={on ? <Volume2 /> : <VolumeX />}
      aria-pressed={on}
      onClick={() => {
        const next = !on;
        setOn(next);
        writeStoredFlag(SOUND_KEY, next);
        if (next) void wakeAudio();
      }}
      data-testid="sound-switch"
    >
      Sound {on ? "on" : "off"}
    </HeaderControl>
  );
}

/**
 * "New request #57 — Towing, Oakdale Springs" at the top of every desk screen once one arrives, opening it;
 * dismissable. What was already there when the desk opened is not news: the inbox lists it; nor is a
 * request the owner just typed in here themselves (typed-here.ts).
 */
export function NewRequestBanner() {
  const latest = useLatestRequests();
  const seen = useRef<number | null>(null);
  const [arrived, setArrived] = useState<InboxRow | null>(null);

  useEffect(() => {
    const items = latest.data?.items;
    if (!items) return;
    const newest = Math.max(0, ...items.map((r) => r.id));
    if (seen.current === null) {
      seen.current = newest;
      return;
    }
    const fresh = items.filter((r) => r.id > (seen.current ?? 0) && r.status === "new" && !wasTypedHere(r.id));
    seen.current = Math.max(seen.current, newest);
    const first = fresh[0];
    if (first) {
      setArrived(first);
      if (readStoredFlag(SOUND_KEY)) chime();
    }
  }, [latest.data]);

  if (!arrived) return null;
  return (
    <div
      role="status"
      className="flex items-center gap-2 bg-brand-500 px-4 py-1 text-ink max-sm:py-0 max-sm:pr-0 max-sm:pl-2"
      data-testid="new-request-banner"
    >
      <a
        href={hrefFor({ view: "request", id: arrived.id })}
        onClick={() => setArrived(null)}
        className="flex min-h-11 min-w-0 flex-1 items-center font-bold underline underline-offset-2"
      >
        <span className="truncate">
          New request #{arrived.id} — {arrived.service}, {arrived.pickupLocation}
        </span>
      </a>
      <button
        type="button"
        onClick={() => setArrived(null)}
        className="grid size-11 shrink-0 place-items-center rounded-md hover:bg-brand-400"
        aria-label="Dismiss"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}
