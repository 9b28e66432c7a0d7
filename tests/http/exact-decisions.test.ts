/**
 * Issue 17 over real HTTP: no trade or signal from rounding noise.
 * (a) 18 inline daily bars where MA(3) and MA(10) are both exactly 3.37 on
 *     2024-01-22 (checked here in BigInt): `ma_cross` 3/10 bought on the golden
 *     cross must not sell on the tie (running sums once gave 3.3699999999999983
 *     against 3.3699999999999997, a "dead cross").
 * (b) the demo market's SH:600519, where MA5 = MA20 = 4.146 exactly on
 *     2024-01-05 (checked here in BigInt on the /bars closes): an `ma_cross`
 *     portfolio holds through it; it sells only where the strict rule says so.
 * (c) a real formula's `VD>0`, where VD sums 34 terms that are exactly 0
 *     whenever no close rose, agrees with `COUNT(OSC>0,34)>0` on every bar.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";
import { runTask } from "./task-polling.ts";

/** Weekdays from 2024-01-01: bar 15 is 2024-01-22. */
function weekdays(n: number): string[] {
  const out: string[] = [];
  for (let t = Date.UTC(2024, 0, 1); out.length < n; t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

const records = (cents: readonly number[], dates: readonly string[]) =>
  cents.map((c, i) => ({ date: dates[i], open: c / 100, high: (c + 2) / 100, low: (c - 2) / 100, close: c / 100, vol: 1e6 }));

/** Window total of integer closes, exact. */
const total = (q: readonly bigint[], end: number, n: number) => q.slice(end - n + 1, end + 1).reduce((a, b) => a + b, 0n);
/** Sign of MA(fast) − MA(slow) at bar i, in exact arithmetic. */
const order = (q: readonly bigint[], i: number, fast: number, slow: number) => {
  const d = total(q, i, fast) * BigInt(slow) - total(q, i, slow) * BigInt(fast);
  return d > 0n ? 1 : d < 0n ? -1 : 0;
};
/** Bars where the strict rule crosses down (fast above, then below) / up, in exact arithmetic. */
function exactCrosses(q: readonly bigint[], fast: number, slow: number) {
  const up: number[] = [];
  const down: number[] = [];
  for (let i = slow; i < q.length; i++) {
    const [a, b] = [order(q, i - 1, fast, slow), order(q, i, fast, slow)];
    if (a < 0 && b > 0) up.push(i);
    if (a > 0 && b < 0) down.push(i);
  }
  return { up, down };
}

describe("decisions on exact ties (issue 17)", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer({ clock: new FakeClock(Date.UTC(2026, 10, 20, 6, 0)) })));
  after(() => s.dispose());

  test("(a) inline bars: MA(3) = MA(10) = 3.37 on 2024-01-22 is no dead cross; ma_cross 3/10 never sells", async () => {
    const cents = [343, 341, 350, 320, 313, 341, 315, 331, 322, 334, 356, 367, 334, 353, 346, 312, 330, 354];
    const dates = weekdays(cents.length);
    const q = cents.map(BigInt);
    const tie = dates.indexOf("2024-01-22");
    assert.equal(total(q, tie, 3), 3n * 337n, "MA(3) is exactly 3.37 on 2024-01-22");
    assert.equal(total(q, tie, 10), 10n * 337n, "MA(10) is exactly 3.37 on 2024-01-22");
    assert.equal(order(q, tie - 1, 3, 10), 1, "the fast average is above the slow one the bar before");
    assert.equal(order(q, tie + 1, 3, 10), -1, "and below it the bar after");
    const exact = exactCrosses(q, 3, 10);
    assert.deepEqual(exact, { up: [10], down: [] }, "in exact arithmetic: one golden cross, no dead cross");

    const r = await call(s.url, "POST", "/api/v1/backtest/run", {
      json: { strategy: "ma_cross", params: { fast: 3, slow: 10 }, ohlcv: records(cents, dates), cash: 100_000 },
    });
    assert.equal(r.status, 200, r.text);
    const fills = r.body.trades.filter((t: { rejected: boolean }) => !t.rejected);
    // the engine fills a signal on the next bar
    assert.deepEqual(
      fills.map((t: { datetime: string; direction: string }) => [t.datetime.slice(0, 10), t.direction]),
      [[dates[exact.up[0]! + 1], "BUY"]],
      "one buy after the golden cross, no sell on the tie",
    );
    assert.equal(r.body.performance.total_trades, 0, "no closed trade");
  });

  test("(b) demo market: SH:600519's MA5 = MA20 = 4.146 on 2024-01-05 does not make an ma_cross portfolio sell", async () => {
    const bars = await call(s.url, "GET", "/api/v1/bars?market=SH&code=600519&count=800");
    assert.equal(bars.status, 200);
    const data: { date: string; close: number }[] = bars.body.data;
    const q = data.map((b) => BigInt(Math.round(b.close * 1000)));
    const tie = data.findIndex((b) => b.date.startsWith("2024-01-05"));
    assert.ok(tie > 20, "2024-01-05 is in the demo history");
    assert.equal(total(q, tie, 5) * 20n, total(q, tie, 20) * 5n, "MA5 = MA20 exactly on 2024-01-05");
    assert.equal(total(q, tie, 5), 5n * 4146n, "both are 4.146");
    assert.equal(order(q, tie - 1, 5, 20), 1, "MA5 above MA20 the bar before");
    assert.equal(order(q, tie + 1, 5, 20), -1, "and below it the bar after");

    const done = await runTask(s.url, "/api/v1/backtest/portfolio/run/async", { strategy: "ma_cross", stocks: ["SH:600519", "SZ:000001"], count: 800 });
    assert.equal(done.status, "done", done.error);
    const sells = done.result.individual_results["SH600519"].trades
      .filter((t: { direction: string; rejected: boolean }) => t.direction === "SELL" && !t.rejected)
      .map((t: { datetime: string }) => t.datetime.slice(0, 10));
    // the engine sells on the bar after a dead cross; the exact rule's dead crosses within the run
    const exact = exactCrosses(q, 5, 20).down.map((i) => data[i + 1]?.date.slice(0, 10)).filter((d) => d !== undefined);
    assert.ok(!sells.includes("2024-01-08") && !sells.includes("2024-01-09"), `no sell after the tie: ${sells.slice(0, 5)}`);
    assert.ok(exact.includes("2024-03-14"), "the exact rule's next dead cross sells on 2024-03-14");
    for (const d of sells) assert.ok(exact.includes(d), `sell on ${d} follows an exact dead cross`);
  });

  test("(c) formula: VD>0 agrees with COUNT(OSC>0,34)>0 on every bar", async () => {
    // rises, then long flat or falling stretches (no up-close for more than 34 bars), twice
    const cents: number[] = [];
    let c = 1000;
    for (let i = 0; i < 100; i++) {
      const phase = i % 50;
      c += phase < 5 ? [3, 7, 11, 1][i % 4]! : phase % 3 === 0 ? -2 : 0;
      cents.push(c);
    }
    const text = `OSC:=CLOSE-REF(CLOSE,1);
VD:=SUM(IF(OSC>0,OSC*1.003,OSC*1.003>0),34)/34;
A:VD>0;
B:COUNT(OSC>0,34)>0;
V:VD;`;
    const dates = Array.from({ length: cents.length }, (_, i) => new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
    const r = await call(s.url, "POST", "/api/v1/formula/compute", { json: { text, ohlcv: records(cents, dates), tail: 100 } });
    assert.equal(r.status, 200, r.text);
    const rows: { A: number | null; B: number | null; V: number | null }[] = r.body.recent;
    assert.equal(rows.length, 100);
    let zeros = 0;
    for (let i = 0; i < rows.length; i++) {
      const { A, B, V } = rows[i]!;
      assert.equal(A === 1, B === 1, `bar ${i}: VD>0 is ${A}, COUNT(OSC>0,34)>0 is ${B} (VD ${V})`);
      if (B === 0 && i > 0) {
        assert.equal(V, 0, `bar ${i}: a window without a rise sums to exactly 0`);
        zeros++;
      }
    }
    assert.ok(zeros >= 20, `the series has windows without a rise (${zeros})`);
  });
});
