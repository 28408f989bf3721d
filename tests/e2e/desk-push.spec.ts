import { expect, test } from "@playwright/test";
import { signInToDesk } from "../support/desk-e2e";
import { validServiceRequest } from "../support/service-request";
import { browserSubscription, type LocalPushService, startPushService } from "../support/web-push";

let push: LocalPushService;
test.beforeAll(async () => {
  push = await startPushService();
});
test.afterAll(async () => {
  await push?.close();
});

/**
 * Web Push from the desk's server to the owner's phone, in two halves joined by the test:
 * - the server: a subscription whose push service is a local HTTP server gets each new request,
 *   encrypted for it (decrypted here as the browser would);
 * - the phone: the desk's service worker shows that very payload as a notification that opens the
 *   request. Chromium delivers it through DevTools: Debian's Chromium has no push service of its own,
 *   so a real subscription cannot be made in it (the switch then says so, as the test checks).
 */
test("a new request reaches a subscribed phone as a notification that opens it", async ({ page, context }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInToDesk(page);
  const origin = new URL(page.url()).origin;

  // The switch is offered, and where this browser cannot subscribe the owner is told why, in words.
  await context.grantPermissions(["notifications"], { origin });
  await page.getByRole("button", { name: "Phone alerts off" }).click();
  await expect(page.getByRole("alert")).toContainText("Phone alerts could not be turned on:");
  await expect(page.getByRole("button", { name: "Phone alerts off" })).toBeEnabled();

  // The server's half: a subscription at the local push service, as the desk's page sends it.
  const phone = browserSubscription(push.endpoint(`phone-${test.info().workerIndex}-${Date.now()}`));
  const { csrfToken } = await (await page.request.get("/api/desk/session")).json();
  const headers = { origin, "x-csrf-token": csrfToken };
  const subscribed = await page.request.post("/api/desk/push-subscriptions", { data: phone.json, headers });
  expect(subscribed.status()).toBe(204);
  try {
    const sent = await page.request.post("/api/contact", {
      data: { ...validServiceRequest, service: "Towing", pickupLocation: "Yosemite Ave, Manteca" },
    });
    const { id } = await sent.json();
    const payloadFor = () =>
      push.messages
        .filter((m) => m.path === new URL(phone.json.endpoint).pathname)
        .map((m) => JSON.parse(phone.decrypt(m.body)) as { title: string })
        .find((p) => p.title === `New request #${id}`);
    await expect.poll(payloadFor, { timeout: 15_000 }).toBeTruthy();

    // The phone's half: the desk's service worker shows that payload.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => registrations.push(...e.registrations));
    await cdp.send("ServiceWorker.enable");
    await page.evaluate(async () => {
      await navigator.serviceWorker.register("/desk-sw.js", { scope: "/desk" });
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${origin}/desk`)).toBeTruthy();
    const registration = registrations.find((r) => r.scopeURL === `${origin}/desk`);
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin,
      registrationId: registration?.registrationId ?? "",
      data: JSON.stringify(payloadFor()),
    });
    const shown = () =>
      page.evaluate(async () => {
        const desk = await navigator.serviceWorker.getRegistration("/desk");
        return (await desk?.getNotifications())?.map((n) => ({ title: n.title, body: n.body, url: n.data?.url })) ?? [];
      });
    await expect
      .poll(shown)
      .toEqual([
        { title: `New request #${id}`, body: "Towing, Yosemite Ave, Manteca", url: `${origin}/desk#/requests/${id}` },
      ]);
  } finally {
    await page.request.delete("/api/desk/push-subscriptions", { data: { endpoint: phone.json.endpoint }, headers });
  }
});
