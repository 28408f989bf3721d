import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The two outside parties of Web Push, played for real over local HTTP: a push service (it takes
 * the server's POSTs, as FCM or Mozilla's would) and a browser (its subscription keys, and the
 * decryption a browser does, written here from RFC 8291 and RFC 8188 with node:crypto alone, not with
 * the library the server encrypts with).
 */

interface PushedMessage {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface LocalPushService {
  /** An endpoint on this service; its path says how it answers: /gone/… 410, /broken/… 500, else 201. */
  endpoint(name: string): string;
  messages: PushedMessage[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<LocalPushService> {
  const messages: PushedMessage[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      messages.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const status = path.startsWith("/gone/") ? 410 : path.startsWith("/broken/") ? 500 : 201;
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: (name) => `http://127.0.0.1:${port}/${name}`,
    messages,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's side of one subscription: its P-256 key pair and auth secret. */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    json: { endpoint, keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") } },
    /** What the browser reads out of an aes128gcm push body (RFC 8291 section 3.4, RFC 8188 section 2). */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const secret = ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), publicKey, senderKey]);
      const ikm = Buffer.from(hkdfSync("sha256", secret, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
      const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
      const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 2, then any padding of zeros.
      let end = plain.length - 1;
      while (end >= 0 && plain[end] === 0) end--;
      if (plain[end] !== 2) throw new Error("not the last record of an aes128gcm body");
      return plain.subarray(0, end).toString("utf8");
    },
  };
}

/**
 * What a push service checks of `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): the key is the
 * server's, the ES256 signature holds, and the token is for this push service's origin and not
 * expired. Returns the token's claims.
 */
export function verifyVapid(header: string | undefined, publicKey: string, endpoint: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID header: ${header}`);
  if (match[2] !== publicKey) throw new Error("signed with another key");
  const [head, claims, signature] = match[1].split(".") as [string, string, string];
  const raw = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("the VAPID signature does not hold");
  const body = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (body.aud !== new URL(endpoint).origin) throw new Error(`token for ${body.aud}, not ${new URL(endpoint).origin}`);
  if (body.exp * 1000 <= Date.now()) throw new Error("token expired");
  return body;
}
