// The desk's service worker (scope /desk): shows the Web Push alert of a new service request and
// opens that request on a tap. It caches nothing; the desk works as before without it.

/** Only a path of this site's desk is ever opened, whatever a payload says. */
function deskUrl(value) {
  try {
    const url = new URL(String(value), self.location.origin);
    if (url.origin === self.location.origin && url.pathname === "/desk") return url.href;
  } catch {}
  return new URL("/desk", self.location.origin).href;
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {}
  const title = typeof data.title === "string" ? data.title : "New service request";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      tag: typeof data.tag === "string" ? data.tag : undefined,
      icon: "/favicon.svg",
      requireInteraction: true,
      data: { url: deskUrl(data.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = deskUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const desk = open.find((client) => new URL(client.url).pathname === "/desk");
      if (desk) {
        await desk.focus();
        await desk.navigate(url).catch(() => self.clients.openWindow(url));
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
