/**
 * Desk accounts, from the server's command line only (there is no web page that makes accounts):
 *
 *   npm run desk -- add-user EMAIL          (password from standard input)
 *   npm run desk -- reset-password EMAIL    (password from standard input; ends the user's sessions)
 *   npm run desk -- remove-user EMAIL       (ends the user's sessions)
 *   npm run desk -- list-users
 *   npm run desk -- partner-key PARTNER_ID  (the key a partner's system checks our webhooks' signature with)
 *
 * It opens the same database as the server (DATA_DIR or DATABASE_URL, server/config.ts). An
 * embedded PGlite folder has one owner: while a server runs on it this stops with the lock's
 * message (stop the server, run the command, start it again). On PostgreSQL it works any time.
 */
import { loadConfig } from "../../config";
import { openDatabase } from "../../db/client";
import { DataDirLockedError } from "../../db/lock";
import { partnerWebhookKey } from "../alerts/webhook-sender";
import { addUser, DeskUserError, listUsers, removeUser, resetPassword } from "./users";

const USAGE = `Usage:
  npm run desk -- add-user EMAIL         create a desk account (reads the password from standard input)
  npm run desk -- reset-password EMAIL   set a new password (reads it from standard input) and sign the user out everywhere
  npm run desk -- remove-user EMAIL      delete the account and sign it out everywhere
  npm run desk -- list-users             list the accounts
  npm run desk -- partner-key PARTNER_ID the key partner PARTNER_ID (the number in the desk's address) checks our webhooks with`;

/** Reads one line: hidden as it is typed on a terminal, or the first line of piped input. */
async function readPassword(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    let text = "";
    for await (const chunk of input) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? "";
  }
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let typed = "";
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004") {
          input.setRawMode(false);
          input.pause();
          input.off("data", onData);
          process.stderr.write("\n");
          resolve(typed);
          return;
        }
        if (char === "\u0003") {
          input.setRawMode(false);
          reject(new DeskUserError("Cancelled."));
          return;
        }
        if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    input.on("data", onData);
  });
}

/**
 * The partner's webhook key, from PARTNER_WEBHOOK_SECRET: the one the server signs their events with
 * (partnerWebhookKey), so the owner gives them exactly that. Needs no database, so it works while the
 * server runs on a PGlite folder.
 */
function printPartnerKey(id: string | undefined, rest: string[]): number {
  if (!id || !/^[1-9]\d{0,9}$/.test(id) || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const secret = loadConfig().partnerWebhookSecret;
  if (!secret) {
    console.error("PARTNER_WEBHOOK_SECRET is not set: partner webhooks are sent unsigned, so there is no key to give.");
    return 1;
  }
  console.log(partnerWebhookKey(secret, Number(id)));
  return 0;
}

async function main(args: string[]): Promise<number> {
  const [command, email, ...rest] = args;
  if (command === "partner-key") return printPartnerKey(email, rest);
  const needsEmail = command === "add-user" || command === "reset-password" || command === "remove-user";
  const known = needsEmail || command === "list-users";
  if (!known || (needsEmail && (!email || rest.length > 0)) || (command === "list-users" && email)) {
    console.error(USAGE);
    return 2;
  }
  // Read the password before opening the database: the prompt should not wait behind PGlite's start.
  const password =
    command === "add-user" || command === "reset-password"
      ? await readPassword("Password (at least 12 characters): ")
      : "";

  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const db = database.db;
    switch (command) {
      case "add-user": {
        const user = await addUser(db, email as string, password);
        console.log(`Added desk user ${user.email}. They can sign in at /desk.`);
        break;
      }
      case "reset-password": {
        const { sessionsEnded } = await resetPassword(db, email as string, password);
        console.log(
          `Password changed for ${(email as string).trim().toLowerCase()}; ${sessionsEnded} session(s) ended.`,
        );
        break;
      }
      case "remove-user": {
        await removeUser(db, email as string);
        console.log(`Removed desk user ${(email as string).trim().toLowerCase()} and ended their sessions.`);
        break;
      }
      default: {
        const users = await listUsers(db);
        if (users.length === 0) console.log("No desk users yet. Add one: npm run desk -- add-user EMAIL");
        for (const u of users) {
          console.log(
            `${u.email}\tadded ${u.createdAt.toISOString()}\tpassword set ${u.passwordChangedAt.toISOString()}`,
          );
        }
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof DeskUserError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
