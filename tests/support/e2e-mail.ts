import { createServer } from "node:http";
import { startSmtpReceiver } from "./receivers";

/**
 * The browser tests' mailbox: a real SMTP server on 127.0.0.1 (smtp-server, no TLS, no login) that the
 * e2e server sends its e-mail alerts to, and a tiny HTTP endpoint on another port where a test reads
 * what arrived. playwright.config.ts runs it as a webServer entry and chooses both ports
 * (E2E_MAIL_SMTP_PORT, E2E_MAIL_HTTP_PORT). Private links (a partner's offer, a driver's page) travel
 * only by e-mail: this is how a test gets them, exactly as the partner or the driver does.
 *
 *   GET /mails?to=address  ->  [{ to, subject, text, alert, requestId }] (oldest first)
 *   GET /healthz           ->  ok (the runner waits for it)
 */

/** One mail as the tests read it; `alert` and `requestId` come from the server's X-Service-Request-* headers. */
export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  alert: string;
  requestId: number;
}

const smtpPort = Number(process.env.E2E_MAIL_SMTP_PORT);
const httpPort = Number(process.env.E2E_MAIL_HTTP_PORT);
if (!smtpPort || !httpPort) throw new Error("E2E_MAIL_SMTP_PORT and E2E_MAIL_HTTP_PORT must be set");

// Plain SMTP, as a mail server on this machine: the server sends without a login, so no TLS is asked for.
const smtp = await startSmtpReceiver(smtpPort, [], { startTls: false });

const http = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (req.method === "GET" && url.pathname === "/healthz") return res.writeHead(200).end("ok");
  if (req.method !== "GET" || url.pathname !== "/mails") return res.writeHead(404).end();
  const to = url.searchParams.get("to")?.toLowerCase();
  const mails: CapturedMail[] = smtp.mails
    .filter((m) => !to || m.envelopeTo.some((a) => a.toLowerCase() === to))
    .map((m) => ({
      to: m.envelopeTo,
      subject: m.parsed.subject ?? "",
      text: m.parsed.text ?? "",
      alert: String(m.parsed.headers.get("x-service-request-alert") ?? ""),
      requestId: Number(m.parsed.headers.get("x-service-request-id")),
    }));
  res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(mails));
});
http.listen(httpPort, "127.0.0.1");

// The runner ends this process with SIGTERM at the end of the run.
const stop = () => {
  http.close();
  void smtp.close().then(() => process.exit(0));
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
