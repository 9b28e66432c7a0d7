/**
 * Runs a compiled plan over a bar series. Scalars (constants, parameters and
 * their arithmetic) are computed once; then each step runs one columnar
 * kernel over all bars, so the cost per bar is the kernel's inner loop and
 * nothing else. Every output is its own Float64Array, NaN where there is no
 * value yet.
 */
import type { BarSeries } from "../bars/series.ts";
import type { EvalContext, KernelArg } from "./catalog/spec.ts";
import type { ColumnKind } from "./ir.ts";
import type { FormulaPlan } from "./plan.ts";

export interface EvaluateOptions {
  /** Parameter values by name (any letter case); unspecified ones keep the values given at compile time. */
  readonly params?: Readonly<Record<string, number>>;
  /**
   * What one unit of VOL is in the series' volume unit. TDX shows A-share
   * volume in lots (手): pass 100 when `series.vol` is in shares and the
   * formula should see lots. Default 1 (VOL is `series.vol`).
   */
  readonly volUnit?: number;
  /** TDX PERIOD code the formula sees (0 = 1-minute … 5 = day, 6 = week, 7 = month …). Default 5. */
  readonly period?: number;
}

export interface FormulaColumn {
  readonly name: string;
  readonly kind: ColumnKind;
  readonly values: Float64Array;
}

/** Thrown for caller mistakes only (an unknown parameter name); formula problems are reported by compilation. */
export class FormulaUsageError extends Error {
  override readonly name = "FormulaUsageError";
}

/** Temporaries are kept between evaluations only for series up to this length. */
const SCRATCH_LIMIT = 1 << 16;

function scalarValues(plan: FormulaPlan, params: Readonly<Record<string, number>> | undefined): Float64Array {
  let overrides: Map<string, number> | undefined;
  if (params) {
    overrides = new Map();
    for (const [k, v] of Object.entries(params)) {
      const key = k.toUpperCase();
      if (!plan.params.some((q) => q.key === key)) {
        throw new FormulaUsageError(`the formula has no parameter ${k} (it has ${plan.params.map((q) => q.name).join(", ") || "none"})`);
      }
      overrides.set(key, v);
    }
  }
  const s = new Float64Array(plan.scalarCount);
  for (const step of plan.scalarSteps) {
    if (step.constant !== undefined) s[step.out] = step.constant;
    else if (step.param !== undefined) {
      s[step.out] = overrides?.get(step.param) ?? plan.params.find((q) => q.key === step.param)!.value;
    } else s[step.out] = step.fn!(...step.args.map((a) => s[a]!));
  }
  return s;
}

/** Fresh buffers for outputs; kept ones (short series) or fresh ones for temporaries. */
function buffersFor(plan: FormulaPlan, n: number): Float64Array[] {
  const buffers: Float64Array[] = new Array(plan.bufferCount);
  const keep = n <= SCRATCH_LIMIT;
  const scratch = plan.scratch;
  if (keep && scratch.length !== n) {
    scratch.length = n;
    scratch.buffers = [];
  }
  for (const b of plan.allocated) {
    if (plan.outputBuffer[b] || !keep) buffers[b] = new Float64Array(n);
    else buffers[b] = scratch.buffers[b] ??= new Float64Array(n);
  }
  return buffers;
}

export function evaluatePlan(plan: FormulaPlan, series: BarSeries, options: EvaluateOptions = {}): FormulaColumn[] {
  const n = series.length;
  const scalars = scalarValues(plan, options.params);
  const unit = options.volUnit ?? 1;
  let vol = series.vol;
  if (unit !== 1) {
    vol = new Float64Array(n);
    for (let i = 0; i < n; i++) vol[i] = series.vol[i]! / unit;
  }
  const ctx: EvalContext = { series, vol, period: options.period ?? 5 };
  const buffers = buffersFor(plan, n);
  for (const { index, field } of plan.inputs) buffers[index] = field === "vol" ? vol : series[field];
  for (const step of plan.seriesSteps) {
    if (step.type === "fused") {
      const cols = step.columns.map((b) => buffers[b]!);
      step.loop(buffers[step.out]!, cols, step.scalars.map((k) => scalars[k]!), step.fns, n);
      continue;
    }
    const args: KernelArg[] = new Array(step.args.length);
    for (let k = 0; k < args.length; k++) {
      const r = step.args[k]!;
      args[k] = r.from === "buffer" ? buffers[r.index]! : scalars[r.index]!;
    }
    step.run(buffers[step.out]!, args, ctx);
  }
  const handedOut = new Uint8Array(plan.bufferCount);
  return plan.outputs.map(({ name, kind, source }) => {
    let values: Float64Array;
    if (source.from !== "buffer") values = new Float64Array(n).fill(scalars[source.index]!);
    else {
      const b = buffers[source.index]!;
      // an input column, or a column already handed out under another name, is copied
      values = !plan.outputBuffer[source.index] || handedOut[source.index] ? b.slice() : b;
      handedOut[source.index] = 1;
    }
    return { name, kind, values };
  });
}
