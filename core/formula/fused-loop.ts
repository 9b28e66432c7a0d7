/**
 * Code generation for fused loops: a group of per-bar operations and
 * recurrences (moving averages and sums, see kernels/recurrences.ts) becomes
 * one function with one pass over the bars, storing only the values needed
 * after it. Sources are built from the operators' templates and generated
 * identifiers only: no formula text, name or constant value is ever placed in
 * them (constants arrive as arguments), so a source depends only on the
 * group's shape. Generated functions are cached by that shape, so a formula
 * compiled again (or another formula with the same shape) reuses the already
 * optimised machine code.
 *
 * A loop returns false when a recurrence met input its template does not
 * handle (a gap, an unusual parameter); the evaluator then recomputes with
 * whole-series kernels.
 */
import type { PerBar } from "./kernels/per-bar.ts";
import type { Recurrence } from "./kernels/recurrences.ts";

/** Where an operand comes from: an earlier op of the loop, a column, or a scalar. */
export interface LoopOperand {
  readonly from: "op" | "column" | "scalar";
  readonly index: number;
}

/** One operation: a per-bar operator, or a recurrence (its input first, then scalars). */
export interface LoopOp {
  readonly perBar: PerBar | null;
  readonly recur: Recurrence | null;
  readonly args: readonly LoopOperand[];
}

export type FusedLoop = (
  outs: readonly Float64Array[],
  columns: readonly Float64Array[],
  scalars: readonly number[],
  fns: readonly ((a: number, b: number, c: number) => number)[],
  n: number,
) => boolean;

const cache = new Map<string, FusedLoop>();
const CACHE_LIMIT = 1024;

function name(o: LoopOperand): string {
  return (o.from === "op" ? "v" : o.from === "column" ? "x" : "s") + o.index;
}

/** Small ids for operations, so a loop's cache key is short to build and to hash. */
const opIds = new WeakMap<object, number>();
let nextOpId = 0;

function shapeKey(ops: readonly LoopOp[], stores: readonly number[], columns: number, scalars: number): string {
  let key = `${columns}/${scalars}/${stores.join(".")}`;
  for (const op of ops) {
    const kind = (op.perBar ?? op.recur)!;
    let id = opIds.get(kind);
    if (id === undefined) opIds.set(kind, (id = nextOpId++));
    key += `|${id}`;
    for (const a of op.args) key += `,${a.from[0]}${a.index}`;
  }
  return key;
}

/**
 * Builds (or reuses) the loop computing `ops` in order and storing op
 * `stores[k]` into `outs[k]`; ops that `call` a function get `f0, f1, ...` in
 * order. A windowed recurrence's input must be a column or a stored op.
 */
export function fusedLoop(ops: readonly LoopOp[], stores: readonly number[], columns: number, scalars: number): FusedLoop {
  const key = shapeKey(ops, stores, columns, scalars);
  const cached = cache.get(key);
  if (cached) return cached;
  const loop = generate(ops, stores, columns, scalars);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, loop);
  return loop;
}

/**
 * Writes the loop. Shifted reads (REF with a single-number lag) need a bounds
 * check only near the ends of the series, so the bars are split into a
 * checked head, an unchecked middle and a checked tail; a lag that is not a
 * number empties the middle, leaving the checked loops to give invalid values.
 */
function generate(ops: readonly LoopOp[], stores: readonly number[], columns: number, scalars: number): FusedLoop {
  const head: string[] = ["const nan = 0 / 0;", "const sel = new Float64Array(2);"];
  for (let k = 0; k < columns; k++) head.push(`const c${k} = columns[${k}];`);
  for (let k = 0; k < scalars; k++) head.push(`const s${k} = scalars[${k}];`);
  stores.forEach((_, k) => head.push(`const o${k} = outs[${k}];`));
  const storeOf = new Map(stores.map((op, k) => [op, k]));
  const loaded = new Set<number>();
  for (const op of ops) {
    op.args.forEach((a, j) => {
      if (a.from === "column" && !(op.perBar?.lag && j === 0)) loaded.add(a.index);
    });
  }
  const checked: string[] = [];
  const unchecked: string[] = [];
  for (const k of [...loaded].sort((a, b) => a - b)) {
    checked.push(`const x${k} = c${k}[i];`);
    unchecked.push(`const x${k} = c${k}[i];`);
  }
  const both = (line: string) => {
    checked.push(line);
    unchecked.push(line);
  };
  const lags: string[] = [];
  const failures: string[] = [];
  let fn = 0;
  ops.forEach((op, k) => {
    const args = op.args.map(name);
    if (op.recur) {
      const p = `r${k}_`;
      const input = op.args[0]!;
      const col = input.from === "column" ? `c${input.index}` : `o${storeOf.get(input.index)}`;
      head.push(op.recur.init(p, args.slice(1)));
      both(op.recur.step(p, args[0]!, col));
      both(`const v${k} = ${p}y;`);
      failures.push(op.recur.failed(p));
    } else if (op.perBar!.lag) {
      const lag = `k${k}`;
      head.push(`const ${lag} = Math.trunc(${args[1]});`);
      lags.push(lag);
      const column = `c${op.args[0]!.index}`;
      checked.push(`const v${k} = ${op.perBar!.lag(column, lag)};`);
      unchecked.push(`const v${k} = ${column}[i - ${lag}];`);
    } else if (op.perBar!.expr) {
      both(`const v${k} = ${op.perBar!.expr(args)};`);
    } else {
      head.push(`const f${fn} = fns[${fn}];`);
      both(`let v${k} = f${fn}(${args.join(", ")});`);
      both(`v${k} = v${k} - v${k} === 0 ? v${k} : nan;`);
      fn++;
    }
  });
  stores.forEach((op, k) => both(`o${k}[i] = v${op};`));
  const done = failures.length === 0 ? "return true;" : `return !(${failures.join(" || ")});`;
  let source: string;
  if (lags.length === 0) source = `${head.join("\n")}\nfor (let i = 0; i < n; i++) {\n${unchecked.join("\n")}\n}\n${done}`;
  else {
    const body = checked.join("\n");
    source = [
      ...head,
      `const lo = Math.min(n, Math.max(0, ${lags.join(", ")}));`,
      `const hi = Math.max(lo, n + Math.min(0, ${lags.join(", ")}));`,
      "let i = 0;",
      `for (; i < lo; i++) {\n${body}\n}`,
      `for (; i < hi; i++) {\n${unchecked.join("\n")}\n}`,
      `for (; i < n; i++) {\n${body}\n}`,
      done,
    ].join("\n");
  }
  return new Function("outs", "columns", "scalars", "fns", "n", source) as FusedLoop;
}
