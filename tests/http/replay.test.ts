/**
 * Record → replay: a server recording its TDX exchanges against the simulator,
 * then a server running on the capture alone (QUOTE_SOURCE=replay), must answer
 * the same API requests identically. Requests are drawn by fast-check.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { call, FakeClock, startTestServer } from "../support/server.ts";
import { defined } from "../support/defined.ts";

const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));
const codes = [
  ["SZ", "000001"],
  ["SH", "600519"],
  ["SZ", "300750"],
  ["SH", "600000"],
] as const;

const request = fc.oneof(
  fc
    .record({
      path: fc.constant("/api/v1/bars"),
      sec: fc.constantFrom(...codes),
      category: fc.constantFrom("DAY", "WEEK", "MIN_5", "MIN_60", "MIN_120"),
      adjust: fc.constantFrom("NONE", "QFQ", "HFQ"),
      start: fc.integer({ min: 0, max: 50 }),
      count: fc.integer({ min: 1, max: 60 }),
    })
    .map((r) => `${r.path}?market=${r.sec[0]}&code=${r.sec[1]}&category=${r.category}&adjust=${r.adjust}&start=${r.start}&count=${r.count}`),
  fc.constantFrom(...codes).map(([m, c]) => `/api/v1/minute?market=${m}&code=${c}`),
  fc.tuple(fc.constantFrom(...codes), fc.integer({ min: 0, max: 20 })).map(([[m, c], start]) => `/api/v1/transaction?market=${m}&code=${c}&start=${start}&count=30`),
  fc.constantFrom("SZ", "SH", "BJ").map((m) => `/api/v1/security/count?market=${m}`),
);

test("a replayed capture answers exactly as the live simulator did", async () => {
  const dir = mkdtempSync(join(tmpdir(), "tdx-forge-capture-"));
  try {
    const paths = defined(fc.sample(fc.uniqueArray(request, { minLength: 25, maxLength: 25 }), { numRuns: 1, seed: 42 })[0], "the sampled paths");
    const live = await startTestServer({ clock, env: { TDX_RECORD: dir } });
    const answers = new Map<string, unknown>();
    try {
      for (const p of paths) {
        const r = await call(live.url, "GET", p);
        assert.equal(r.status, 200, p);
        answers.set(p, r.body);
      }
    } finally {
      await live.dispose();
    }
    const replay = await startTestServer({ clock, env: { QUOTE_SOURCE: "replay", REPLAY_DIR: dir } });
    try {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...paths), async (p) => {
          const r = await call(replay.url, "GET", p);
          assert.equal(r.status, 200, p);
          assert.deepEqual(r.body, answers.get(p));
        }),
        { numRuns: 40 },
      );
      const miss = await call(replay.url, "GET", "/api/v1/security/list?market=SZ&start=3000");
      assert.equal(miss.status, 503);
      assert.match(miss.body.detail, /no recorded reply/);
    } finally {
      await replay.dispose();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
