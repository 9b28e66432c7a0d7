/**
 * REF, REFV, REFX, REFXV, CONST, VALUEWHEN and REFDATE against their definitions
 * (core/formula/LANGUAGE.md §3.1, the rules in core/formula/kernels/references.ts's header), written
 * again here bar by bar, on random series with gaps and lags that are numbers or series (negative,
 * fractional, invalid, past either end).
 */
import { test } from "node:test";
import fc from "fast-check";
import { constLast, ref, refDate, refv, refx, valueWhen } from "../../../../core/formula/kernels/references.ts";
import { assertSeries } from "../helpers.ts";
import { asOperand, at, count, operandOf, output, seriesOf, truthy, value } from "./arbitraries.ts";

const withLag = fc.integer({ min: 0, max: 12 }).chain((n) => fc.tuple(seriesOf(n, value), operandOf(n, count)));

/**
 * X on bar i + d (d = −lag for REF, +lead for REFX, truncated). A missing bar is invalid, except that a
 * per-bar REF reuses the previous bar's result and REFX past the end repeats X's last value.
 */
function shifted(x: readonly number[], op: number | readonly number[], sign: number, smooth: boolean, fillTail: boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < x.length; i++) {
    const l = at(op, i);
    const j = i + sign * Math.trunc(l);
    if (l !== l) out.push(NaN);
    else if (j >= 0 && j < x.length) out.push(x[j]!);
    else if (fillTail && j >= x.length) out.push(x[x.length - 1]!);
    else out.push(smooth && typeof op !== "number" && i > 0 ? out[i - 1]! : NaN);
  }
  return out;
}

test("REF and REFV: X from N bars ago; a per-bar REF reuses its previous result where that bar is missing", () => {
  fc.assert(
    fc.property(withLag, ([x, lag]) => {
      const run = (k: typeof ref) => output(x.length, (o) => k(o, Float64Array.from(x), asOperand(lag)));
      assertSeries(run(ref), shifted(x, lag, -1, true, false), 0, `REF lag ${lag}`);
      assertSeries(run(refv), shifted(x, lag, -1, false, false), 0, `REFV lag ${lag}`);
    }),
    { numRuns: 600, seed: 23 },
  );
});

test("REFX and REFXV: X from N bars later; past the end REFX repeats the last value, REFXV has none", () => {
  fc.assert(
    fc.property(withLag, ([x, lead]) => {
      const run = (fill: boolean) => output(x.length, (o) => refx(o, Float64Array.from(x), asOperand(lead), fill));
      assertSeries(run(true), shifted(x, lead, 1, false, true), 0, `REFX lead ${lead}`);
      assertSeries(run(false), shifted(x, lead, 1, false, false), 0, `REFXV lead ${lead}`);
    }),
    { numRuns: 600, seed: 29 },
  );
});

test("CONST is the last bar's value; VALUEWHEN holds X from the last bar where COND held", () => {
  const pair = fc.integer({ min: 0, max: 12 }).chain((n) => fc.tuple(seriesOf(n, value), seriesOf(n, value)));
  fc.assert(
    fc.property(pair, ([x, cond]) => {
      const n = x.length;
      assertSeries(
        output(n, (o) => constLast(o, Float64Array.from(x))),
        x.map(() => x[n - 1]!),
        0,
        "CONST",
      );
      const expected = x.map((_, i) => {
        let j = i;
        while (j >= 0 && !truthy(cond[j]!)) j--;
        return j < 0 ? NaN : x[j]!;
      });
      assertSeries(
        output(n, (o) => valueWhen(o, Float64Array.from(cond), Float64Array.from(x))),
        expected,
        0,
        "VALUEWHEN",
      );
    }),
    { numRuns: 400, seed: 31 },
  );
});

test("REFDATE: X on the last bar whose date is D (intraday bars share a date), invalid where there is none", () => {
  const day = fc.integer({ min: 1240101, max: 1240105 });
  const input = fc.integer({ min: 0, max: 12 }).chain((n) =>
    fc.tuple(
      seriesOf(n, value),
      seriesOf(n, day).map((d) => d.sort((a, b) => a - b)),
      operandOf(n, fc.oneof(day, fc.constant(NaN))),
    ),
  );
  fc.assert(
    fc.property(input, ([x, dates, d]) => {
      const expected = x.map((_, i) => {
        const j = dates.lastIndexOf(at(d, i));
        return j < 0 ? NaN : x[j]!;
      });
      assertSeries(
        output(x.length, (o) => refDate(o, Float64Array.from(x), asOperand(d), Float64Array.from(dates))),
        expected,
        0,
        "REFDATE",
      );
    }),
    { numRuns: 300, seed: 37 },
  );
});
