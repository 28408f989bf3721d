import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { type AppOptions, buildApp } from "../../server/app";
import type { ServerConfig } from "../../server/config";
import { testConfig } from "./config";
import { type DatabaseTarget, openTestDatabase } from "./databases";
import { type DeskClient, signInOwner } from "./desk-client";
import { validServiceRequest } from "./service-request";
import { emptyTestSite } from "./test-site";

export type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/**
 * For the describe block it is called in: a fresh database of `target` and a quiet app on it (no built
 * site) before its tests, both closed after them. `opened` hands them to the block's own variables (and
 * may wait, e.g. to sign the owner in).
 */
export function appOnFreshDatabase(
  target: DatabaseTarget,
  config: Partial<ServerConfig>,
  opened: (ready: { app: FastifyInstance; db: TestDatabase }) => unknown,
  options: Partial<AppOptions> = {},
) {
  let app: FastifyInstance | undefined;
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await buildApp({ config: testConfig(config), logger: false, site: emptyTestSite(), db, ...options });
    await opened({ app, db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });
}

/** appOnFreshDatabase with the owner signed in at the desk: `opened` is handed the owner's desk client too. */
export function appWithOwner(
  target: DatabaseTarget,
  config: Partial<ServerConfig>,
  opened: (ready: { app: FastifyInstance; db: TestDatabase; owner: DeskClient }) => unknown,
  options: Partial<AppOptions> = {},
) {
  appOnFreshDatabase(
    target,
    config,
    async (ready) => opened({ ...ready, owner: await signInOwner(ready.app, ready.db.db) }),
    options,
  );
}

/**
 * A service request sent as the form sends it (validServiceRequest with `fields` over it; `inject` adds
 * to the request, e.g. remoteAddress), expected stored (201): its id, and its driver page's token and
 * path. Here rather than beside validServiceRequest: the browser tests read that file, and vitest may
 * not be imported outside its runner.
 */
export async function postServiceRequest(
  app: FastifyInstance,
  fields: Record<string, unknown> = {},
  inject: Omit<InjectOptions, "method" | "url" | "payload"> = {},
): Promise<{ id: number; token: string; path: string }> {
  const res = await app.inject({
    ...inject,
    method: "POST",
    url: "/api/contact",
    payload: { ...validServiceRequest, ...fields },
  });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { id: number; requestPage: string };
  return { id: body.id, token: body.requestPage.slice("/request/".length), path: body.requestPage };
}
