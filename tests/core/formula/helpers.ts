/** Small builders for formula tests: bars from plain arrays, one-output evaluation, NaN-aware comparison. */
import assert from "node:assert/strict";
import type { BarSeries } from "../../../core/bars/series.ts";
import { compileFormula, evaluatePlan, type EvaluateOptions } from "../../../core/formula/index.ts";

export interface Columns {
  readonly close: readonly number[];
  readonly open?: readonly number[];
  readonly high?: readonly number[];
  readonly low?: readonly number[];
  readonly vol?: readonly number[];
  readonly amount?: readonly number[];
  /** Bar times (UTC-encoded market time); default one bar a day from 2024-01-02. */
  readonly time?: readonly number[];
}

export function bars(c: Columns): BarSeries {
  const n = c.close.length;
  const f = (v: readonly number[] | undefined, dflt: readonly number[]) => Float64Array.from(v ?? dflt);
  return {
    length: n,
    time: f(
      c.time,
      Array.from({ length: n }, (_, i) => Date.UTC(2024, 0, 2 + i)),
    ),
    open: f(c.open, c.close),
    high: f(c.high, c.close),
    low: f(c.low, c.close),
    close: f(c.close, c.close),
    vol: f(c.vol, c.close),
    amount: f(c.amount, c.close),
  };
}

/** Evaluates `text` (wrapped as `X:text;` when it has no statement) and returns its last output. */
export function calc(text: string, c: Columns, options: EvaluateOptions & { readonly params?: Readonly<Record<string, number>> } = {}): Float64Array {
  const source = /[:;]/.test(text.replace(/'[^']*'/g, "")) ? text : `X:${text};`;
  const compiled = compileFormula(source, { params: options.params });
  assert.ok(compiled.plan, `does not compile: ${source}\n${compiled.errors.map((e) => e.message).join("\n")}`);
  const cols = evaluatePlan(compiled.plan, bars(c), options);
  return cols[cols.length - 1]!.values;
}

/** Element-wise equality with NaN equal to NaN and a relative/absolute tolerance. */
export function assertSeries(actual: ArrayLike<number>, expected: readonly number[], tol = 1e-9, label = ""): void {
  assert.equal(actual.length, expected.length, `${label} length`);
  for (let i = 0; i < expected.length; i++) {
    const a = actual[i]!;
    const e = expected[i]!;
    // the message (the whole series) is built only for a failure: long series are compared too
    if (Number.isNaN(e)) {
      if (!Number.isNaN(a)) assert.fail(`${label} bar ${i}: expected no value, got ${a} in [${Array.from(actual).join(", ")}]`);
    } else if (!(Math.abs(a - e) <= tol * Math.max(1, Math.abs(e)))) {
      assert.fail(`${label} bar ${i}: expected ${e}, got ${a} in [${Array.from(actual).join(", ")}]`);
    }
  }
}

export const N = NaN;
