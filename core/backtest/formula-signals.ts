/**
 * A TDX formula as a trading signal: which output column buys, which sells, and
 * the entry/exit flags they give on a bar series. Used by the `formula`
 * strategy, the formula backtest task and the formula screen, so all three read
 * a formula the same way.
 *
 * Columns are named as the formula names its outputs (case-insensitive match).
 * Without names, the first signal column buys and the second, if there is one,
 * sells (`B:...; S:...;`); `sell = "none"` asks for no sell column. A bar's
 * value counts as "on" when it is a number other than 0. Without a sell column
 * the buy column is read as a position state: long while it is on, out when it
 * turns off (so an event column such as CROSS(...) alone gives one-bar holds).
 *
 * Compiled formulas are kept in a small cache keyed by text and parameters, as a
 * parameter sweep or a screen evaluates one formula on many series.
 */
import type { BarSeries } from "../bars/index.ts";
import { compileFormula, evaluatePlan, formatDiagnostic, type FormulaPlan } from "../formula/index.ts";
import type { SignalArrays } from "./kernel.ts";

export interface SignalFormula {
  readonly plan: FormulaPlan;
  /** Output names in order, with their kinds. */
  readonly outputs: readonly { readonly name: string; readonly kind: "signal" | "numeric" }[];
  readonly buy: string;
  readonly sell: string | null;
  /** Functions that read later bars (ZIG, REFX, ...): a backtest using them sees the future. */
  readonly futureFunctions: readonly string[];
}

export interface SignalFormulaIssue {
  readonly field: "formula" | "buy" | "sell";
  readonly message: string;
}

export type SignalFormulaCheck = { readonly ok: true; readonly formula: SignalFormula } | { readonly ok: false; readonly issues: readonly SignalFormulaIssue[] };

const CACHE_SIZE = 64;
const cache = new Map<string, SignalFormulaCheck>();

/** The output named `wanted` in any letter case: the compiler refuses two names that differ only in case. */
function findColumn(names: readonly string[], wanted: string): string | undefined {
  const key = wanted.toUpperCase();
  return names.find((n) => n.toUpperCase() === key);
}

function check(text: string, params: Readonly<Record<string, number>>, buy: string, sell: string): SignalFormulaCheck {
  const c = compileFormula(text, { params });
  if (!c.plan) return { ok: false, issues: c.errors.map((d) => ({ field: "formula" as const, message: formatDiagnostic(d) })) };
  const names = c.outputs.map((o) => o.name);
  const missing = (column: string) => `no output column ${column} (outputs: ${names.join(", ") || "none"})`;
  const issues: SignalFormulaIssue[] = [];
  const buyName = buy === "" ? c.outputs.find((o) => o.kind === "signal")?.name : findColumn(names, buy);
  if (buyName === undefined) {
    issues.push({
      field: buy === "" ? "formula" : "buy",
      message: buy === "" ? "the formula has no signal output to buy on; name a column in `buy`" : missing(buy),
    });
  }
  const signals = c.outputs.filter((o) => o.kind === "signal" && o.name !== buyName);
  const sellName = sell === "none" ? null : sell === "" ? (signals[0]?.name ?? null) : findColumn(names, sell);
  if (sellName === undefined) issues.push({ field: "sell", message: missing(sell) });
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    formula: { plan: c.plan, outputs: c.outputs, buy: buyName!, sell: sellName!, futureFunctions: c.futureFunctions },
  };
}

/** Compiles (or takes from the cache) a formula with its buy and sell column names ("" = the default, see above). */
export function compileSignalFormula(text: string, params: Readonly<Record<string, number>> = {}, buy = "", sell = ""): SignalFormulaCheck {
  const key = JSON.stringify([text, params, buy, sell]);
  const hit = cache.get(key);
  if (hit) return hit;
  const result = check(text, params, buy, sell);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, result);
  return result;
}

const on = (v: number) => v !== 0 && v === v;

/** Every output column of the formula on `series`, by name (`allocate`: where they live, see core/formula/evaluate.ts). */
export function formulaColumns(f: SignalFormula, series: BarSeries, allocate?: (n: number) => Float64Array): Map<string, Float64Array> {
  return new Map(evaluatePlan(f.plan, series, { allocate }).map((c) => [c.name, c.values]));
}

/** Entry and exit flags of the formula on `series` (see the module note for the rules). */
export function formulaSignals(f: SignalFormula, series: BarSeries): SignalArrays {
  const cols = formulaColumns(f, series);
  const buy = cols.get(f.buy)!;
  const sell = f.sell === null ? null : cols.get(f.sell)!;
  const n = series.length;
  const entries = new Uint8Array(n);
  const exits = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const b = on(buy[i]!);
    entries[i] = b ? 1 : 0;
    exits[i] = (sell === null ? !b : on(sell[i]!)) ? 1 : 0;
  }
  return { entries, exits };
}
