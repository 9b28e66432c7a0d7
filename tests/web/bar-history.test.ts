/** Bars beyond one request: paged back 800 at a time, stamped at bar end, cut to a result's span or a date range, at most 10 pages. */
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { barsBetween, barsCovering, MAX_PAGES, PAGE } from "../../apps/web/src/backtest/bar-history.ts";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** A server with `total` daily bars ending 2026-11-20 (one per calendar day, for simple arithmetic); records each request's query. */
function history(total: number): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  const day = (i: number) => new Date(Date.UTC(2026, 10, 20) - (total - 1 - i) * 86_400_000).toISOString().slice(0, 10);
  globalThis.fetch = async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://x");
    seen.push(url.searchParams);
    const start = Number(url.searchParams.get("start") ?? 0);
    const count = Number(url.searchParams.get("count"));
    const hi = Math.max(0, total - start);
    const lo = Math.max(0, hi - count);
    const data = Array.from({ length: hi - lo }, (_, k) => ({ date: day(lo + k), open: 1, high: 1, low: 1, close: lo + k, vol: 1, amount: 1 }));
    return new Response(JSON.stringify({ count: data.length, columns: [], data }), { status: 200 });
  };
  return seen;
}

const SRC = { market: "SH", code: "600000", category: "DAY", adjust: "QFQ", index: false } as const;

test("a result's span: pages back until its first bar, oldest first, cut to the span", async () => {
  const seen = history(2000);
  const rows = await barsCovering(SRC, "2024-06-01", "2026-11-18");
  assert.equal(rows[0]!.date, "2024-06-01");
  assert.equal(rows.at(-1)!.date, "2026-11-18");
  assert.ok(
    rows.every((r, i) => i === 0 || r.date! > rows[i - 1]!.date!),
    "rows.every((r, i) => i === 0 || r.date! > rows[i - 1]!.date!)",
  );
  assert.deepEqual(
    seen.map((q) => [q.get("start"), q.get("count"), q.get("bar_time"), q.get("adjust")]),
    [
      ["0", String(PAGE), "end", "QFQ"],
      ["800", String(PAGE), "end", "QFQ"],
    ],
  );
});

test("a date range: the start day included, an open end up to the latest bar; short histories stop early", async () => {
  history(2000);
  const rows = await barsBetween(SRC, "2025-01-01", "");
  assert.equal(rows[0]!.date, "2025-01-01");
  assert.equal(rows.at(-1)!.date, "2026-11-20");
  const seen = history(100);
  const all = await barsBetween(SRC, "2000-01-01", "2026-11-19");
  assert.equal(all.length, 99);
  assert.equal(seen.length, 1);
});

test("no more than 10 pages back, however far the start", async () => {
  const seen = history(20_000);
  const rows = await barsBetween(SRC, "1990-01-01", "");
  assert.equal(seen.length, MAX_PAGES);
  assert.equal(rows.length, MAX_PAGES * PAGE);
});
