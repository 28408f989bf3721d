import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/client";
import { changeChannelOf, PostgresChanges } from "../../server/shared/change-notices";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase, postgresUrl } from "../support/databases";
import { readEventStream } from "../support/event-stream";
import { startPausingProxy } from "../support/tcp-proxy";
import { postServiceRequest } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

/** Longer than the test: a change seen on the other app came by notification, never by a poll. */
const NO_POLL_MS = 3_600_000;

describe("change channels", () => {
  it("are one per schema, under PostgreSQL's 64-byte limit however long the schema's name", () => {
    expect(changeChannelOf("test_a1")).not.toBe(changeChannelOf("test_a2"));
    const long = changeChannelOf("s".repeat(63));
    expect(Buffer.byteLength(long)).toBeLessThan(64);
    expect(long).not.toBe(changeChannelOf(`${"s".repeat(62)}t`));
  });
});

describe.skipIf(!postgresUrl)("driver pages' live updates across two apps on one PostgreSQL schema", () => {
  it("a cancel through one app reaches a stream on the other by LISTEN/NOTIFY, with no poll", {
    timeout: 60_000,
  }, async () => {
    const target = databaseTargets.find((t) => t.kind === "postgres");
    if (!target) throw new Error("no PostgreSQL");
    const first = await openTestDatabase(target);
    const second = await openDatabase({
      dataDir: first.location.dataDir,
      databaseUrl: first.location.databaseUrl,
    });
    const apps: FastifyInstance[] = [];
    try {
      for (const db of [first, second])
        apps.push(
          await buildApp({
            config: testConfig(),
            logger: false,
            site: emptyTestSite(),
            db,
            alerts: { autoStart: false },
            requestFeedIntervalMs: NO_POLL_MS,
          }),
        );
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      expect(b.requestChanges.pushed).toBe(true);
      await b.listen({ port: 0, host: "127.0.0.1" });
      const { token } = await postServiceRequest(a);
      const port = (b.server.address() as AddressInfo).port;
      const stream = await readEventStream(`http://127.0.0.1:${port}/api/request/${token}/events`);
      const opened = await stream.next((e) => e.type === "state");
      const cancelledAt = performance.now();
      const cancel = await a.inject({
        method: "POST",
        url: `/api/request/${token}/cancel`,
        payload: {},
        headers: { origin: "http://localhost:80" },
      });
      expect(cancel.statusCode).toBe(200);
      const changed = await stream.next((e) => e.type === "state", stream.events.indexOf(opened) + 1);
      console.info(`live update across apps: seen ${Math.round(changed.at - cancelledAt)} ms after the cancel began`);
      expect(changed.data).not.toBe(opened.data);
      expect(changed.data).toContain("cancel");
      stream.close();
    } finally {
      for (const app of apps) await app.close();
      await second.close();
      await first.close();
    }
  });
});

describe.skipIf(!postgresUrl)("the notification connection", () => {
  it("says when it is lost (the feed polls meanwhile) and when it is back, and hears changes again", {
    timeout: 60_000,
  }, async () => {
    const target = databaseTargets.find((t) => t.kind === "postgres");
    if (!target) throw new Error("no PostgreSQL");
    const database = await openTestDatabase(target);
    const direct = new URL(database.location.databaseUrl ?? "");
    const proxy = await startPausingProxy(Number(direct.port || 5432), direct.hostname);
    const throughProxy = new URL(direct);
    throughProxy.host = `127.0.0.1:${proxy.port}`;
    const told: string[] = [];
    const waiters = new Set<() => void>();
    const until = (what: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!told.includes(what)) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    const changes = new PostgresChanges({
      db: database.db,
      schema: database.schema ?? "",
      newClient: () => new pg.Client({ connectionString: throughProxy.toString() }),
      log: { warn() {} } as never,
    });
    changes.subscribe({
      changed: () => {
        told.push("changed");
        for (const w of [...waiters]) w();
      },
      pushedNow: (pushed) => {
        told.push(pushed ? "up" : "down");
        for (const w of [...waiters]) w();
      },
    });
    try {
      await changes.start();
      expect(changes.pushed).toBe(true);
      proxy.cut();
      await until("down");
      expect(changes.pushed).toBe(false);
      told.length = 0;
      proxy.restore();
      await until("up");
      expect(changes.pushed).toBe(true);
      changes.announce();
      await until("changed");
    } finally {
      await changes.close();
      await proxy.close();
      await database.close();
    }
  });
});
