/** The CSV export's table choice (spec priority) and its CSV text. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { mainTable, toCsv } from "../../../../adapters/http/backtest/task-export.ts";

test("priority: trades, then ranking, then equity_curve, then the performance pairs; empty tables count as missing", () => {
  const trades = [{ datetime: "2024-01-02T00:00:00", pnl: 1 }];
  const ranking = [{ params: { fast: 5 }, sharpe: 1.2 }];
  const equity = [{ datetime: "2024-01-02T00:00:00", total: 100 }];
  assert.deepEqual(mainTable({ trades, ranking, equity_curve: equity }), trades);
  assert.deepEqual(mainTable({ trades: [], ranking, equity_curve: equity }), ranking);
  assert.deepEqual(mainTable({ equity_curve: equity, performance: { sharpe: 1 } }), equity);
  assert.deepEqual(mainTable({ performance: { sharpe: 1.5, total_return: null } }), [
    { metric: "sharpe", value: 1.5 },
    { metric: "total_return", value: null },
  ]);
  assert.deepEqual(mainTable({ rows: [{ symbol: "SZ:000001" }], equity_curve: equity }), [{ symbol: "SZ:000001" }], "a screen's rows");
});

test("a walk-forward's windows, a multi-seed's runs and a screen's rows only in a result without performance", () => {
  const windows = [{ index: 0, start: "2024-01-02T00:00:00", end: "2024-03-29T00:00:00", bars: 60 }];
  assert.deepEqual(mainTable({ walkforward: { windows, consistency: 1 } }), windows, "a walk-forward task");
  const evaluation = {
    performance: { total_return: 0.12, sharpe: 0.8 },
    score: { total: 61 },
    grade: { grade: "B" },
    walkforward: { windows, consistency: 1 },
    fitness: { checks: [] },
    benchmark: { excess_return: 0.02 },
    config: { strategy: "ma_cross" },
  };
  assert.deepEqual(mainTable(evaluation), [
    { metric: "total_return", value: 0.12 },
    { metric: "sharpe", value: 0.8 },
  ]);
  const runs = [{ seed: 5, total_return: 0.1 }];
  assert.deepEqual(mainTable({ runs, total_performance: { sharpe: 2 } }), [{ metric: "sharpe", value: 2 }]);
  assert.deepEqual(mainTable({ runs, performance: null }), runs, "a null performance counts as missing");
});

test("portfolio and multi-strategy results: every member's trades with its key first, then the combined equity", () => {
  const result = {
    individual_results: { "SZ:000001": { trades: [{ datetime: "d1", pnl: 1 }] }, "SH:600519": { trades: [{ datetime: "d2", pnl: 2 }] } },
    combined_equity: [{ datetime: "d1", total: 1 }],
    total_performance: { sharpe: 2 },
  };
  assert.deepEqual(mainTable(result), [
    { symbol: "SZ:000001", datetime: "d1", pnl: 1 },
    { symbol: "SH:600519", datetime: "d2", pnl: 2 },
  ]);
  assert.deepEqual(mainTable({ ...result, individual_results: { a: { trades: [] } } }), result.combined_equity);
});

test("CSV: header of every key in first-seen order, null empty, quoting, nested values as JSON", async () => {
  const csv = await toCsv([
    { a: 1, b: "x,y", c: null },
    { a: 2, d: { fast: 5 }, b: 'say "hi"', e: true },
  ]);
  assert.equal(csv, 'a,b,c,d,e\n1,"x,y",,,\n2,"say ""hi""",,"{""fast"":5}",true\n');
});
