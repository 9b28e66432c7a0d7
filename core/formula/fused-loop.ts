/**
 * Code generation for chains of per-bar operations. A chain becomes one
 * function with one loop, built from the operators' expression templates and
 * generated identifiers only: no formula text, name or constant value is ever
 * placed in the source (constants arrive as arguments), so the source depends
 * only on the chain's shape. Generated functions are cached by that shape, so
 * a formula compiled again (or another formula with the same shape) reuses
 * the already optimised machine code.
 */
import type { PerBar } from "./kernels/per-bar.ts";

/** Where an operand comes from: an earlier op of the chain, a column, or a scalar. */
export interface LoopOperand {
  readonly from: "op" | "column" | "scalar";
  readonly index: number;
}

export interface LoopOp {
  readonly perBar: PerBar;
  readonly args: readonly LoopOperand[];
}

export type FusedLoop = (
  out: Float64Array,
  columns: readonly Float64Array[],
  scalars: readonly number[],
  fns: readonly ((a: number, b: number, c: number) => number)[],
  n: number,
) => void;

const cache = new Map<string, FusedLoop>();
const CACHE_LIMIT = 1024;

function name(o: LoopOperand): string {
  return (o.from === "op" ? "v" : o.from === "column" ? "x" : "s") + o.index;
}

/** Small ids for operations, so a chain's cache key is short to build and to hash. */
const opIds = new WeakMap<PerBar, number>();
let nextOpId = 0;

function shapeKey(ops: readonly LoopOp[], columns: number, scalars: number): string {
  let key = `${columns}/${scalars}`;
  for (const op of ops) {
    let id = opIds.get(op.perBar);
    if (id === undefined) opIds.set(op.perBar, (id = nextOpId++));
    key += `|${id}`;
    for (const a of op.args) key += `,${a.from[0]}${a.index}`;
  }
  return key;
}

/** Builds (or reuses) the loop; ops that `call` a function get `f0, f1, ...` in order. */
export function fusedLoop(ops: readonly LoopOp[], columns: number, scalars: number): FusedLoop {
  const key = shapeKey(ops, columns, scalars);
  const cached = cache.get(key);
  if (cached) return cached;
  const loop = generate(ops, columns, scalars);
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
function generate(ops: readonly LoopOp[], columns: number, scalars: number): FusedLoop {
  const head: string[] = ["const nan = 0 / 0;", "const sel = new Float64Array(2);"];
  for (let k = 0; k < columns; k++) head.push(`const c${k} = columns[${k}];`);
  for (let k = 0; k < scalars; k++) head.push(`const s${k} = scalars[${k}];`);
  const loaded = new Set<number>();
  const lags: string[] = [];
  for (const op of ops) {
    op.args.forEach((a, j) => {
      if (a.from === "column" && !(op.perBar.lag && j === 0)) loaded.add(a.index);
    });
  }
  const checked: string[] = [];
  const unchecked: string[] = [];
  for (const k of [...loaded].sort((a, b) => a - b)) {
    checked.push(`const x${k} = c${k}[i];`);
    unchecked.push(`const x${k} = c${k}[i];`);
  }
  let fn = 0;
  ops.forEach((op, k) => {
    const args = op.args.map(name);
    if (op.perBar.lag) {
      const lag = `k${k}`;
      head.push(`const ${lag} = Math.trunc(${args[1]});`);
      lags.push(lag);
      const column = `c${op.args[0]!.index}`;
      checked.push(`const v${k} = ${op.perBar.lag(column, lag)};`);
      unchecked.push(`const v${k} = ${column}[i - ${lag}];`);
    } else if (op.perBar.expr) {
      const line = `const v${k} = ${op.perBar.expr(args)};`;
      checked.push(line);
      unchecked.push(line);
    } else {
      head.push(`const f${fn} = fns[${fn}];`);
      const lines = [`let v${k} = f${fn}(${args.join(", ")});`, `v${k} = v${k} - v${k} === 0 ? v${k} : nan;`];
      checked.push(...lines);
      unchecked.push(...lines);
      fn++;
    }
  });
  const store = `out[i] = v${ops.length - 1};`;
  checked.push(store);
  unchecked.push(store);
  let source: string;
  if (lags.length === 0) source = `${head.join("\n")}\nfor (let i = 0; i < n; i++) {\n${unchecked.join("\n")}\n}`;
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
    ].join("\n");
  }
  return new Function("out", "columns", "scalars", "fns", "n", source) as FusedLoop;
}
