/** The request-settings validator and its field table. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { CONFIG_FIELDS, DEFAULT_CONFIG, DEFAULT_PORTFOLIO_CONFIG, PORTFOLIO_FIELDS, validateBacktestConfig, validatePortfolioConfig } from "../../../core/backtest/config.ts";

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

/**
 * Every setting's contract written again from the README's "Limits" table and the settings' documented
 * meaning (easy_tdx's defaults): [name, lowest, lowest excluded, highest, whole numbers only, default].
 */
const NUMBERS: readonly [string, number, boolean, number, boolean, number | "auto"][] = [
  ["cash", 0, true, 1e12, false, 1_000_000],
  ["commission", 0, false, 0.01, false, 0.0003],
  ["min_commission", 0, false, 10_000, false, 5],
  ["stamp_tax", 0, false, 0.01, false, "auto"],
  ["transfer_fee", 0, false, 0.01, false, "auto"],
  ["slippage", 0, false, 0.05, false, 0],
  ["sizing_fraction", 0, true, 1, false, 1],
  ["sizing_amount", 0, true, 1e12, false, 100_000],
  ["warmup_bars", 0, false, 100_000, true, 0],
  ["annual_days", 0, true, 366, false, 242],
  ["risk_free_rate", -1, true, 1, false, 0],
];
const PORTFOLIO_NUMBERS: typeof NUMBERS = [["rebalance_every", 1, false, 100_000, true, 20]];
const ENUMS: readonly [string, readonly string[], string][] = [
  ["execution", ["next_open", "next_close"], "next_open"],
  ["sizing", ["all_in", "fixed_fraction", "fixed_amount"], "all_in"],
];
const PORTFOLIO_ENUMS: typeof ENUMS = [
  ["allocation", ["independent", "shared"], "independent"],
  ["rebalance", ["none", "periodic"], "none"],
];
const BOOLEANS: readonly [string, boolean][] = [
  ["t_plus_one", true],
  ["board_lot", true],
  ["price_limit", true],
  ["suspension", true],
  ["allow_short", false],
  ["close_at_end", false],
];

for (const [kind, validate, numbers, enums] of [
  ["backtest", validateBacktestConfig, NUMBERS, ENUMS],
  ["portfolio", validatePortfolioConfig, [...NUMBERS, ...PORTFOLIO_NUMBERS], [...ENUMS, ...PORTFOLIO_ENUMS]],
] as const) {
  test(`${kind} settings: each number's bounds, whole numbers, "auto" for the fees; each choice; each switch`, () => {
    /** The one issue of a request with only `name` set, or null when it is accepted with that value. */
    const issueOf = (name: string, input: unknown) => {
      const r = (validate as (x: unknown) => ReturnType<typeof validateBacktestConfig>)({ [name]: input });
      if (r.ok) {
        assert.deepEqual((r.value as unknown as Record<string, unknown>)[name], input, `${name} = ${String(input)} is kept`);
        return null;
      }
      assert.equal(r.issues.length, 1, `${name} = ${String(input)}: one issue`);
      const { loc, type, msg, input: echoed } = r.issues[0]!;
      assert.deepEqual(loc, [name], "the issue names the field");
      assert.deepEqual(echoed, input, "and echoes the input");
      return `${type}: ${msg}`;
    };
    for (const [name, lo, excluded, hi, whole, auto] of numbers) {
      const below = excluded ? `greater_than: Input should be greater than ${lo}` : `greater_than_equal: Input should be greater than or equal to ${lo}`;
      assert.equal(issueOf(name, lo), excluded ? below : null, `${name} at its lowest`);
      assert.equal(issueOf(name, lo - 1), below, `${name} below its lowest`);
      assert.equal(issueOf(name, lo + Math.min(1 / 8, (hi - lo) / 8)), whole ? "int_type: Input should be a valid integer" : null, `${name} just above its lowest`);
      if (whole) assert.equal(issueOf(name, lo + 1), null, `${name}: a whole number`);
      assert.equal(issueOf(name, hi), null, `${name} at its highest`);
      assert.equal(issueOf(name, hi * 2 + 1), `less_than_equal: Input should be less than or equal to ${hi}`, `${name} above its highest`);
      for (const x of [Number.NaN, Infinity, "1", null, true]) assert.equal(issueOf(name, x), "float_type: Input should be a valid number", `${name} = ${String(x)}`);
      assert.equal(issueOf(name, "auto"), auto === "auto" ? null : "float_type: Input should be a valid number", `${name} = "auto"`);
    }
    for (const [name, values] of enums) {
      for (const v of values) assert.equal(issueOf(name, v), null, `${name} = ${v}`);
      for (const x of ["", values[0]!.toUpperCase(), 1]) {
        // pydantic's wording: 'a' or 'b'; 'a', 'b' or 'c'
        const last = `'${values[values.length - 1]}'`;
        const choices =
          values.length === 1
            ? last
            : `${values
                .slice(0, -1)
                .map((v) => `'${v}'`)
                .join(", ")} or ${last}`;
        assert.equal(issueOf(name, x), `enum: Input should be ${choices}`, `${name} = ${String(x)}`);
      }
    }
    for (const [name] of BOOLEANS) {
      for (const v of [true, false]) assert.equal(issueOf(name, v), null, `${name} = ${v}`);
      for (const x of [1, "true", null]) assert.equal(issueOf(name, x), "bool_type: Input should be a valid boolean", `${name} = ${String(x)}`);
    }
  });
}

test("defaults, written again: easy_tdx's BacktestRequest, the A-share switches on, no short, nothing closed at the end", () => {
  const backtest = {
    ...Object.fromEntries(NUMBERS.map(([name, , , , , d]) => [name, d])),
    ...Object.fromEntries(ENUMS.map(([name, , d]) => [name, d])),
    ...Object.fromEntries(BOOLEANS),
  };
  assert.deepEqual({ ...DEFAULT_CONFIG }, backtest, "DEFAULT_CONFIG");
  const portfolio = { ...backtest, ...Object.fromEntries(PORTFOLIO_NUMBERS.map(([name, , , , , d]) => [name, d])), ...Object.fromEntries(PORTFOLIO_ENUMS.map(([name, , d]) => [name, d])) };
  assert.deepEqual({ ...DEFAULT_PORTFOLIO_CONFIG }, portfolio, "DEFAULT_PORTFOLIO_CONFIG");
  const r = validatePortfolioConfig({});
  assert.ok(r.ok, "an empty request takes every default");
  assert.deepEqual({ ...r.value }, portfolio, "the portfolio defaults");
  assert.ok(
    Object.values(PORTFOLIO_FIELDS).every((f) => f.description.length > 10),
    "every portfolio setting is described",
  );
});

test("a request that is not an object is one issue at the root", () => {
  for (const input of [null, [1], "cash", 5, undefined]) {
    const r = validateBacktestConfig(input);
    assert.ok(!r.ok, `${JSON.stringify(input)} refused`);
    assert.deepEqual(r.issues, [{ loc: [], type: "dict_type", msg: "Input should be a valid dictionary", input }], `${JSON.stringify(input)}: the issue`);
  }
});
