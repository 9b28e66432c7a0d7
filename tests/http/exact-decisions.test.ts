/**
 * Issue 17 over real HTTP: no trade or signal from rounding noise. Every
 * case is checked here against exact integer arithmetic on the cents, and
 * each one made the service trade or signal on noise before the exact sums.
 * (a) 18 inline daily bars where MA(3) and MA(10) are both exactly 3.37 on
 *     2024-01-22: `ma_cross` 3/10, bought on the golden cross, must not sell
 *     on the tie (running sums once gave 3.3699999999999983 against
 *     3.3699999999999997, a "dead cross").
 * (b) the second case, a portfolio whose stock has MA5 = MA20
 *     exactly after MA5 was above (SH:600519 of the demo market on
 *     2024-01-05, 4.146): that market's prices are not fixed, so the test
 *     builds its own market instead, vipdoc `.day` files of 120 bars (the
 *     service reading them as QUOTE_SOURCE=vipdoc) with MA5 = MA20 = 12.884
 *     exactly on bar 50, where running sums gave 12.883999999999993 against
 *     12.884000000000004. The `ma_cross` portfolio holds through it and sells
 *     only after the exact rule's dead crosses.
 * (c) a real formula's `VD>0`, where VD sums 34 terms that are exactly 0
 *     whenever no close rose, agrees with `COUNT(OSC>0,34)>0` on every bar.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { encodeDayFile } from "../../adapters/vipdoc/vipdoc-day.ts";
import { allocSeries } from "../../core/bars/series.ts";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";
import { runTask } from "./task-polling.ts";

/** Weekdays from 2024-01-01 as UTC midnights. */
function weekdays(n: number): number[] {
  const out: number[] = [];
  for (let t = Date.UTC(2024, 0, 1); out.length < n; t += 86_400_000) {
    const d = new Date(t).getUTCDay();
    if (d !== 0 && d !== 6) out.push(t);
  }
  return out;
}
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

const records = (cents: readonly number[], days: readonly number[]) =>
  cents.map((c, i) => ({ date: isoDay(days[i]!), open: c / 100, high: (c + 2) / 100, low: (c - 2) / 100, close: c / 100, vol: 1e6 }));

/** Window total of integer closes, exact. */
const total = (q: readonly bigint[], end: number, n: number) => q.slice(end - n + 1, end + 1).reduce((a, b) => a + b, 0n);
/** Sign of MA(fast) − MA(slow) at bar i, in exact arithmetic. */
const order = (q: readonly bigint[], i: number, fast: number, slow: number) => {
  const d = total(q, i, fast) * BigInt(slow) - total(q, i, slow) * BigInt(fast);
  return d > 0n ? 1 : d < 0n ? -1 : 0;
};
/** Bars where the strict rule crosses up / down (fast below then above, and the reverse), in exact arithmetic. */
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

const fills = (trades: { datetime: string; direction: string; rejected: boolean }[]) => trades.filter((t) => !t.rejected).map((t) => [t.datetime.slice(0, 10), t.direction]);

describe("decisions on exact ties (issue 17)", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer({ clock: new FakeClock(Date.UTC(2026, 10, 20, 6, 0)) })));
  after(() => s.dispose());

  test("(a) inline bars: MA(3) = MA(10) = 3.37 on 2024-01-22 is no dead cross; ma_cross 3/10 never sells", async () => {
    const cents = [343, 341, 350, 320, 313, 341, 315, 331, 322, 334, 356, 367, 334, 353, 346, 312, 330, 354];
    const days = weekdays(cents.length);
    const q = cents.map(BigInt);
    const tie = days.map(isoDay).indexOf("2024-01-22");
    assert.equal(total(q, tie, 3), 3n * 337n, "MA(3) is exactly 3.37 on 2024-01-22");
    assert.equal(total(q, tie, 10), 10n * 337n, "MA(10) is exactly 3.37 on 2024-01-22");
    assert.equal(order(q, tie - 1, 3, 10), 1, "the fast average is above the slow one the bar before");
    assert.equal(order(q, tie + 1, 3, 10), -1, "and below it the bar after");
    const exact = exactCrosses(q, 3, 10);
    assert.deepEqual(exact, { up: [10], down: [] }, "in exact arithmetic: one golden cross, no dead cross");

    const r = await call(s.url, "POST", "/api/v1/backtest/run", {
      json: { strategy: "ma_cross", params: { fast: 3, slow: 10 }, ohlcv: records(cents, days), cash: 100_000 },
    });
    assert.equal(r.status, 200, r.text);
    // the engine fills a signal on the next bar
    assert.deepEqual(fills(r.body.trades), [[isoDay(days[exact.up[0]! + 1]!), "BUY"]], "one buy after the golden cross, no sell on the tie");
    assert.equal(r.body.performance.total_trades, 0, "no closed trade");
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
    const r = await call(s.url, "POST", "/api/v1/formula/compute", { json: { text, ohlcv: records(cents, weekdays(cents.length)), tail: 100 } });
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
    assert.ok(zeros >= 20, `the series has windows without a rise after ones with rises (${zeros})`);
  });
});

