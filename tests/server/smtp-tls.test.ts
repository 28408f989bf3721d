import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { type EmailAlertConfig, loadConfig } from "../../server/config";
import type { ServiceRequestRow } from "../../server/db/schema";
import type { ClaimedAlert } from "../../server/features/alerts/channel";
import { checkSmtpTls, emailSender, SmtpTlsError } from "../../server/features/alerts/email-sender";
import { startSmtpReceiver } from "../support/receivers";
import { startServer, stopServer, writeMinimalSite } from "../support/server-process";

/**
 * An smtp:// URL with a login: the password only ever crosses a TLS connection (STARTTLS), unless
 * SMTP_ALLOW_PLAINTEXT=true says otherwise; the server refuses to start against a mail server without TLS.
 * Real SMTP servers (smtp-server) on 127.0.0.1, one without STARTTLS.
 */
const alert: ClaimedAlert = {
  id: "00000000-0000-4000-8000-000000000001",
  channel: "email",
  kind: "new_request",
  attempt: 1,
  createdAt: new Date("2026-11-24T10:00:00Z"),
  request: {
    id: 1,
    name: "Maria Lopez",
    email: "maria@example.com",
    phone: "(209) 555-0100",
    service: "Towing",
    pickupLocation: "4410 Pacific Ave, Stockton",
    dropoffLocation: "1200 W Fremont St, Stockton",
    createdAt: new Date("2026-11-24T10:00:00Z"),
    status: "new",
  } as ServiceRequestRow,
};
const SITE_URL = "https://stocktontowing.example";
const config = (smtpUrl: string, allowPlaintextLogin = false): EmailAlertConfig => ({
  smtpUrl,
  from: "alerts@example.com",
  to: ["owner@example.com"],
  allowPlaintextLogin,
});

const siteRoot = mkdtempSync(path.join(tmpdir(), "towing-smtp-site-"));
afterAll(() => rmSync(siteRoot, { recursive: true, force: true }));

describe("SMTP login needs TLS", () => {
  it("does not send the login to a mail server that offers no STARTTLS, and says why", async () => {
    const plain = await startSmtpReceiver(0, [], { startTls: false });
    const sender = emailSender(config(plain.url), SITE_URL);
    try {
      await expect(sender.send(alert)).rejects.toThrow(/offers no TLS/);
      expect(plain.logins).toEqual([]);
      expect(plain.mails).toEqual([]);
    } finally {
      sender.close?.();
      await plain.close();
    }
  });

  it("logs in over STARTTLS when the mail server offers it", async () => {
    const tls = await startSmtpReceiver();
    const sender = emailSender(config(tls.url), SITE_URL);
    try {
      await sender.send(alert);
      expect(tls.logins).toEqual([{ username: "alerts", secure: true }]);
      expect(tls.mails).toHaveLength(1);
    } finally {
      sender.close?.();
      await tls.close();
    }
  });

  it("sends the login in clear only with SMTP_ALLOW_PLAINTEXT=true", async () => {
    expect(loadConfig({}).alerts.email).toBeUndefined();
    const env = {
      SMTP_URL: "smtp://u:p@127.0.0.1:2525",
      LEAD_ALERT_FROM: "a@example.com",
      LEAD_ALERT_TO: "b@example.com",
    };
    expect(loadConfig(env).alerts.email?.allowPlaintextLogin).toBe(false);
    expect(loadConfig({ ...env, SMTP_ALLOW_PLAINTEXT: "true" }).alerts.email?.allowPlaintextLogin).toBe(true);
    const plain = await startSmtpReceiver(0, [], { startTls: false });
    const sender = emailSender(config(plain.url, true), SITE_URL);
    try {
      await sender.send(alert);
      expect(plain.logins).toEqual([{ username: "alerts", secure: false }]);
    } finally {
      sender.close?.();
      await plain.close();
    }
  });

  it("refuses to start against a mail server without TLS, with a message naming SMTP_ALLOW_PLAINTEXT", async () => {
    const plain = await startSmtpReceiver(0, [], { startTls: false });
    try {
      await expect(checkSmtpTls(config(plain.url))).rejects.toBeInstanceOf(SmtpTlsError);
      const dataDir = mkdtempSync(path.join(tmpdir(), "towing-smtp-data-"));
      const server = startServer(0, {
        DIST_DIR: writeMinimalSite(path.join(siteRoot, "dist")),
        DATA_DIR: dataDir,
        SMTP_URL: plain.url,
        LEAD_ALERT_FROM: "alerts@example.com",
        LEAD_ALERT_TO: "owner@example.com",
      });
      onTestFinished(() => stopServer(server));
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toMatch(/offers no TLS, so the SMTP password would be sent in clear; refusing to start/);
      expect(server.stderr()).toMatch(/SMTP_ALLOW_PLAINTEXT=true/);
      expect(plain.logins).toEqual([]);
      rmSync(dataDir, { recursive: true, force: true });
    } finally {
      await plain.close();
    }
  });
});
