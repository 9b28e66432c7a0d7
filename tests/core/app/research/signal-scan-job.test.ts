import assert from "node:assert/strict";
import { test } from "node:test";
import { expandTargets, scanBatch, seriesKey } from "../../../../core/app/research/signal-scan-job.ts";
import { loadPlugins } from "../../../../plugins/index.ts";
import type { SavedStrategyRecord } from "../../../../ports/strategy-library.ts";
import { randomWalk } from "./research-bars.ts";

const record = (r: Partial<SavedStrategyRecord>): SavedStrategyRecord => ({
  id: "id",
  name: "n",
  kind: "single",
  strategy: "ma_cross",
  strategy_label: "",
  params: {},
  context: {},
  trade_config: {},
  snapshot: {},
  tags: [],
  notes: "",
  created_at: 0,
  updated_at: 0,
  app_version: "t",
  ...r,
});

test("saved strategies expand into strategy × symbol targets; damaged entries become error rows", () => {
  const targets = expandTargets([
    record({ id: "s", context: { symbol: "SZ:000001", category: "week" }, trade_config: { warmup_bars: 3, allow_short: true } }),
    record({ id: "p", kind: "portfolio", strategy: "macd", params: { short: 8 }, context: { stocks: ["SH:600519", "000002"] } }),
    record({ id: "m", kind: "multi", strategy: "", context: { items: [{ strategy: "rsi_reversal", symbol: "SZ:000001", params: { n: 9 } }, "junk", { strategy: "ma_cross" }] } }),
    record({ id: "x", context: {} }),
    record({ id: "y", kind: "multi", context: { items: [] } }),
    record({ id: "z", context: { symbol: "SZ:000001", category: "MIN_7" } }),
  ]);
  assert.deepEqual(
    targets.map((t) => [t.strategy_id, t.strategy, t.symbol, t.category, t.error]),
    [
      ["s", "ma_cross", "SZ:000001", "WEEK", null],
      ["p", "macd", "SH:600519", "DAY", null],
      ["p", "macd", "SZ:000002", "DAY", null],
      ["m", "rsi_reversal", "SZ:000001", "DAY", null],
      ["m", "", "", "DAY", "damaged group item"],
      ["m", "ma_cross", "", "DAY", "bad symbol null"],
      ["x", "ma_cross", "", "DAY", "bad symbol null"],
      ["y", "ma_cross", "", "DAY", "the group has no items (damaged entry)"],
      ["z", "ma_cross", "SZ:000001", "DAY", 'bad category "MIN_7"'],
    ],
  );
  assert.equal(targets[0]!.warmup_bars, 3);
  assert.equal(targets[0]!.allow_short, true);
  assert.deepEqual(targets[3]!.params, { n: 9 });
});

test("a batch scans each target on its bars; unknown strategies, bad parameters and missing bars are row errors", async () => {
  const registry = await loadPlugins();
  const bars = randomWalk(300, 11);
  const targets = expandTargets([
    record({ id: "a", context: { symbol: "SZ:000001" }, params: { fast: 3, slow: 8 } }),
    record({
      id: "b",
      kind: "multi",
      context: {
        items: [
          { strategy: "nope", symbol: "SZ:000001" },
          { strategy: "ma_cross", symbol: "SZ:000001", params: { fast: 30, slow: 5 } },
          { strategy: "ma_cross", symbol: "SH:600000" },
        ],
      },
    }),
    record({ id: "c", context: {} }),
  ]);
  const rows = scanBatch(registry, { window: 300, targets, series: { [seriesKey(targets[0]!)]: bars, "SH:600000|DAY": "bars not fetched: boom" } });
  assert.equal(rows[0]!.error, null);
  assert.ok(rows[0]!.recent_signals.length > 0, "rows[0]!.recent_signals.length > 0");
  assert.equal(rows[0]!.latest_signal, rows[0]!.recent_signals.at(-1)!.direction);
  assert.equal(rows[0]!.signal_date, rows[0]!.recent_signals.at(-1)!.date);
  // easy_tdx web/signal_scan.py lines 245 and 257: str(timestamp)[:16], "YYYY-MM-DD HH:MM" on daily bars too
  assert.match(rows[0]!.recent_signals[0]!.date, /^\d{4}-\d{2}-\d{2} 00:00$/);
  assert.match(rows[0]!.last_bar_date!, /^\d{4}-\d{2}-\d{2} 00:00$/);
  assert.equal(rows[0]!.position, rows[0]!.latest_signal === "BUY" ? "holding" : "flat");
  assert.equal(rows[0]!.last_close, bars.close[299]);
  assert.match(rows[1]!.error!, /unknown strategy nope/);
  assert.match(rows[2]!.error!, /bad parameters: fast/);
  assert.equal(rows[3]!.error, "bars not fetched: boom");
  assert.equal(rows[4]!.error, "bad symbol null");
});
