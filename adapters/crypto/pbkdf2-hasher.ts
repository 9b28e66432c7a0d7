import { pbkdf2, randomBytes, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { PasswordRecord } from "../../ports/auth-store.ts";
import type { PasswordHasher } from "../../ports/password-hasher.ts";

const derive = promisify(pbkdf2);

/** OWASP's 2023 floor for PBKDF2-HMAC-SHA256. */
export const DEFAULT_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

/**
 * PBKDF2-HMAC-SHA256 with a random salt; the iteration count is stored in the
 * record so that it can be raised later (records below policy report
 * `needsRehash`). Derivation runs on libuv's thread pool, off the event loop.
 */
export function pbkdf2Hasher(iterations = DEFAULT_ITERATIONS): PasswordHasher {
  if (!Number.isInteger(iterations) || iterations < DEFAULT_ITERATIONS) {
    throw new Error(`PBKDF2 iterations must be an integer >= ${DEFAULT_ITERATIONS}`);
  }
  return pbkdf2HasherWithoutFloor(iterations);
}

/**
 * The same hasher at any round count, below the policy floor too: for tests, where
 * 600,000 rounds (~100 ms) on every set-up and login would dominate the run time.
 */
export function pbkdf2HasherWithoutFloor(iterations: number): PasswordHasher {
  return {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      const key = await derive(password, salt, iterations, KEY_BYTES, "sha256");
      return { algorithm: "pbkdf2-sha256", iterations, salt: salt.toString("base64"), hash: key.toString("base64") };
    },
    async verify(password, rec: PasswordRecord) {
      if (rec.algorithm !== "pbkdf2-sha256") return false;
      const expected = Buffer.from(rec.hash, "base64");
      const key = await derive(password, Buffer.from(rec.salt, "base64"), rec.iterations, expected.length, "sha256");
      return timingSafeEqual(key, expected);
    },
    needsRehash(rec) {
      return rec.algorithm !== "pbkdf2-sha256" || rec.iterations < iterations;
    },
  };
}
