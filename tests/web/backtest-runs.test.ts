/** Runs as the library describes them: requests built from them, saved and read back, results recognised by shape. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import type { Params } from "../../apps/web/src/api/backtest-types.ts";
import { comparableOf, curveOf, gradeOf, shapeOf } from "../../apps/web/src/backtest/result-shapes.ts";
import { contextJson, multiRequest, normalSymbol, portfolioRequest, type RunSpec, savedFrom, singleRequest, specFromSaved } from "../../apps/web/src/backtest/run-spec.ts";
import { resultPath } from "../../apps/web/src/backtest/task-pages.ts";

const single: RunSpec & { kind: "single" } = {
  kind: "single",
  strategy: "ma_cross",
  strategy_label: "双均线交叉",
  params: { fast: 5, slow: 20 },
  trade_config: { cash: 500000, t_plus_one: true, stamp_tax: "auto" },
  context: { symbol: "SH:600000", category: "DAY", adjust: "QFQ", span: { count: 300 } },
};

test("a single run's request: settings beside the strategy, latest bars by count, or a date range sent as the bars themselves", () => {
  assert.deepEqual(singleRequest(single), {
    strategy: "ma_cross",
    params: { fast: 5, slow: 20 },
    cash: 500000,
    t_plus_one: true,
    stamp_tax: "auto",
    symbol: "SH:600000",
    category: "DAY",
    adjust: "QFQ",
    count: 300,
  });
  const ranged = { ...single, context: { ...single.context, span: { start_date: "2026-01-05", end_date: "" } } };
  const bars = [
    { date: "2026-01-05", open: 1, high: 2, low: 0.5, close: 1.5, vol: 100, amount: null },
    { date: "2026-01-06", open: 1.5, high: 2, low: 1, close: 1.8, vol: null, amount: 10 },
  ];
  const body = singleRequest(ranged, bars);
  assert.equal("count" in body, false);
  assert.equal(body.symbol, "SH:600000");
  assert.deepEqual(body.ohlcv, [
    { date: "2026-01-05", open: 1, high: 2, low: 0.5, close: 1.5, vol: 100, amount: 0 },
    { date: "2026-01-06", open: 1.5, high: 2, low: 1, close: 1.8, vol: 0, amount: 10 },
  ]);
});

test("portfolio and multi-strategy requests carry their members, span and settings", () => {
  const pf: RunSpec & { kind: "portfolio" } = {
    ...single,
    kind: "portfolio",
    context: { stocks: ["SZ:000001", "SH:600519"], weights: [0.5, 0.3], category: "WEEK", adjust: "NONE", span: { start_date: "2024-01-01", end_date: "2025-01-01" } },
  };
  assert.deepEqual(portfolioRequest(pf), {
    strategy: "ma_cross",
    params: { fast: 5, slow: 20 },
    cash: 500000,
    t_plus_one: true,
    stamp_tax: "auto",
    stocks: ["SZ:000001", "SH:600519"],
    weights: [0.5, 0.3],
    category: "WEEK",
    adjust: "NONE",
    start_date: "2024-01-01",
    end_date: "2025-01-01",
  });
  const items = [{ strategy: "macd", strategy_label: "", params: {}, symbol: "SZ:000001", category: "DAY" as const }];
  const mf: RunSpec = { kind: "multi", strategy: "multi", strategy_label: "macd", params: {}, trade_config: { cash: 1e6 }, context: { items, adjust: "QFQ", count: 400 } };
  assert.deepEqual(multiRequest(mf), { items, cash: 1e6, count: 400, adjust: "QFQ" });
});

const symbolArb = fc.tuple(fc.constantFrom("SZ", "SH", "BJ"), fc.stringMatching(/^\d{6}$/)).map(([m, c]) => `${m}:${c}`);
const paramsArb: fc.Arbitrary<Params> = fc.dictionary(fc.stringMatching(/^[a-z_]{1,8}$/), fc.oneof(fc.integer(), fc.boolean(), fc.string()), { noNullPrototype: true });
const spanArb = fc.oneof(
  fc.integer({ min: 20, max: 2000 }).map((count) => ({ count })),
  fc.tuple(fc.date({ min: new Date(2000, 0, 1), max: new Date(2030, 0, 1), noInvalidDate: true }), fc.boolean()).map(([d, open]) => ({
    start_date: d.toISOString().slice(0, 10),
    end_date: open ? "" : "2030-12-31",
  })),
);
const specArb: fc.Arbitrary<RunSpec> = fc.oneof(
  fc.record({ symbol: symbolArb, span: spanArb, params: paramsArb }).map(({ symbol, span, params }): RunSpec => ({ ...single, params, context: { symbol, category: "MIN_30", adjust: "HFQ", span } })),
  fc.record({ stocks: fc.uniqueArray(symbolArb, { minLength: 1, maxLength: 5 }), span: spanArb, weighted: fc.boolean() }).map(
    ({ stocks, span, weighted }): RunSpec => ({
      ...single,
      kind: "portfolio",
      context: { stocks, weights: weighted ? stocks.map(() => 1 / stocks.length) : null, category: "DAY", adjust: "QFQ", span },
    }),
  ),
  fc.record({ symbols: fc.array(symbolArb, { minLength: 1, maxLength: 4 }), count: fc.integer({ min: 20, max: 2000 }), params: paramsArb }).map(
    ({ symbols, count, params }): RunSpec => ({
      kind: "multi",
      strategy: "multi",
      strategy_label: "x",
      params: {},
      trade_config: { cash: 1e6 },
      context: { items: symbols.map((symbol) => ({ strategy: "macd", strategy_label: "", params, symbol, category: "DAY", start_date: null, end_date: null })), adjust: "QFQ", count },
    }),
  ),
);

test("a saved run reads back as the same run (what the library stores is enough to rerun it)", () => {
  fc.assert(
    fc.property(specArb, (spec) => {
      const saved = JSON.parse(JSON.stringify(savedFrom(spec, { total_return: 0.1, sharpe: null }, { name: "n", tags: ["a"], notes: "" })));
      assert.deepEqual(specFromSaved(saved), spec);
      assert.equal(saved.snapshot.total_return, 0.1);
      assert.equal(saved.snapshot.max_drawdown, null);
    }),
  );
});

test("saved strategies from other clients are read leniently, or refused whole", () => {
  const base = { kind: "single" as const, strategy: "ma_cross", strategy_label: "", params: { fast: 5 }, trade_config: { cash: 1e6, junk: { x: 1 } } };
  const fromEasyTdx = specFromSaved({ ...base, context: { symbol: "SZ000001", category: "DAY", start_date: "2020-01-06", end_date: "2026-05-01" } });
  assert.deepEqual(fromEasyTdx?.context, { symbol: "SZ:000001", category: "DAY", adjust: "QFQ", span: { start_date: "2020-01-06", end_date: "2026-05-01" } });
  assert.deepEqual(fromEasyTdx?.trade_config, { cash: 1e6 });
  assert.equal(specFromSaved({ ...base, context: {} }), null);
  assert.equal(specFromSaved({ ...base, kind: "portfolio", context: { stocks: ["SZ:000001", "nonsense"] } }), null);
  assert.equal(specFromSaved({ ...base, kind: "multi", context: { items: [] } }), null);
  assert.equal(normalSymbol(" sh600000 "), "SH:600000");
  assert.equal(normalSymbol("600000"), null);
  assert.deepEqual(contextJson(single), { symbol: "SH:600000", category: "DAY", adjust: "QFQ", count: 300 });
});

const point = (datetime: string, total: number) => ({ datetime, cash: total, position_value: 0, total, drawdown: 0, drawdown_pct: 0.01 });

test("results are recognised by their shape; comparable ones give a performance and an equity curve", () => {
  const single = { performance: { sharpe: 1 }, equity_curve: [point("2026-01-05T00:00:00", 1)], trades: [], positions: [], config: {} };
  const portfolio = { total_performance: { sharpe: 2 }, combined_equity: [point("2026-01-05T10:30:00", 2)], individual_results: {}, equity_allocation: {}, config: {} };
  const screen = { signal: "B", columns: ["symbol"], rows: [], total: 0, matched: 0, error_count: 0, errors: [], future_functions: [] };
  assert.deepEqual([shapeOf(single).kind, shapeOf(portfolio).kind, shapeOf(screen).kind, shapeOf({ ranking: [] }).kind, shapeOf(null).kind], ["single", "portfolio", "screen", "other", "other"]);
  assert.equal(comparableOf(portfolio)?.performance.sharpe, 2);
  assert.equal(comparableOf(screen), null);
  assert.deepEqual(curveOf("x", portfolio.combined_equity), { name: "x", times: ["2026-01-05 10:30"], values: [2], drawdown: [0.01] });
});

test("a grade is shown only when the result carries one", () => {
  assert.equal(gradeOf({ performance: {} }), null);
  assert.equal(gradeOf({ grade: "a" }), "A");
  assert.equal(gradeOf({ rating: "S" }), "S");
  assert.equal(gradeOf({ evaluation: { grade: "C" } }), "C");
  assert.equal(gradeOf({ grade: "E" }), null);
});

test("each task kind opens on its page; kinds without a page open nowhere", () => {
  assert.equal(resultPath("backtest", "abc"), "/backtest?task=abc");
  assert.equal(resultPath("multi_strategy", "abc"), "/portfolio?task=abc");
  assert.equal(resultPath("formula_screen", "abc"), "/formula?task=abc");
  assert.equal(resultPath("some_future_kind", "abc"), null);
});
