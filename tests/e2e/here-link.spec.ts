import { expect, test } from "@playwright/test";
import { signInToDesk } from "../support/desk-e2e";

const LODI = { latitude: 38.1302, longitude: -121.2724, accuracy: 12 };

test('"Ask for the location": the caller\'s one tap on /here puts the fix on the open desk page, without a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const name = `Here Caller ${Date.now().toString(36)}`;
  const sent = await request.post("/api/contact", {
    data: {
      name,
      email: "here.caller@example.com",
      phone: "(209) 555-0188",
      service: "Towing",
      pickupLocation: "somewhere on I-5, past an exit",
      dropoffLocation: "2100 Pacific Ave, Stockton",
      language: "es",
    },
  });
  expect(sent.status()).toBe(201);
  const id = (await sent.json()).id as number;

  // The owner's desk, on a phone.
  const deskContext = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const desk = await deskContext.newPage();
  await signInToDesk(desk);
  await desk.goto(`/desk#/requests/${id}`);
  await expect(desk.getByRole("heading", { level: 1, name: `Service request #${id}` })).toBeVisible();
  await expect(desk.getByTestId("driver-location")).toHaveCount(0);

  const ask = desk.getByTestId("ask-for-location");
  await ask.getByRole("button", { name: "Ask for the location" }).click();
  // The text is in the caller's language (Spanish), ready to send from the owner's own phone.
  const text = (await ask.getByTestId("here-text").textContent()) ?? "";
  expect(text).toMatch(
    /^Stockton 24\/7 Towing: toque este enlace para enviarnos su ubicación: http:\/\/\S+\/here\/[A-Za-z0-9_-]{43}$/,
  );
  const url = text.slice(text.lastIndexOf(" ") + 1);
  await expect(ask.getByTestId("here-sms")).toHaveAttribute("href", `sms:2095550188?&body=${encodeURIComponent(text)}`);

  // The caller opens it on their phone and taps once.
  const callerContext = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    geolocation: LODI,
    permissions: ["geolocation"],
  });
  const caller = await callerContext.newPage();
  await caller.goto(url);
  await expect(caller.locator("html")).toHaveAttribute("lang", "es-US");
  await caller.getByRole("button", { name: "Enviar mi ubicación" }).click();
  await expect(caller.getByRole("status")).toContainText("Enviada. Nuestro despachador puede ver dónde está.");

  // The open desk page shows it by itself (it reads the request again every 15 s).
  await expect(desk.getByTestId("nearest-town")).toHaveText(
    "Nearest town: Lodi, 0.8 km from its center · inside the service area",
    { timeout: 20_000 },
  );
  await expect(desk.getByTestId("geo-link")).toHaveAttribute("href", "geo:38.1302,-121.2724");
  await callerContext.close();
  await deskContext.close();
});

test('"Send my location again" on the driver\'s page: the desk shows the new fix, with the first in its history', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const sent = await request.post("/api/contact", {
    data: {
      name: `Again Driver ${Date.now().toString(36)}`,
      email: "again.driver@example.com",
      phone: "(209) 555-0187",
      service: "Jump Start",
      pickupLocation: "Near Lodi · position sent from my phone (±12 m)",
      dropoffLocation: "Same place",
      ...LODI,
    },
  });
  expect(sent.status()).toBe(201);
  const { id, requestPage } = (await sent.json()) as { id: number; requestPage: string };

  // The driver walked to Manteca's side of the road and sends again.
  const driverContext = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    geolocation: { latitude: 37.8028, longitude: -121.2208, accuracy: 9 },
    permissions: ["geolocation"],
  });
  const driver = await driverContext.newPage();
  await driver.goto(requestPage);
  const again = driver.getByTestId("send-location-again");
  await expect(again.getByRole("link", { name: "Privacy notice" })).toHaveAttribute("href", "/privacy");
  await again.getByRole("button", { name: "Send my location again" }).click();
  await expect(driver.getByTestId("send-again-status")).toHaveText("Sent. Our dispatcher can see your new position.");
  await driverContext.close();

  const deskContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const desk = await deskContext.newPage();
  await signInToDesk(desk);
  await desk.goto(`/desk#/requests/${id}`);
  await expect(desk.getByTestId("nearest-town")).toHaveText(
    "Nearest town: Manteca, 0 km from its center · inside the service area",
  );
  await expect(desk.getByTestId("earlier-locations")).toContainText("38.1302, -121.2724 (±12 m), near Lodi");
  await deskContext.close();
});
