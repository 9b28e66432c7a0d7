/**
 * PBKDF2-HMAC-SHA256 against published known answers: the two vectors of
 * RFC 7914 §11 (scrypt's RFC lists PBKDF2-HMAC-SHA256 vectors; RFC 6070 has
 * only SHA-1). Verification must derive with the rounds, salt and length the
 * stored record names, and a fresh record must hold exactly the key its own
 * parameters give.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { pbkdf2Sync } from "node:crypto";
import { DEFAULT_ITERATIONS, pbkdf2Hasher } from "../../../adapters/crypto/pbkdf2-hasher.ts";
import type { PasswordRecord } from "../../../ports/auth-store.ts";

/** RFC 7914 §11: PBKDF2-HMAC-SHA256 (P, S, c, dkLen = 64). */
const RFC7914 = [
  {
    password: "passwd",
    salt: "salt",
    iterations: 1,
    key: "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783",
  },
  {
    password: "Password",
    salt: "NaCl",
    iterations: 80_000,
    key: "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d",
  },
] as const;

const record = (v: (typeof RFC7914)[number], iterations: number = v.iterations): PasswordRecord => ({
  algorithm: "pbkdf2-sha256",
  iterations,
  salt: Buffer.from(v.salt).toString("base64"),
  hash: Buffer.from(v.key, "hex").toString("base64"),
});

test("verify accepts the RFC 7914 vectors at the rounds the record names, and only there", async () => {
  const h = pbkdf2Hasher();
  for (const v of RFC7914) {
    assert.equal(await h.verify(v.password, record(v)), true, `${v.password}/${v.salt}/${v.iterations} verifies`);
    assert.equal(await h.verify(`${v.password}x`, record(v)), false, `${v.password}/${v.salt}: another password fails`);
  }
  assert.equal(await h.verify("passwd", record(RFC7914[0], 2)), false, "the c = 1 key under a record saying 2 rounds fails");
  assert.equal(await h.verify("Password", record(RFC7914[1], 79_999)), false, "the c = 80,000 key under a record saying 79,999 fails");
  assert.equal(await h.verify("passwd", { ...record(RFC7914[0]), algorithm: "bcrypt" as "pbkdf2-sha256" }), false, "another algorithm fails");
});

test("a fresh record holds the key its own rounds and salt give (600,000 rounds, 32 bytes)", async () => {
  const rec = await pbkdf2Hasher().hash("correct horse");
  assert.equal(rec.iterations, DEFAULT_ITERATIONS, "the policy's rounds are stored");
  assert.equal(DEFAULT_ITERATIONS, 600_000, "OWASP's floor");
  const salt = Buffer.from(rec.salt, "base64");
  assert.equal(salt.length, 16, "a 128-bit salt");
  const expected = pbkdf2Sync("correct horse", salt, rec.iterations, 32, "sha256").toString("base64");
  assert.equal(rec.hash, expected, "the stored key is PBKDF2-HMAC-SHA256 at the stored rounds");
});

test("the policy: at least 600,000 rounds, and a record of another algorithm or fewer rounds is rehashed", () => {
  assert.throws(() => pbkdf2Hasher(599_999), /PBKDF2 iterations must be an integer >= 600000/, "below the floor");
  assert.throws(() => pbkdf2Hasher(600_000.5), /must be an integer/, "not an integer");
  const h = pbkdf2Hasher();
  assert.equal(h.needsRehash(record(RFC7914[1], 600_000)), false, "a record at the policy");
  assert.equal(h.needsRehash(record(RFC7914[1])), true, "a record at 80,000 rounds");
  assert.equal(h.needsRehash({ ...record(RFC7914[1], 600_000), algorithm: "bcrypt" as "pbkdf2-sha256" }), true, "another algorithm");
});
