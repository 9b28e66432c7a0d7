/** The session and cookie constants against core/auth/README.md §2 (cookie table) and §8 (limits). */
import assert from "node:assert/strict";
import { test } from "node:test";
import { LOGIN_PASSWORD_MIN, NEW_PASSWORD_MIN, PASSWORD_MAX, SESSION_COOKIE, SESSION_TTL_MS, SESSION_TTL_SECONDS } from "../../../core/auth/session-policy.ts";

test("cookie tf_session, 30-day lifetime (Max-Age 2592000), password lengths 6/1..128", () => {
  assert.equal(SESSION_COOKIE, "tf_session", "cookie name");
  assert.equal(SESSION_TTL_SECONDS, 2_592_000, "Max-Age in seconds");
  assert.equal(SESSION_TTL_MS, 2_592_000_000, "lifetime in milliseconds");
  assert.deepEqual([NEW_PASSWORD_MIN, LOGIN_PASSWORD_MIN, PASSWORD_MAX], [6, 1, 128], "password length bounds");
});
