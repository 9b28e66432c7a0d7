/** The backtest forms: trading settings read from the request's JSON Schema, strategy parameters with their bounds. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import type { JsonSchema } from "../../apps/web/src/api/endpoints.ts";
import type { StrategyInfo } from "../../apps/web/src/api/backtest-types.ts";
import { SINGLE_FIELDS } from "../../apps/web/src/backtest/forms.ts";
import { defaultSettings, isShown, settingFields, settingProblem, settingsToSend } from "../../apps/web/src/backtest/setting-fields.ts";
import { formulaParam, paramProblem, paramsFor, paramsText, paramsValid } from "../../apps/web/src/backtest/strategy-params.ts";

/** An excerpt of BacktestRequest as the server's OpenAPI document writes it. */
const REQUEST: JsonSchema = {
  type: "object",
  properties: {
    strategy: { type: "string" },
    params: { type: "object" },
    cash: { type: "number", exclusiveMinimum: 0, default: 1000000, description: "Initial capital in CNY." },
    stamp_tax: {
      anyOf: [
        { type: "number", minimum: 0, maximum: 0.01 },
        { type: "string", enum: ["auto"] },
      ],
      default: "auto",
      description: "Stamp duty",
    },
    execution: { type: "string", enum: ["next_open", "next_close"], default: "next_open" },
    t_plus_one: { type: "boolean", default: true, description: "T+1" },
    sizing: { type: "string", enum: ["all_in", "fixed_fraction", "fixed_amount"], default: "all_in" },
    sizing_fraction: { type: "number", exclusiveMinimum: 0, maximum: 1, default: 1 },
    warmup_bars: { type: "integer", minimum: 0, default: 0 },
    brand_new_switch: { type: "boolean", default: false, description: "a setting this page has never heard of" },
    ohlcv: { type: ["array", "null"] },
    symbol: { type: ["string", "null"] },
    category: { type: "string", enum: ["DAY", "WEEK"], default: "DAY" },
    count: { type: "integer", minimum: 20, maximum: 2000, default: 250 },
    adjust: { type: "string", enum: ["NONE", "QFQ", "HFQ"], default: "QFQ" },
  },
};

test("every property but the data and strategy fields is a setting, with its kind, default, bounds and wording", () => {
  const fields = settingFields(REQUEST, SINGLE_FIELDS);
  assert.deepEqual(
    fields.map((f) => [f.name, f.kind, f.group]),
    [
      ["cash", "number", "capital"],
      ["stamp_tax", "rate_or_auto", "costs"],
      ["execution", "enum", "execution"],
      ["t_plus_one", "boolean", "rules"],
      ["sizing", "enum", "sizing"],
      ["sizing_fraction", "number", "sizing"],
      ["warmup_bars", "integer", "execution"],
      ["brand_new_switch", "boolean", "advanced"],
    ],
  );
  const cash = fields[0]!;
  assert.deepEqual([cash.min, cash.exclusiveMin, cash.max, cash.default, cash.description], [0, true, undefined, 1000000, "Initial capital in CNY."]);
  assert.deepEqual([fields[1]!.min, fields[1]!.max, fields[1]!.default], [0, 0.01, "auto"]);
  assert.deepEqual(fields[2]!.options, ["next_open", "next_close"]);
  assert.deepEqual(defaultSettings(fields), {
    cash: 1000000,
    stamp_tax: "auto",
    execution: "next_open",
    t_plus_one: true,
    sizing: "all_in",
    sizing_fraction: 1,
    warmup_bars: 0,
    brand_new_switch: false,
  });
  assert.deepEqual(settingFields(undefined, SINGLE_FIELDS), []);
});

test("dependent settings apply only with their switch, and are only sent then", () => {
  const fields = settingFields(REQUEST, SINGLE_FIELDS);
  const fraction = fields.find((f) => f.name === "sizing_fraction")!;
  assert.equal(isShown(fraction, { sizing: "all_in" }), false);
  assert.equal(isShown(fraction, { sizing: "fixed_fraction" }), true);
  assert.equal("sizing_fraction" in settingsToSend(fields, { sizing: "all_in", sizing_fraction: 0.5 }), false);
  const sent = settingsToSend(fields, { sizing: "fixed_fraction", sizing_fraction: 0.5, cash: 5e5 });
  assert.deepEqual([sent.sizing_fraction, sent.cash, sent.t_plus_one], [0.5, 5e5, true]);
});

test("setting problems follow the schema's bounds (exclusive minimum, integer, rate or auto, options)", () => {
  const fields = settingFields(REQUEST, SINGLE_FIELDS);
  const by = (n: string) => fields.find((f) => f.name === n)!;
  assert.equal(settingProblem(by("cash"), 0), "min");
  assert.equal(settingProblem(by("cash"), Number.NaN), "number");
  assert.equal(settingProblem(by("warmup_bars"), 1.5), "integer");
  assert.equal(settingProblem(by("stamp_tax"), "auto"), null);
  assert.equal(settingProblem(by("stamp_tax"), 0.02), "max");
  assert.equal(settingProblem(by("execution"), "at_random"), "option");
  assert.equal(settingProblem(by("t_plus_one"), false), null);
  fc.assert(
    fc.property(fc.double({ min: -1, max: 2, noNaN: true }), (v) => {
      const p = settingProblem(by("sizing_fraction"), v);
      assert.equal(p, v <= 0 ? "min" : v > 1 ? "max" : null);
    }),
  );
});

const MA: StrategyInfo = {
  name: "ma_cross",
  label: "双均线交叉",
  description: "",
  params: [
    { name: "fast", type: "int", default: 5, label: "快线", min_value: 1, max_value: 60 },
    { name: "slow", type: "int", default: 20, label: "慢线", min_value: 5, max_value: 250 },
    { name: "p", type: "float", default: 2, label: "p", min_value: 0.5 },
    { name: "mode", type: "str", default: "reversion", label: "模式", choices: ["reversion", "breakout"] },
  ],
  preset_grid: {},
};

test("parameters: defaults, carried values of the right type, bounds", () => {
  assert.deepEqual(paramsFor(MA), { fast: 5, slow: 20, p: 2, mode: "reversion" });
  assert.deepEqual(paramsFor(MA, { fast: 10, slow: "x", gone: 3, mode: "breakout" }), { fast: 10, slow: 20, p: 2, mode: "breakout" });
  const [fast, , p, mode] = MA.params;
  assert.equal(paramProblem(fast!, 0), "min");
  assert.equal(paramProblem(fast!, 61), "max");
  assert.equal(paramProblem(fast!, 2.5), "integer");
  assert.equal(paramProblem(p!, 2.5), null);
  assert.equal(paramProblem(mode!, "sideways"), "choice");
  assert.equal(paramsValid(MA, paramsFor(MA)), true);
  assert.equal(paramsValid(MA, { ...paramsFor(MA), slow: 500 }), false);
  assert.equal(formulaParam(MA), undefined);
  assert.equal(paramsText({ fast: 5, formula: "B:CROSS(MA(CLOSE,5),MA(CLOSE,20));\nS:1;" }), "fast=5, formula=B:CROSS(MA(CLOSE,5),MA(C…");
});

test("the formula strategy's text is the parameter the formula editor edits", () => {
  const info: StrategyInfo = {
    ...MA,
    name: "formula",
    params: [
      { name: "formula", type: "str", default: "B:1;", label: "公式" },
      { name: "buy", type: "str", default: "", label: "买入列" },
    ],
  };
  assert.equal(formulaParam(info)?.name, "formula");
});
