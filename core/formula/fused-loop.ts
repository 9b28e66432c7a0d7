/**
 * Code generation for fused loops: a group of per-bar operations and
 * recurrences (exponential averages, see kernels/recurrences.ts) becomes
 * one function with one pass over the bars, storing only the values needed
 * after it. Sources are built from the operators' templates and generated
 * identifiers only: no formula text, name or constant value is ever placed in
 * them (constants arrive as arguments), so a source depends only on the
 * group's shape. Generated functions are cached by that shape, so a formula
 * compiled again (or another formula with the same shape) reuses the already
 * optimised machine code.
 *
 * A loop runs over a range of bars, so that the evaluator can call it chunk
 * by chunk (see `FusedLoop`), and returns false when a recurrence met input
 * its template does not handle (a gap, an unusual parameter); the evaluator
 * then recomputes with whole-series kernels.
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

/**
 * The generated function, called as `run(from, to, n, state, o0…, c0…, s0…,
 * f0…)`: it computes bars `[from, to)` of a series of `n` bars (the evaluator
 * calls it range by range, see kernels/ranges.ts), `state` carrying the
 * recurrences' variables from one range to the next (`stateSize` numbers,
 * read when `from` > 0); then come the stored outputs, the columns read, the
 * scalars and the functions, each as its own parameter (V8 keeps parameters'
 * types stable, where arrays of them built per call changed their maps and
 * threw the loop out of its optimised code).
 */
export type FusedLoop = (...args: LoopArg[]) => boolean;

export interface GeneratedLoop {
  readonly run: FusedLoop;
  /** Numbers of state carried between ranges. */
  readonly stateSize: number;
}

/** A function a loop calls per bar (the rare maths functions). */
export type LoopFn = (a: number, b: number, c: number) => number;
/** An argument of a loop: its state (an array of doubles), a column, a scalar or a function. */
export type LoopArg = number | number[] | Float64Array | LoopFn;

const cache = new Map<string, GeneratedLoop>();
let loopCount = 0;
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
 * order.
 */
export function fusedLoop(ops: readonly LoopOp[], stores: readonly number[], columns: number, scalars: number): GeneratedLoop {
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
function generate(ops: readonly LoopOp[], stores: readonly number[], columns: number, scalars: number): GeneratedLoop {
  // IF picks from `sel`, an array of doubles (see kernels/doubles.ts)
  const head: string[] = ["const nan = 0 / 0;", "const sel = [0.5, 0.5];"];
  const loaded = new Set<number>();
  for (const op of ops) {
    op.args.forEach((a, j) => {
      if (a.from === "column" && !(op.perBar?.lag && j === 0)) loaded.add(a.index);
    });
  }
  // each op's statements, given whether shifted reads are checked
  const parts: ((checked: boolean) => string)[] = [];
  const lags: string[] = [];
  const failures: string[] = [];
  const save: string[] = [];
  let stateSize = 0;
  let fn = 0;
  ops.forEach((op, k) => {
    const args = op.args.map(name);
    if (op.recur) {
      const p = `r${k}_`;
      head.push(op.recur.init(p, args.slice(1)));
      for (const [v, initial, count] of op.recur.state) {
        head.push(`let ${p}${v} = from === 0 ? ${initial} : state[${stateSize}]${count ? " | 0" : ""};`);
        save.push(`state[${stateSize++}] = ${p}${v};`);
      }
      const step = `${op.recur.step(p, args[0]!)}\nconst v${k} = ${p}y;`;
      parts.push(() => step);
      failures.push(op.recur.failed(p));
    } else if (op.perBar!.lag) {
      const lag = `k${k}`;
      head.push(`const ${lag} = Math.trunc(${args[1]});`);
      lags.push(lag);
      const column = `c${op.args[0]!.index}`;
      const guarded = `const v${k} = ${op.perBar!.lag(column, lag)};`;
      const direct = `const v${k} = ${column}[i - ${lag}];`;
      parts.push((checked) => (checked ? guarded : direct));
    } else if (op.perBar!.expr) {
      const line = `const v${k} = ${op.perBar!.expr(args)};`;
      parts.push(() => line);
    } else {
      const lines = `let v${k} = f${fn}(${args.join(", ")});\nv${k} = v${k} - v${k} === 0 ? v${k} : nan;`;
      parts.push(() => lines);
      fn++;
    }
  });
  const loads = [...loaded].sort((a, b) => a - b).map((k) => `const x${k} = c${k}[i];`);
  const writes = stores.map((op, k) => `o${k}[i] = v${op};`);
  const body = (checked: boolean) => [...loads, ...parts.map((f) => f(checked)), ...writes].join("\n");
  const loops = ["let i = from;"];
  if (lags.length === 0) loops.push(`for (; i < to; i++) {\n${body(false)}\n}`);
  else {
    loops.push(
      `const lo = Math.min(to, n, Math.max(0, ${lags.join(", ")}));`,
      `const hi = Math.min(to, Math.max(lo, n + Math.min(0, ${lags.join(", ")})));`,
      `for (; i < lo; i++) {\n${body(true)}\n}`,
      `for (; i < hi; i++) {\n${body(false)}\n}`,
      `for (; i < to; i++) {\n${body(true)}\n}`,
    );
  }
  const done = [...save, failures.length === 0 ? "return true;" : `return (${failures.join(" | ")}) === 0;`];
  const source = [...head, ...loops, ...done].join("\n");
  const params = ["from", "to", "n", "state"];
  stores.forEach((_, k) => params.push(`o${k}`));
  for (let k = 0; k < columns; k++) params.push(`c${k}`);
  for (let k = 0; k < scalars; k++) params.push(`s${k}`);
  for (let k = 0; k < fn; k++) params.push(`f${k}`);
  // a numbered name tells generated loops apart in profiles
  const run = new Function(`return function fused${loopCount++}(${params.join(", ")}) {\n${source}\n};`)() as FusedLoop;
  return { run, stateSize };
}
