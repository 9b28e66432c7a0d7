/** The request-settings validator and its field table. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { CONFIG_FIELDS, DEFAULT_CONFIG, DEFAULT_PORTFOLIO_CONFIG, validateBacktestConfig, validatePortfolioConfig } from "../../../core/backtest/config.ts";

test("defaults follow easy_tdx's BacktestRequest plus the A-share switches", () => {
  const r = validateBacktestConfig({ strategy: "ma_cross", params: {} });
  assert.ok(r.ok, "r.ok");
  assert.deepEqual(r.value, DEFAULT_CONFIG);
  assert.equal(DEFAULT_CONFIG.cash, 1_000_000);
  assert.equal(DEFAULT_CONFIG.commission, 0.0003);
  assert.equal(DEFAULT_CONFIG.min_commission, 5);
  assert.equal(DEFAULT_CONFIG.slippage, 0);
  assert.equal(DEFAULT_CONFIG.execution, "next_open");
  assert.equal(DEFAULT_CONFIG.stamp_tax, "auto");
  assert.equal(DEFAULT_CONFIG.annual_days, 242);
  assert.equal(DEFAULT_CONFIG.t_plus_one && DEFAULT_CONFIG.board_lot && DEFAULT_CONFIG.price_limit && DEFAULT_CONFIG.suspension, true);
  assert.equal(DEFAULT_PORTFOLIO_CONFIG.rebalance, "none");
  assert.ok(
    Object.values(CONFIG_FIELDS).every((f) => f.description.length > 10),
    "Object.values(CONFIG_FIELDS).every((f) => f.description.length > 10)",
  );
});

test("given values are kept, unknown keys ignored", () => {
  const r = validateBacktestConfig({ cash: 5e4, stamp_tax: 0.001, execution: "next_close", board_lot: false, extra: 1 });
  assert.ok(r.ok, "r.ok");
  assert.equal(r.value.cash, 5e4);
  assert.equal(r.value.stamp_tax, 0.001);
  assert.equal(r.value.execution, "next_close");
  assert.equal(r.value.board_lot, false);
  assert.equal((r.value as unknown as Record<string, unknown>).extra, undefined);
});

test("violations come back as FastAPI-style issues, one per field", () => {
  const r = validateBacktestConfig({
    cash: 0,
    commission: 0.5,
    stamp_tax: "sometimes",
    execution: "now",
    t_plus_one: "yes",
    warmup_bars: 1.5,
    slippage: Number.NaN,
  });
  assert.ok(!r.ok, "!r.ok");
  const byField = Object.fromEntries(r.issues.map((i) => [i.loc[0], i.type]));
  assert.deepEqual(byField, {
    cash: "greater_than",
    commission: "less_than_equal",
    stamp_tax: "float_type",
    execution: "enum",
    t_plus_one: "bool_type",
    warmup_bars: "int_type",
    slippage: "float_type",
  });
  assert.equal(r.issues.find((i) => i.loc[0] === "cash")!.input, 0);
  assert.ok(!validateBacktestConfig(null).ok, "!validateBacktestConfig(null).ok");
  assert.ok(!validateBacktestConfig([1]).ok, "!validateBacktestConfig([1]).ok");
});

test("portfolio settings add the rebalance rule", () => {
  const r = validatePortfolioConfig({ rebalance: "periodic", rebalance_every: 5 });
  assert.ok(r.ok, "r.ok");
  assert.equal(r.value.rebalance_every, 5);
  assert.equal(r.value.cash, 1_000_000);
  const bad = validatePortfolioConfig({ rebalance: "monthly", rebalance_every: 0 });
  assert.ok(!bad.ok, "!bad.ok");
  assert.deepEqual(
    bad.issues.map((i) => i.loc[0]),
    ["rebalance", "rebalance_every"],
  );
});
