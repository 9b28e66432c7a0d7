/**
 * Runs a compiled plan over a bar series. Scalars (constants, parameters and
 * their arithmetic) are computed once; then each step runs one columnar
 * kernel or one fused loop over all bars, so the cost per bar is the inner
 * loops and nothing else. Every output is its own Float64Array, NaN where
 * there is no value yet.
 */
import type { BarSeries } from "../bars/index.ts";
import type { EvalContext, KernelArg } from "./catalog/spec.ts";
import type { ColumnKind } from "./ir.ts";
import type { LoopArg } from "./fused-loop.ts";
import type { FormulaPlan } from "./plan.ts";
import { doubles } from "./kernels/doubles.ts";
import { RANGE } from "./kernels/ranges.ts";

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
  /**
   * Where output columns live (default: a new Float64Array each). Writing
   * fresh memory costs more than most kernels on this scale, so a caller that
   * consumes the columns at once (serialising an answer) may hand out views
   * into a buffer it reuses; their previous contents are overwritten.
   */
  readonly allocate?: (n: number) => Float64Array;
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

/** Temporaries are kept with their plan only for series up to this length. */
const SCRATCH_LIMIT = 1 << 16;

/**
 * Temporaries of longer series, handed from one evaluation to the next
 * (whatever the plan): on a million bars paging in a fresh column costs more
 * than most kernels. At most this many bytes are kept.
 */
const SPARE_BYTES = 32 << 20;
const spare: Float64Array[] = [];

function takeSpare(n: number): Float64Array {
  const last = spare[spare.length - 1];
  if (last && last.length === n) return spare.pop()!;
  return new Float64Array(n);
}

function giveSpare(b: Float64Array): void {
  if (spare.length > 0 && spare[0]!.length !== b.length) spare.length = 0;
  if ((spare.length + 1) * b.byteLength <= SPARE_BYTES) spare.push(b);
}

/** The recurrences' state between ranges, reused (evaluation is synchronous and a loop's ranges run back to back). */
let state = doubles(64, 0);

function loopState(size: number): number[] {
  if (state.length < size) state = doubles(size, 0);
  return state;
}

const fresh = (n: number) => new Float64Array(n);

/**
 * Output columns of short series are carved from one allocation (an
 * allocation's fixed cost is most of a small column's); an evaluation hands
 * out at most one column per output.
 */
const SLAB_LIMIT = 4096;

function outputAllocator(plan: FormulaPlan, n: number): (n: number) => Float64Array {
  if (n > SLAB_LIMIT) return fresh;
  const slab = new Float64Array(n * plan.outputs.length);
  let used = 0;
  return (m) => slab.subarray(used, (used += m));
}

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

/** Allocated buffers for outputs; kept ones (short series) or spare ones for temporaries. */
function buffersFor(plan: FormulaPlan, n: number, allocate: (n: number) => Float64Array): Float64Array[] {
  const buffers: Float64Array[] = new Array(plan.bufferCount);
  const keep = n <= SCRATCH_LIMIT;
  const scratch = plan.scratch;
  if (keep && scratch.length !== n) {
    scratch.length = n;
    scratch.buffers = [];
  }
  for (const b of plan.allocated) {
    if (plan.outputBuffer[b]) buffers[b] = allocate(n);
    else if (keep) buffers[b] = scratch.buffers[b] ??= new Float64Array(n);
    else buffers[b] = takeSpare(n);
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
  const allocate = options.allocate ?? outputAllocator(plan, n);
  const buffers = buffersFor(plan, n, allocate);
  for (const { index, field } of plan.inputs) buffers[index] = field === "vol" ? vol : series[field];
  for (const step of plan.seriesSteps) {
    if (step.type === "fused") {
      const args: LoopArg[] = [0, 0, n, loopState(step.loop.stateSize)];
      for (const b of step.outs) args.push(buffers[b]!);
      for (const b of step.columns) args.push(buffers[b]!);
      for (const k of step.scalars) args.push(scalars[k]!);
      for (const f of step.fns) args.push(f);
      for (let from = 0; from < n; from += RANGE) {
        args[0] = from;
        args[1] = Math.min(n, from + RANGE);
        // a recurrence met a gap or an unusual parameter: the whole-series kernels handle every case
        if (!step.loop.run.apply(undefined, args)) return evaluatePlan(plan.classic(), series, options);
      }
      continue;
    }
    const args: KernelArg[] = new Array(step.args.length);
    for (let k = 0; k < args.length; k++) {
      const r = step.args[k]!;
      args[k] = r.from === "buffer" ? buffers[r.index]! : scalars[r.index]!;
    }
    step.run(buffers[step.out]!, args, ctx);
  }
  if (n > SCRATCH_LIMIT) for (const b of plan.allocated) if (!plan.outputBuffer[b]) giveSpare(buffers[b]!);
  const handedOut = new Uint8Array(plan.bufferCount);
  return plan.outputs.map(({ name, kind, source }) => {
    let values: Float64Array;
    if (source.from !== "buffer") values = allocate(n).fill(scalars[source.index]!);
    else {
      const b = buffers[source.index]!;
      // an input column, or a column already handed out under another name, is copied
      if (plan.outputBuffer[source.index] && !handedOut[source.index]) values = b;
      else {
        values = allocate(n);
        values.set(b);
      }
      handedOut[source.index] = 1;
    }
    return { name, kind, values };
  });
}
