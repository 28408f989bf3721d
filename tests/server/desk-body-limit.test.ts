import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { testConfig } from "../support/config";
import { databaseTargets, openTestDatabase } from "../support/databases";
import { type DeskClient, signInOwner } from "../support/desk-client";
import { postServiceRequest } from "../support/test-app";
import { emptyTestSite } from "../support/test-site";

/** What an upload declares: far over the server's 16 KB limit. */
const DECLARED_BYTES = 20 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "x");

interface RawAnswer {
  head: string;
  /** The server ended the connection after answering, without reading the rest of the body. */
  closedByServer: boolean;
}

/**
 * A client over a real socket that declares a 20 MB body, sends its first 64 KB and waits: the server
 * must answer from what it has (the headers), and (Connection: close) end the connection rather than
 * wait to read the other 20 MB. Without that header the connection stays open for the rest.
 */
function uploadTooMuch(port: number, head: string): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    const headOf = () => answer.split("\r\n\r\n")[0] ?? "";
    socket.on("data", (data) => {
      answer += data.toString("latin1");
      if (answer.includes("\r\n\r\n") && !/connection: close/i.test(headOf())) {
        socket.destroy();
        resolve({ head: headOf(), closedByServer: false });
      }
    });
    socket.on("end", () => resolve({ head: headOf(), closedByServer: true }));
    socket.on("connect", () => {
      socket.write(`${head}Content-Type: application/json\r\nContent-Length: ${DECLARED_BYTES}\r\n\r\n`);
      socket.write(CHUNK);
    });
  });
}

/**
 * The desk's gate runs first (onRequest, on the headers): a request without a session is answered 401
 * before any of its body is read, and the connection is closed so the server reads no more of it
 * either. A signed-in owner's oversized body is read only up to the limit (Fastify refuses a declared
 * length over it at once) and answered 413 in the desk's words. Closing the door before reading keeps
 * an anonymous client from making the server read anything, and tells it nothing about the limits.
 */
describe.each(databaseTargets)("the desk's answer to an oversized body, on $kind", (target) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let owner: DeskClient;
  let port = 0;

  beforeAll(async () => {
    db = await openTestDatabase(target);
    app = await buildApp({
      config: testConfig(),
      logger: false,
      site: emptyTestSite(),
      db,
      alerts: { autoStart: false },
    });
    owner = await signInOwner(app, db.db);
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it("signed in: 413 saying how much the desk takes, on every desk route that takes a body", async () => {
    const { id } = await postServiceRequest(app);
    const tooLong = "x".repeat(40 * 1024);
    for (const [url, body] of [
      [`/api/desk/requests/${id}/notes`, { note: tooLong }],
      ["/api/desk/requests", { name: tooLong }],
      ["/api/desk/partners", { companyName: tooLong }],
    ] as const) {
      const answer = await owner.post(url, body);
      expect(answer.statusCode, url).toBe(413);
      expect(answer.json(), url).toEqual({
        error: "Too much to send at once: the desk takes at most 16 KB. Shorten the text and try again.",
        message: "Too much to send at once: the desk takes at most 16 KB. Shorten the text and try again.",
        code: "too_large",
      });
    }
    // The session is untouched: the next note is taken.
    expect((await owner.post(`/api/desk/requests/${id}/notes`, { note: "Called back" })).statusCode).toBe(201);
  });

  it("signed in, over a socket: the 413 comes before the body is sent, and the connection closes", async () => {
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const answer = await uploadTooMuch(
      port,
      `POST /api/desk/requests/1/notes HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nCookie: ${cookie}\r\nX-CSRF-Token: ${owner.csrfToken}\r\n`,
    );
    expect(answer.head).toMatch(/^HTTP\/1.1 413 /);
    expect(answer.closedByServer).toBe(true);
  });

  it("not signed in: 401 from the headers, before the body is sent, and the server reads no more of it", async () => {
    const answer = await uploadTooMuch(port, "POST /api/desk/requests/1/notes HTTP/1.1\r\nHost: localhost\r\n");
    expect(answer.head).toMatch(/^HTTP\/1.1 401 /);
    expect(answer.closedByServer).toBe(true);
    // The same with a session but from another site: 403, and closed too.
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const crossSite = await uploadTooMuch(
      port,
      `POST /api/desk/requests/1/notes HTTP/1.1\r\nHost: localhost\r\nOrigin: https://evil.example\r\nCookie: ${cookie}\r\n`,
    );
    expect(crossSite.head).toMatch(/^HTTP\/1.1 403 /);
    expect(crossSite.closedByServer).toBe(true);
  });
});
