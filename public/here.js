// The /here/{token} page's one button (server/features/here/page.ts): reads the phone's position and
// sends it to the request. Every message is the page's own (data attributes), shown as text.
(() => {
  const root = document.getElementById("here");
  const button = document.getElementById("send-location");
  const status = document.getElementById("here-status");
  if (!root || !button || !status) return;
  const say = (text) => {
    status.textContent = text;
  };
  const options = JSON.parse(root.dataset.options || "{}");
  button.addEventListener("click", () => {
    button.disabled = true;
    say(root.dataset.finding);
    let settled = false;
    // The page keeps its own limit: an unanswered permission prompt never ends by itself.
    const timer = setTimeout(() => finish(root.dataset.timeout), options.timeout);
    function finish(text) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      button.disabled = false;
      say(text);
    }
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        if (settled) return;
        const { latitude, longitude, accuracy } = position.coords;
        try {
          const res = await fetch(root.dataset.endpoint, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({
              latitude,
              longitude,
              accuracy,
              fixedAt: new Date(position.timestamp).toISOString(),
            }),
          });
          finish(res.ok ? root.dataset.sent : root.dataset.failed);
        } catch {
          finish(root.dataset.failed);
        }
      },
      (error) =>
        finish(
          error.code === 1 ? root.dataset.denied : error.code === 3 ? root.dataset.timeout : root.dataset.unavailable,
        ),
      options,
    );
  });
})();
