import type { ServerProcess } from "./server-process";

/** A service request as the form sends it, named `name`. */
const request = (name: string) => ({
  name,
  email: "d@example.com",
  phone: "209-555-0100",
  service: "Towing",
  pickupLocation: "Pacific Ave, Stockton",
  dropoffLocation: "Fremont St, Stockton",
});

/**
 * Sends service requests from `concurrency` clients, in turn to each of `servers`, until stop() is
 * called: the load the process tests kill servers under. Each request is named `${label} {client}-{n}`;
 * `acknowledged(id, name)` hears of each one answered 201. One the server died under was never
 * acknowledged. `sent()` counts the requests tried.
 */
export function keepPosting(
  servers: ServerProcess[],
  concurrency: number,
  acknowledged: (id: number, name: string) => void,
  label = "load",
) {
  let running = true;
  let sent = 0;
  const client = async (worker: number) => {
    while (running) {
      const server = servers[sent % servers.length] as ServerProcess;
      sent++;
      const name = `${label} ${worker}-${sent}`;
      try {
        const res = await fetch(`${server.url}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(request(name)),
        });
        if (res.status === 201) acknowledged(((await res.json()) as { id: number }).id, name);
        else await res.body?.cancel();
      } catch {
        // The server died under us: this one was never acknowledged.
      }
    }
  };
  const clients = Promise.all(Array.from({ length: concurrency }, (_, i) => client(i)));
  return {
    stop: async () => {
      running = false;
      await clients;
    },
    sent: () => sent,
  };
}
