/**
 * One sync per store across processes: the lock refuses while its holder lives
 * (this process, or another running one) and is taken over once the holder is
 * gone, as after a `kill -9`.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { acquireSyncLock, lockHolder, SyncBusyError } from "../../../adapters/store/store-lock.ts";

const dir = mkdtempSync(join(tmpdir(), "tdx-forge-store-lock-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("refused while held here or by another live process; taken over from a dead one", async () => {
  const path = join(dir, "sync.lock");
  const release = acquireSyncLock(path);
  assert.equal(readFileSync(path, "utf8"), String(process.pid), "the lock names its holder");
  assert.throws(() => acquireSyncLock(path), SyncBusyError, "a second sync here is refused");
  release();
  assert.ok(!existsSync(path), "released");

  const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  try {
    writeFileSync(path, String(other.pid));
    assert.equal(lockHolder(path), other.pid, "another live process holds it");
    assert.throws(
      () => acquireSyncLock(path),
      (e: unknown) => e instanceof SyncBusyError && e.pid === other.pid,
      "refused, naming the holder",
    );
  } finally {
    other.kill("SIGKILL");
    await new Promise((resolve) => other.once("exit", resolve));
  }
  const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  writeFileSync(path, gone.stdout);
  assert.equal(lockHolder(path), undefined, "a dead holder holds nothing");
  const mine = acquireSyncLock(path);
  assert.equal(readFileSync(path, "utf8"), String(process.pid), "taken over");
  mine();
});
