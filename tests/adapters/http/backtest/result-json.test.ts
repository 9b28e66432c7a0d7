/** The direct JSON writer of backtest results writes exactly what JSON.stringify writes for the row form. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { backtestResultJson } from "../../../../adapters/http/backtest/result-json.ts";
import { backtestTables, resultOf } from "../../../../core/backtest/index.ts";
import { maCross } from "../../../../plugins/strategies/ma-cross.ts";
import { walkArb } from "../../../plugins/strategies/strategy-cases.ts";

const decoder = new TextDecoder();

test("byte for byte the text of JSON.stringify(resultOf(tables)), for any run", () => {
  fc.assert(
    fc.property(walkArb, fc.constantFrom(0, 0.0003, 0.00137), fc.constantFrom("next_open" as const, "next_close" as const), (s, commission, execution) => {
      const tables = backtestTables(s, maCross.signals(s, { fast: 2, slow: 5 }), { commission, execution, cash: 123_456.78 }, { code: "300001" });
      assert.equal(decoder.decode(backtestResultJson(tables)), JSON.stringify(resultOf(tables)));
    }),
    { numRuns: 100 },
  );
});

test("missing closes (NaN) become null, as in the rows", () => {
  const s = fc.sample(
    walkArb.filter((x) => x.length > 10),
    { numRuns: 1, seed: 7 },
  )[0]!;
  s.close[3] = NaN;
  s.open[4] = NaN;
  const tables = backtestTables(s, maCross.signals(s, { fast: 2, slow: 3 }), {}, { code: "600000" });
  const text = decoder.decode(backtestResultJson(tables));
  assert.equal(text, JSON.stringify(resultOf(tables)));
  assert.ok(!text.includes("NaN"), '!text.includes("NaN")');
});
