/**
 * One batch of a formula screen: the formula on each security's bars, and the
 * value of every output column on the last bar. A security matches when its
 * signal column is on there. A security whose evaluation fails is reported, not
 * fatal to the batch.
 */
import { type BarSeries, barTimeLabel } from "../../bars/index.ts";
import { compileSignalFormula, formulaColumns } from "../../backtest/index.ts";

export interface ScreenItem {
  readonly symbol: string;
  readonly name: string;
  readonly bars: BarSeries;
}

export interface ScreenBatch {
  readonly text: string;
  readonly params: Readonly<Record<string, number>>;
  readonly signal: string;
  readonly items: readonly ScreenItem[];
}

export type ScreenOutcome =
  | {
      readonly symbol: string;
      readonly name: string;
      readonly matched: boolean;
      readonly date: string;
      readonly close: number | null;
      readonly values: Record<string, number | null>;
    }
  | { readonly symbol: string; readonly name: string; readonly error: string };

const finite = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v : null);

/**
 * Where the output columns of one security live: a screen reads only their last
 * values before evaluating the next security, so one buffer serves them all (a
 * fresh column per output and security was most of a screen's garbage over the
 * whole market). A column that does not fit (a plan that hands out more than
 * it sized for) gets its own memory.
 */
let columns = new Float64Array(0);
function columnsFor(outputs: number, n: number): (m: number) => Float64Array {
  if (columns.length < outputs * n) columns = new Float64Array(outputs * n);
  let used = 0;
  return (m) => (used + m <= columns.length ? columns.subarray(used, (used += m)) : new Float64Array(m));
}

export function screenBatch(batch: ScreenBatch): ScreenOutcome[] {
  const check = compileSignalFormula(batch.text, batch.params, batch.signal, "none");
  if (!check.ok) throw new RangeError(check.issues.map((i) => i.message).join("; "));
  const f = check.formula;
  return batch.items.map(({ symbol, name, bars }) => {
    try {
      const n = bars.length;
      if (n === 0) return { symbol, name, error: "no bars" };
      const values: Record<string, number | null> = {};
      for (const [col, v] of formulaColumns(f, bars, columnsFor(f.plan.outputs.length, n))) values[col] = finite(v[n - 1]);
      const last = bars.time[n - 1]!;
      const on = values[f.buy];
      return {
        symbol,
        name,
        matched: on !== null && on !== 0,
        date: barTimeLabel(last, last % 86_400_000 === 0),
        close: finite(bars.close[n - 1]),
        values,
      };
    } catch (e) {
      return { symbol, name, error: (e as Error).message };
    }
  });
}
