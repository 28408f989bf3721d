// The /here/{token} page's script (src/views/HerePage.astro): the large button reads the phone's position
// and sends it to the request; the place form, which without this script posts to the page itself, is
// sent as JSON instead. Every message is the page's own (data attributes), shown as text, never markup.
(() => {
  const root = document.getElementById("here");
  const button = document.getElementById("send-location");
  const status = document.getElementById("here-status");
  const form = document.getElementById("here-place-form");
  const place = document.getElementById("here-place");
  if (!root || !button || !status || !form || !place) return;
  const token = decodeURIComponent(window.location.pathname.replace(/^\/here\//, ""));
  const words = root.dataset;
  /** Says one or more lines in the status region; `next` adds what happens now. */
  const say = (text, next) => {
    status.replaceChildren();
    for (const line of [text, next].filter(Boolean)) {
      const p = document.createElement("p");
      p.textContent = line;
      if (line === next) p.className = "font-normal";
      status.append(p);
    }
  };
  const post = (path, body) =>
    fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const refusal = async (res) => {
    if (res.status === 409) return words.ended;
    if (res.status === 400) return (await res.json().catch(() => null))?.message || words.failed;
    return words.failed;
  };
  const options = JSON.parse(words.options || "{}");
  // The button needs this script: it is shown only now, so a page without it offers the form and the call.
  button.hidden = false;

  button.addEventListener("click", () => {
    button.disabled = true;
    say(words.finding);
    let settled = false;
    // The page keeps its own limit: an unanswered permission prompt never ends by itself.
    const timer = setTimeout(() => finish(words.timeout, true), options.timeout);
    function finish(text, typeInstead, next) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      button.disabled = false;
      say(text, next);
      // No position: the box below takes the place, so the caller goes straight to it.
      if (typeInstead) place.focus();
    }
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        if (settled) return;
        const { latitude, longitude, accuracy } = position.coords;
        try {
          const res = await post(`/api/here/${encodeURIComponent(token)}`, {
            latitude,
            longitude,
            accuracy,
            fixedAt: new Date(position.timestamp).toISOString(),
          });
          if (res.ok) finish(words.sent, false, words.next);
          else finish(await refusal(res), false);
        } catch {
          finish(words.failed, false);
        }
      },
      (error) => finish(error.code === 1 ? words.denied : error.code === 3 ? words.timeout : words.unavailable, true),
      options,
    );
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const submit = form.querySelector('button[type="submit"]');
    if (submit) submit.disabled = true;
    say(words.placeSending);
    try {
      const res = await post(`/api/here/${encodeURIComponent(token)}/place`, { place: place.value });
      if (res.ok) say(words.placeSent, words.next);
      else say(await refusal(res));
    } catch {
      say(words.failed);
    } finally {
      if (submit) submit.disabled = false;
    }
  });
})();
