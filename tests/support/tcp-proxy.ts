import net from "node:net";

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (here Redis) that can go silent: while paused it
 * keeps every connection open and forwards nothing either way, as a hung or overloaded server does.
 * Resuming forwards what waited.
 */
export interface PausingProxy {
  port: number;
  pause(): void;
  resume(): void;
  /** Cuts every connection and refuses new ones, as a server that went away does, until restore(). */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startPausingProxy(targetPort: number, targetHost = "127.0.0.1"): Promise<PausingProxy> {
  let paused = false;
  let cut = false;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    const pair = { client, upstream };
    pairs.add(pair);
    // pause() on a socket stops reading it, so nothing flows on while the proxy is silent.
    if (paused) {
      client.pause();
      upstream.pause();
    }
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    port: (server.address() as net.AddressInfo).port,
    pause() {
      paused = true;
      for (const { client, upstream } of pairs) {
        client.pause();
        upstream.pause();
      }
    },
    resume() {
      paused = false;
      for (const { client, upstream } of pairs) {
        client.resume();
        upstream.resume();
      }
    },
    cut() {
      cut = true;
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { client, upstream } of pairs) {
          client.destroy();
          upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
