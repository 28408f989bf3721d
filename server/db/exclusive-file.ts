import { constants } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";

/** Why a file to write a backup into could not be made; its message names the file and what to do. */
export class ExistingFileError extends Error {
  constructor(readonly file: string) {
    super(
      `${file} already exists (left by a backup that was cut short, or put there by someone else), so nothing ` +
        "was written and it was left as it is. Look at it, remove it, and run the backup again.",
    );
    this.name = "ExistingFileError";
  }
}

/**
 * A new file only the owner may read or write (0600), open for writing. A backup holds every service
 * request, so its file must be ours alone: created here or not at all (O_EXCL, so a file or link
 * already at the name is refused, never written through or kept with its wider mode), never through
 * a symbolic link (O_NOFOLLOW), and set to 0600 on the open descriptor whatever the umask made it.
 */
export async function createOwnerOnlyFile(file: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST" || code === "ELOOP") throw new ExistingFileError(file);
    throw error;
  }
  try {
    await handle.chmod(0o600);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
