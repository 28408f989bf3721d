/**
 * Backups of the embedded PGlite database (DATA_DIR), while the server runs or not:
 *
 *   npm run db:backup [-- FILE]     writes a gzipped tarball (default: towing-backup-<time>.tar.gz)
 *   npm run db:restore -- FILE      unpacks one into DATA_DIR, which must not hold a database yet
 *
 * With DATABASE_URL set the data lives in PostgreSQL: use pg_dump and pg_restore there.
 */
import { readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../config";
import { BackupError, backupStoppedFolder, requestBackup, restoreBackup } from "./backup";
import { createOwnerOnlyFile, ExistingFileError } from "./exclusive-file";
import { DataDirLockedError } from "./lock";

const USAGE = `Usage:
  npm run db:backup [-- FILE]   back up DATA_DIR (while the server runs, or not) to FILE
  npm run db:restore -- FILE    restore FILE into DATA_DIR, a new empty folder`;

const stamp = (d: Date) => d.toISOString().replace(/[:.]/g, "-");

async function backup(dataDir: string, file: string | undefined) {
  const target = path.resolve(file ?? `towing-backup-${stamp(new Date())}.tar.gz`);
  // Streamed beside the target and renamed once whole: a crash or a cut never leaves a half backup under its name.
  // Made here, only the owner's, or refused: a file or link already at its name is never written through.
  const partial = `${target}.partial`;
  const out = await createOwnerOnlyFile(partial);
  try {
    const fromServer = await requestBackup(dataDir, out);
    const { bytes } = fromServer ?? (await backupStoppedFolder(dataDir, out));
    renameSync(partial, target);
    console.log(
      `Backed up ${dataDir} (${fromServer ? "from the running server" : "no server running"}) ` +
        `to ${target} (${(bytes / 1024 / 1024).toFixed(1)} MB).`,
    );
  } catch (error) {
    await out.close().catch(() => {});
    rmSync(partial, { force: true });
    throw error;
  }
}

async function restore(dataDir: string, file: string | undefined) {
  if (!file) throw new BackupError(`name the backup file to restore.\n${USAGE}`);
  const { serviceRequests } = await restoreBackup(dataDir, readFileSync(path.resolve(file)));
  console.log(
    `Restored ${file} into ${dataDir}: ${serviceRequests} service requests. Start the server with DATA_DIR=${dataDir}.`,
  );
}

async function main() {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError("DATABASE_URL is set, so the data is in PostgreSQL: back it up with pg_dump instead.");
  }
  if (command === "backup") return backup(config.dataDir, file);
  if (command === "restore") return restore(config.dataDir, file);
  throw new BackupError(USAGE);
}

main().catch((error: unknown) => {
  const known =
    error instanceof BackupError || error instanceof DataDirLockedError || error instanceof ExistingFileError;
  console.error(known ? error.message : error);
  process.exit(1);
});
