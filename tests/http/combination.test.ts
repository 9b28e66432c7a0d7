/**
 * The combination strategy over real HTTP. Each mode is checked against the
 * test's own re-computation of the combined signal on real (simulator) bars:
 * the members' flags are derived here from the bars (moving-average cross,
 * Donchian channel, n-bar momentum), read through each member's position,
 * voted by the mode, and handed to the engine as a formula strategy that reads
 * them off the `amount` column (1 = buy, 2 = sell); both runs must trade
 * identically. Then the validation 422s, and the combination in the strategy
 * list, a portfolio, an optimisation grid over a member's parameter, and the
 * strategy library (saved, read back, scanned).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";
import { runTask } from "./task-polling.ts";

type Bar = { date: string; open: number; high: number; low: number; close: number; vol: number; amount: number };
type Flags = { buy: boolean[]; sell: boolean[] };

/** MA(C,fast) crossing MA(C,slow): strict, both windows full. */
function maCross(c: number[], fast: number, slow: number): Flags {
  const mean = (i: number, n: number) => (i + 1 < n ? NaN : c.slice(i + 1 - n, i + 1).reduce((a, x) => a + x, 0) / n);
  const buy = c.map((_, i) => i > 0 && mean(i - 1, fast) < mean(i - 1, slow) && mean(i, fast) > mean(i, slow));
  const sell = c.map((_, i) => i > 0 && mean(i - 1, slow) < mean(i - 1, fast) && mean(i, slow) > mean(i, fast));
  return { buy, sell };
}

/** Close above the highest high of the previous n bars; below the lowest low of the previous m. */
function donchian(bars: Bar[], n: number, m: number): Flags {
  const buy = bars.map((b, i) => i >= n && b.close > Math.max(...bars.slice(i - n, i).map((x) => x.high)));
  const sell = bars.map((b, i) => i >= m && b.close < Math.min(...bars.slice(i - m, i).map((x) => x.low)));
  return { buy, sell };
}

/** Close above / below the close n bars earlier (momentum with 0 % thresholds). */
function momentum(c: number[], n: number): Flags {
  return { buy: c.map((x, i) => i >= n && x > c[i - n]!), sell: c.map((x, i) => i >= n && x < c[i - n]!) };
}

/** easy_tdx's extract_factor_signals: a buy only while flat, a sell only while holding. */
function throughPosition(f: Flags): Flags {
  let holding = false;
  const buy: boolean[] = [];
  const sell: boolean[] = [];
  f.buy.forEach((b, i) => {
    const s = f.sell[i]!;
    buy.push(!holding && b);
    sell.push(holding && s);
    if (!holding && b) holding = true;
    else if (holding && s) holding = false;
  });
  return { buy, sell };
}

/** combine_masks + _ComboStrategy: votes per bar; MAJORITY is more than n/2; both at once → buy if flat, sell if held. */
function combined(members: Flags[], mode: string): number[] {
  const gated = members.map(throughPosition);
  const fires = (votes: number) => (mode === "AND" ? votes === gated.length : mode === "OR" ? votes > 0 : votes > gated.length / 2);
  let holding = false;
  return gated[0]!.buy.map((_, i) => {
    const buy = fires(gated.filter((g) => g.buy[i]).length);
    const sell = fires(gated.filter((g) => g.sell[i]).length);
    const code = buy && sell ? (holding ? 2 : 1) : buy ? 1 : sell ? 2 : 0;
    if (code === 1) holding = true;
    else if (code === 2) holding = false;
    return code;
  });
}

const locs = (r: { body: { detail: { loc: unknown[] }[] } }) => r.body.detail.map((d) => d.loc.join("."));

