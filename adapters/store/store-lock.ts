/**
 * One sync at a time per store, across processes (the service's background task
 * and `tdx-forge sync` may share a store): `<store>/sync.lock` is created
 * exclusively and holds the owner's process id. A lock whose process is gone (a
 * sync killed with `kill -9`) is stale and taken over; a live one refuses.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";

export class SyncBusyError extends Error {
  constructor(readonly pid: number) {
    super(`a sync of this store is already running (process ${pid})`);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The process holding the lock at `path`, if it is still running. */
export function lockHolder(path: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : undefined;
}

/** Takes the lock (throws {@link SyncBusyError} when a live process holds it); returns its release. */
export function acquireSyncLock(path: string): () => void {
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => unlinkSync(path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) {
        const holder = lockHolder(path);
        throw (e as NodeJS.ErrnoException).code === "EEXIST" ? new SyncBusyError(holder ?? 0) : e;
      }
      const holder = lockHolder(path);
      if (holder !== undefined) throw new SyncBusyError(holder);
      // stale: its process is gone (another process taking it over at the same time may have removed it already)
      try {
        unlinkSync(path);
      } catch (u) {
        if ((u as NodeJS.ErrnoException).code !== "ENOENT") throw u;
      }
    }
  }
}
