import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { type AppOptions, buildApp } from "../../server/app";
import type { ServerConfig } from "../../server/config";
import { emptySiteFiles } from "../../server/site-files";
import { testConfig } from "./config";
import { type DatabaseTarget, openTestDatabase } from "./databases";

export type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/**
 * For the describe block it is called in: a fresh database of `target` and a quiet app on it (no built
 * site) before its tests, both closed after them. `opened` hands them to the block's own variables.
 */
export function appOnFreshDatabase(
  target: DatabaseTarget,
  config: Partial<ServerConfig>,
  opened: (ready: { app: FastifyInstance; db: TestDatabase }) => void,
  options: Partial<AppOptions> = {},
) {
  let app: FastifyInstance | undefined;
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await buildApp({ config: testConfig(config), logger: false, site: emptySiteFiles(), db, ...options });
    opened({ app, db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });
}
