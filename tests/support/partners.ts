import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { type AppOptions, buildApp } from "../../server/app";
import type { ServerConfig } from "../../server/config";
import { serviceRequests } from "../../server/db/schema";
import { CHAT_KNOWLEDGE_FORMAT, type ChatKnowledge } from "../../src/shared/chat-knowledge-schema";
import type { PartnerInput } from "../../src/shared/partner-schema";
import { testConfig } from "./config";
import { type DatabaseTarget, openTestDatabase } from "./databases";
import { type DeskClient, signInOwner } from "./desk-client";
import { validServiceRequest } from "./service-request";
import { emptyTestSite } from "./test-site";

const areasDir = path.resolve(import.meta.dirname, "../../business/stockton/content/areas");

/**
 * The towns the server serves, as the build hands them to it (area pages with a name and a point),
 * read straight from src/content/areas: the partner tests need the real list, not a build.
 */
export function areaKnowledge(): ChatKnowledge {
  const pages = readdirSync(areasDir)
    .filter((f) => f.endsWith(".md"))
    .map((file) => {
      const text = readFileSync(path.join(areasDir, file), "utf8");
      const field = (name: string) => text.match(new RegExp(`^${name}:\\s*"?([^"\\n]+)"?$`, "m"))?.[1] ?? "";
      const id = file.replace(/\.md$/, "");
      return {
        collection: "areas" as const,
        id,
        file: `areas/${file}`,
        url: `/areas/${id}`,
        data: { name: field("name"), latitude: Number(field("latitude")), longitude: Number(field("longitude")) },
        body: "",
      };
    });
  return { format: CHAT_KNOWLEDGE_FORMAT, pages, sections: [], townPages: [] };
}

export { OWNER, PASSWORD } from "./desk-client";

/** A partner as the desk would add one; tests spread it and change what they test. */
export const partnerInput = (fields: Partial<PartnerInput> = {}): PartnerInput => ({
  companyName: "Rivera Towing",
  contactName: "Ana Rivera",
  phone: "(209) 555-0177",
  email: "dispatch@rivera.example",
  webhookUrl: null,
  services: ["towing", "jump-start"],
  towns: ["Stockton", "Lodi"],
  active: true,
  notes: "",
  insuranceExpiresOn: "2027-12-31",
  ...fields,
});

export interface PartnersWorld {
  app: FastifyInstance;
  db: Awaited<ReturnType<typeof openTestDatabase>>;
  desk: DeskClient;
  /** The partners' clock; tests move it with setNow. */
  now(): Date;
  setNow(date: Date): void;
  /** Stores a service request as a driver's (service name, nearest town), received now; returns its id. */
  addRequest(fields?: Partial<typeof serviceRequests.$inferInsert>): Promise<number>;
  /** Adds a partner through the API; returns its id. */
  addPartner(fields?: Partial<PartnerInput>): Promise<number>;
}

/**
 * For the describe block it is called in: a fresh database of `target`, an app with the towns served,
 * the alert worker and the offer sweep stopped (tests run them), a clock the tests move, and a
 * signed-in desk user.
 */
export function partnersWorld(
  target: DatabaseTarget,
  config: Partial<ServerConfig> = {},
  start = new Date("2026-11-20T12:00:00Z"),
  options: Partial<AppOptions> = {},
): PartnersWorld {
  let clock = start;
  const world = {
    now: () => clock,
    setNow: (date: Date) => {
      clock = date;
    },
  } as PartnersWorld;
  beforeAll(async () => {
    world.db = await openTestDatabase(target);
    world.app = await buildApp({
      config: testConfig(config),
      logger: false,
      site: { ...emptyTestSite(), chatKnowledge: areaKnowledge() },
      db: world.db,
      alerts: { autoStart: false },
      partners: { now: () => clock, autoStart: false },
      ...options,
    });
    world.desk = await signInOwner(world.app, world.db.db);
    world.addRequest = async (fields = {}) => {
      const [row] = await world.db.db
        .insert(serviceRequests)
        .values({
          ...validServiceRequest,
          service: "Towing",
          nearestTown: "Lodi",
          nearestTownKm: 1.4,
          createdAt: clock,
          ...fields,
        })
        .returning({ id: serviceRequests.id });
      if (!row) throw new Error("no request stored");
      return row.id;
    };
    world.addPartner = async (fields = {}) => {
      const res = await world.desk.post("/api/desk/partners", partnerInput(fields));
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
  });
  afterAll(async () => {
    await world.app?.close();
    await world.db?.close();
  });
  return world;
}
