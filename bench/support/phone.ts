import type { Browser, BrowserContext, Page } from "@playwright/test";

/** A phone's screen, as the benches emulate it. */
export const PHONE_CONTEXT = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/**
 * A new page in a fresh phone context with a mid-range phone's CPU (4x slower) and a weak mobile link
 * (1.6 Mbps down, 750 kbps up, 300 ms round trip): what a driver at the roadside has.
 */
export async function throttledPhonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE_CONTEXT);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 300,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  return { context, page };
}
