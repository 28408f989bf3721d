import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { BellOff, BellRing } from "lucide-react";
import { useEffect, useState } from "react";
import { HeaderControl } from "@/components/ui/header-control";
import type { DeskPushState } from "@/shared/desk-schema";
import { deskSend, errorText } from "./query-client";

const PUSH_KEY = ["/api/desk/push"] as const;
/** The desk's service worker (public/desk-sw.js): shows the pushed alerts, opens the request on a tap. */
const WORKER_URL = "/desk-sw.js";
const WORKER_SCOPE = "/desk";

type PushState = "off" | "on" | "working";

const pushSupported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(WORKER_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** This browser gets no more pushes: the server forgets it, and the browser drops the subscription. */
export async function stopPhoneAlerts(client: QueryClient): Promise<void> {
  if (!pushSupported()) return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  await deskSend(client, "DELETE", "/api/desk/push-subscriptions", { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

/**
 * "Phone alerts": Web Push of every new request to this browser, even with the desk closed. Shown
 * only where the browser can do it and the server has VAPID keys. Turning it on asks the browser's
 * permission, registers the desk's service worker and gives the server the subscription.
 */
export function PushSwitch() {
  const client = useQueryClient();
  const config = useQuery<DeskPushState>({ queryKey: PUSH_KEY, enabled: pushSupported() });
  const publicKey = config.data?.publicKey ?? null;
  const [state, setState] = useState<PushState>("off");
  const [problem, setProblem] = useState("");

  // A browser subscribed before: say so, and make sure the server still has it (it forgets gone ones).
  useEffect(() => {
    if (!publicKey) return;
    let current = true;
    currentSubscription()
      .then(async (subscription) => {
        if (!subscription || !current) return;
        setState("on");
        await deskSend(client, "POST", "/api/desk/push-subscriptions", subscription.toJSON());
      })
      .catch((error: unknown) => console.error("Phone alerts: could not check this browser's subscription", error));
    return () => {
      current = false;
    };
  }, [client, publicKey]);

  if (!publicKey) return null;

  const turnOn = async () => {
    if ((await Notification.requestPermission()) !== "granted") {
      throw new Error("This browser does not allow notifications from the desk. Allow them in its site settings.");
    }
    await navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE });
    const registration = await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
    await deskSend(client, "POST", "/api/desk/push-subscriptions", subscription.toJSON());
  };
  const turnOff = () => stopPhoneAlerts(client);

  const toggle = async () => {
    const wasOn = state === "on";
    setState("working");
    setProblem("");
    try {
      await (wasOn ? turnOff() : turnOn());
      setState(wasOn ? "off" : "on");
    } catch (error) {
      setState(wasOn ? "on" : "off");
      setProblem(`Phone alerts could not be turned ${wasOn ? "off" : "on"}: ${errorText(error)}`);
    }
  };

  return (
    <>
      <HeaderControl
        icon={state === "on" ? <BellRing /> : <BellOff />}
        aria-pressed={state === "on"}
        disabled={state === "working"}
        onClick={() => void toggle()}
        data-testid="push-switch"
      >
        Phone alerts {state === "on" ? "on" : "off"}
      </HeaderControl>
      {problem && (
        <p role="alert" className="basis-full rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
    </>
  );
}