describe("combination strategy", () => {
  let s: TestServer;
  let bars: Bar[];
  const post = (path: string, json: unknown) => call(s.url, "POST", path, { json });
  before(async () => {
    s = await startTestServer({ clock: new FakeClock(Date.UTC(2026, 10, 20, 6, 0)) });
    const r = await call(s.url, "GET", "/api/v1/bars?market=SH&code=600519&count=600");
    bars = r.body.data.map((b: Bar) => ({ date: b.date, open: b.open, high: b.high, low: b.low, close: b.close, vol: b.vol, amount: b.amount }));
  });
  after(() => s.dispose());

  const params = (mode: string) => ({ members: "ma_cross,donchian,momentum", mode, "ma_cross.fast": 5, "ma_cross.slow": 20, "momentum.n": 10 });

  test("AND, MAJORITY and OR trade exactly as the independently combined signal does", async () => {
    assert.ok(bars.length >= 500, `real bars: ${bars.length}`);
    const c = bars.map((b) => b.close);
    const members = [maCross(c, 5, 20), donchian(bars, 20, 10), momentum(c, 10)];
    const trades: Record<string, number> = {};
    for (const mode of ["AND", "MAJORITY", "OR"]) {
      const mine = await post("/api/v1/backtest/run", { strategy: "combination", params: params(mode), ohlcv: bars, symbol: "SH:600519" });
      assert.equal(mine.status, 200, mine.text);
      const codes = combined(members, mode);
      const coded = bars.map((b, i) => ({ ...b, amount: codes[i] }));
      const theirs = await post("/api/v1/backtest/run", { strategy: "formula", params: { formula: "B:AMOUNT=1;S:AMOUNT=2;" }, ohlcv: coded, symbol: "SH:600519" });
      assert.equal(theirs.status, 200, theirs.text);
      assert.deepEqual(mine.body.trades, theirs.body.trades, `${mode}: same trades`);
      assert.deepEqual(mine.body.performance, theirs.body.performance, `${mode}: same performance`);
      trades[mode] = mine.body.trades.length;
    }
    assert.ok(trades.AND! > 0, `AND trades: ${trades.AND}`);
    assert.ok(trades.AND! < trades.OR!, `AND trades less than OR: ${JSON.stringify(trades)}`);
    assert.ok(trades.AND !== trades.MAJORITY || trades.MAJORITY !== trades.OR, `the modes differ: ${JSON.stringify(trades)}`);
  });

  test("MAJORITY of two members is AND (a tie is no majority)", async () => {
    const run = (mode: string) => post("/api/v1/backtest/run", { strategy: "combination", params: { members: "donchian,momentum", mode }, ohlcv: bars });
    const [and, majority, or] = await Promise.all([run("AND"), run("MAJORITY"), run("OR")]);
    assert.deepEqual(majority.body.trades, and.body.trades);
    assert.notDeepEqual(or.body.trades, and.body.trades, "OR differs, so the equality above means something");
  });

  test("422 in FastAPI's shape: unknown member, nesting, member count, members' parameters; the list shows mode and members", async () => {
    const bad = async (p: Record<string, unknown>, loc: string, msg: RegExp) => {
      const r = await post("/api/v1/backtest/run", { strategy: "combination", params: p, ohlcv: bars });
      assert.equal(r.status, 422, `${JSON.stringify(p)}: ${r.text}`);
      assert.ok(locs(r).includes(loc), `${JSON.stringify(p)}: ${locs(r)}`);
      assert.match(JSON.stringify(r.body.detail), msg);
      for (const d of r.body.detail) assert.deepEqual(Object.keys(d).sort(), ["input", "loc", "msg", "type"].filter((k) => k in d).sort());
    };
    await bad({ members: "ma_cross,nope" }, "body.params.members", /unknown strategy nope/);
    await bad({ members: "ma_cross,combination" }, "body.params.members", /nesting depth is 1/);
    await bad({ members: "ma_cross" }, "body.params.members", /2 to 8 members \(got 1\)/);
    await bad({ members: "ma_cross,ema_cross,macd,kdj_cross,rsi_reversal,boll_breakout,donchian,volume_breakout,momentum" }, "body.params.members", /2 to 8 members \(got 9\)/);
    await bad({ members: "ma_cross,ma_cross" }, "body.params.members", /listed twice/);
    await bad({ members: "ma_cross,macd", "ma_cross.fast": 0 }, "body.params.ma_cross.fast", /1/);
    await bad({ members: "ma_cross,macd", "ma_cross.fast": 30 }, "body.params.ma_cross.fast", /fast must be less than slow/);
    await bad({ members: "ma_cross,macd", "donchian.n": 20 }, "body.params.donchian.n", /not a member/);
    await bad({ members: "ma_cross,macd", mode: "XOR" }, "body.params.mode", /AND/);
    await bad({ members: "ma_cross,macd", "ma_cross.fsat": 3 }, "body.params.ma_cross.fsat", /fsat/);

    const list = await call(s.url, "GET", "/api/v1/backtest/strategies");
    const entry = list.body.strategies.find((x: { name: string }) => x.name === "combination");
    assert.deepEqual(
      entry.params.map((p: { name: string }) => p.name),
      ["mode", "members"],
    );
    assert.deepEqual(entry.params[0].choices, ["AND", "MAJORITY", "OR"]);
    assert.equal(entry.schema.properties["ma_cross.fast"].maximum, 60, "members' parameters stay in the JSON schema");
  });

  test("a portfolio and an optimisation grid over a member's parameter", async () => {
    const p = await runTask(s.url, "/api/v1/backtest/portfolio/run/async", { strategy: "combination", params: params("OR"), stocks: ["SH:600519", "SZ:000001"], count: 400 });
    assert.equal(p.status, "done", p.error);
    assert.deepEqual(Object.keys(p.result.individual_results).sort(), ["SH600519", "SZ000001"]);

    const grid = { "ma_cross.fast": [3, 5, 10], mode: ["AND", "OR"] };
    const o = await runTask(s.url, "/api/v1/backtest/optimize/run/async", { strategy: "combination", params: params("OR"), param_grid: grid, ohlcv: bars, min_trades: 0 });
    assert.equal(o.status, "done", o.error);
    assert.equal(o.result.grid_size, 6);
    assert.deepEqual(o.result.param_names, ["ma_cross.fast", "mode"]);
    const top = o.result.ranking[0];
    const alone = await post("/api/v1/backtest/run", { strategy: "combination", params: { ...params(top.mode), "ma_cross.fast": top["ma_cross.fast"] }, ohlcv: bars });
    assert.equal(alone.body.performance.total_return, top.total_return, "the best point's return is its own backtest's");
    assert.equal(o.result.best_params.members, "ma_cross,donchian,momentum");

    const wrong = await post("/api/v1/backtest/optimize/run/async", { strategy: "combination", params: params("OR"), param_grid: { "ma_cross.fast": [0, 5], "macd.nope": [1] }, ohlcv: bars });
    assert.equal(wrong.status, 422);
    assert.deepEqual(locs(wrong).sort(), ["body.param_grid.ma_cross.fast.0", "body.param_grid.macd.nope"]);
  });

  test("walk-forward and the evaluation take a combination, its mode searched in each in-sample span", async () => {
    const body = { strategy: "combination", params: params("OR"), param_grid: { mode: ["AND", "OR"] }, symbol: "SH:600519" };
    const wf = await runTask(s.url, "/api/v1/backtest/wf/run/async?n_windows=3", body);
    assert.equal(wf.status, "done", wf.error);
    assert.equal(wf.result.walkforward.windows.length, 3);
    for (const w of wf.result.walkforward.windows) assert.ok(["AND", "OR"].includes(w.params.mode) && w.params.members === "ma_cross,donchian,momentum", JSON.stringify(w.params));
    const ev = await runTask(s.url, "/api/v1/backtest/evaluate/run/async?n_windows=3", body);
    assert.equal(ev.status, "done", ev.error);
    assert.match(ev.result.grade.grade, /^[SABCD]$/);
  });

  test("the strategy library keeps a combination; the signal scan runs it", async () => {
    const saved = await post("/api/v1/strategies", {
      name: "三因子多数",
      kind: "single",
      strategy: "combination",
      params: params("MAJORITY"),
      context: { symbol: "SH:600519", category: "DAY" },
    });
    assert.equal(saved.status, 201, saved.text);
    const back = await call(s.url, "GET", `/api/v1/strategies/${saved.body.id}`);
    assert.deepEqual(back.body.params, params("MAJORITY"));
    const again = await post("/api/v1/backtest/run", { strategy: back.body.strategy, params: back.body.params, ohlcv: bars });
    const first = await post("/api/v1/backtest/run", { strategy: "combination", params: params("MAJORITY"), ohlcv: bars });
    assert.deepEqual(again.body.trades, first.body.trades);
    const scan = await runTask(s.url, "/api/v1/backtest/signal-scan/run/async", {});
    assert.equal(scan.status, "done", scan.error);
    const row = scan.result.rows.find((r: { strategy: string }) => r.strategy === "combination");
    assert.ok(row, `a row for the combination: ${JSON.stringify(scan.result.rows)}`);
    assert.equal(row.error ?? null, null, row.error);
  });
});