describe("a portfolio on an exact MA5/MA20 tie (issue 17, the demo market's SH:600519 case)", () => {
  // 120 daily closes in cents: MA5 = MA20 = 12.884 exactly on bar 50, MA5 above before, below after
  const tied = [
    1307, 1288, 1272, 1267, 1262, 1273, 1273, 1273, 1283, 1273, 1286, 1284, 1300, 1283, 1275, 1288, 1274, 1293, 1311, 1313, 1316, 1309, 1320, 1301, 1306, 1288, 1296, 1303, 1306, 1313, 1318, 1303,
    1292, 1282, 1282, 1278, 1286, 1276, 1265, 1278, 1282, 1300, 1284, 1295, 1311, 1312, 1313, 1301, 1287, 1267, 1274, 1277, 1292, 1307, 1302, 1317, 1314, 1298, 1279, 1287, 1290, 1292, 1294, 1289,
    1289, 1275, 1283, 1265, 1247, 1254, 1242, 1257, 1256, 1251, 1250, 1259, 1242, 1227, 1247, 1239, 1221, 1208, 1209, 1203, 1185, 1204, 1212, 1214, 1234, 1215, 1195, 1212, 1226, 1245, 1244, 1236,
    1253, 1268, 1265, 1280, 1287, 1297, 1298, 1314, 1332, 1338, 1329, 1324, 1314, 1329, 1330, 1338, 1339, 1331, 1334, 1322, 1329, 1333, 1331, 1337,
  ];
  // the portfolio's other stock: a plain zigzag
  const other = tied.map((_, i) => 1000 + ((i * 37) % 90));
  const days = weekdays(tied.length);
  let dir: string;
  let s: TestServer;

  function writeDay(market: "sh" | "sz", code: string, cents: readonly number[]): void {
    const bars = allocSeries(cents.length);
    cents.forEach((c, i) => {
      bars.time[i] = days[i]!;
      bars.open[i] = c / 100;
      bars.high[i] = (c + 5) / 100;
      bars.low[i] = (c - 5) / 100;
      bars.close[i] = c / 100;
      bars.vol[i] = 100_000;
      bars.amount[i] = c * 1000;
    });
    mkdirSync(join(dir, market, "lday"), { recursive: true });
    writeFileSync(join(dir, market, "lday", `${market}${code}.day`), encodeDayFile(bars, 100));
  }

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "tdx-forge-exact-vipdoc-"));
    writeDay("sh", "600519", tied);
    writeDay("sz", "000001", other);
    s = await startTestServer({ clock: new FakeClock(Date.UTC(2026, 10, 20, 6, 0)), env: { QUOTE_SOURCE: "vipdoc", VIPDOC_DIR: dir } });
  });
  after(async () => {
    await s?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  test("MA5 = MA20 = 12.884 on bar 50 does not make the ma_cross portfolio sell; its sells follow the exact dead crosses", async () => {
    const q = tied.map(BigInt);
    const T = 50;
    assert.equal(total(q, T, 5), (5n * 12884n) / 10n, "MA5 is exactly 12.884 on bar 50");
    assert.equal(total(q, T, 20) * 5n, total(q, T, 5) * 20n, "MA5 = MA20 exactly on bar 50");
    assert.equal(order(q, T - 1, 5, 20), 1, "MA5 above MA20 the bar before");
    assert.equal(order(q, T + 1, 5, 20), -1, "and below it the bar after");
    const exact = exactCrosses(q, 5, 20);
    assert.ok(!exact.down.includes(T) && !exact.down.includes(T + 1), "no exact dead cross at the tie");

    const bars = await call(s.url, "GET", "/api/v1/bars?market=SH&code=600519&count=800");
    assert.equal(bars.status, 200, bars.text);
    assert.deepEqual(
      bars.body.data.map((b: { close: number }) => Math.round(b.close * 100)),
      tied,
      "the service serves the .day file's closes",
    );

    const done = await runTask(s.url, "/api/v1/backtest/portfolio/run/async", {
      strategy: "ma_cross",
      params: { fast: 5, slow: 20 },
      stocks: ["SH:600519", "SZ:000001"],
      count: 800,
    });
    assert.equal(done.status, "done", done.error);
    const legs = fills(done.result.individual_results.SH600519.trades);
    // the engine fills a signal on the next bar: buys after exact golden crosses, sells after exact dead ones
    const expected = [...exact.up.map((i) => [i + 1, "BUY"] as const), ...exact.down.map((i) => [i + 1, "SELL"] as const)].filter(([i]) => i < tied.length).sort((a, b) => a[0] - b[0]);
    // a sell without a position (a dead cross before the first buy) is no fill
    const held: [string, string][] = [];
    let holding = false;
    for (const [i, side] of expected) {
      if ((side === "BUY") === holding) continue;
      holding = side === "BUY";
      held.push([isoDay(days[i]!), side]);
    }
    assert.ok(!legs.some(([d]) => d === isoDay(days[T + 1]!)), `no fill the day after the tie: ${JSON.stringify(legs)}`);
    assert.deepEqual(legs, held, "the fills are those of the exact rule");
    assert.ok(
      held.some(([, side]) => side === "SELL"),
      "the exact rule sells later (bar 61), so the test sees a real sell",
    );
  });
});
