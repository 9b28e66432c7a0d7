import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { call, cookieOf, startTestServer } from "../support/server.ts";
import { defined } from "../support/defined.ts";

test("neither the password nor a session token is stored in the clear", async () => {
  const s = await startTestServer();
  try {
    const password = "plain-text-canary";
    await call(s.url, "POST", "/api/auth/setup", { json: { password } });
    const cookie = cookieOf((await call(s.url, "POST", "/api/auth/login", { json: { password } })).headers)!;
    const token = defined(cookie.split("=")[1], "the session token");
    await s.close();
    const bytes = ["service.sqlite", "service.sqlite-wal"]
      .map((f) => {
        try {
          return readFileSync(join(s.dataDir, f)).toString("latin1");
        } catch {
          return "";
        }
      })
      .join("");
    assert.ok(bytes.length > 0, "bytes.length > 0");
    assert.ok(!bytes.includes(password), "!bytes.includes(password)");
    assert.ok(!bytes.includes(token), "!bytes.includes(token)");
  } finally {
    await s.dispose().catch(() => {});
  }
});
