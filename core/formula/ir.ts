/**
 * The compiled form of a formula before buffers are assigned: a DAG of
 * hash-consed nodes. Identical subexpressions (KDJ's `LLV(L,9)` written twice,
 * `ZIG(3,10)` six times) become one node, so they are computed once. Single
 * numbers stay scalar (constants fold at compile time, parameter arithmetic is
 * done once per evaluation), and a scalar becomes a column only where a
 * kernel needs one.
 *
 * Nodes share one object shape (unused fields are null), which keeps the
 * compiler's property reads monomorphic: compilation is part of the
 * "parse + evaluate in 0.1 ms" budget.
 */
import type { Kernel } from "./catalog/spec.ts";
import type { PerBar } from "./kernels/per-bar.ts";
import type { Recurrence } from "./kernels/recurrences.ts";

export type Shape = "scalar" | "series" | "text";
export type ColumnKind = "numeric" | "signal";
export type BarField = "open" | "high" | "low" | "close" | "vol" | "amount";

/**
 * - `const`: a number known at compile time (`value`);
 * - `param`: a formula parameter (`name`, upper-case), bound per evaluation;
 * - `scalar`: `fn` over scalar arguments, computed once per evaluation;
 * - `text`: quoted text or a text/drawing function, never evaluated;
 * - `input`: a bar column (`field`), bound without copying;
 * - `series`: a column, from a whole-series kernel (`run`) or a per-bar operation (`perBar`).
 */
export type NodeTag = "const" | "param" | "scalar" | "text" | "input" | "series";

export interface IRNode {
  readonly id: number;
  readonly tag: NodeTag;
  readonly shape: Shape;
  readonly kind: ColumnKind;
  /** Printable operation name. */
  readonly label: string;
  readonly args: readonly number[];
  readonly value: number;
  readonly name: string | null;
  readonly field: BarField | null;
  readonly fn: ((...a: number[]) => number) | null;
  readonly run: Kernel | null;
  readonly perBar: PerBar | null;
  /** A `run` node that may also be computed as a step of a fused loop. */
  readonly recur: Recurrence | null;
}

const SHAPE: Readonly<Record<NodeTag, Shape>> = {
  const: "scalar",
  param: "scalar",
  scalar: "scalar",
  text: "text",
  input: "series",
  series: "series",
};

export interface NodeExtras {
  readonly value?: number;
  readonly name?: string;
  readonly field?: BarField;
  readonly fn?: (...a: number[]) => number;
  readonly run?: Kernel;
  readonly perBar?: PerBar;
  readonly recur?: Recurrence;
}

export class IRGraph {
  readonly nodes: IRNode[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly numeric = new Map<number, number>();
  private readonly signal = new Map<number, number>();

  /** Returns the existing node for the same operation on the same arguments, or a new one. */
  add(tag: NodeTag, kind: ColumnKind, label: string, args: readonly number[], extras: NodeExtras = {}, keyExtra = ""): number {
    let key = `${tag}|${label}|${kind}|${keyExtra}`;
    for (let i = 0; i < args.length; i++) key += `,${args[i]}`;
    const found = this.byKey.get(key);
    if (found !== undefined) return found;
    const id = this.nodes.length;
    this.nodes.push({
      id,
      tag,
      shape: SHAPE[tag],
      kind,
      label,
      args,
      value: extras.value ?? NaN,
      name: extras.name ?? null,
      field: extras.field ?? null,
      fn: extras.fn ?? null,
      run: extras.run ?? null,
      perBar: extras.perBar ?? null,
      recur: extras.recur ?? null,
    });
    this.byKey.set(key, id);
    return id;
  }

  /** Constants are looked up by value (most nodes of a formula are constants). */
  constant(value: number, kind: ColumnKind = "numeric"): number {
    const byValue = kind === "signal" ? this.signal : this.numeric;
    let id = byValue.get(value);
    if (id === undefined) {
      id = this.nodes.length;
      this.nodes.push({
        id,
        tag: "const",
        shape: "scalar",
        kind,
        label: String(value),
        args: [],
        value,
        name: null,
        field: null,
        fn: null,
        run: null,
        perBar: null,
        recur: null,
      });
      byValue.set(value, id);
    }
    return id;
  }

  /** True for the constants 0 and 1, which IF(c,1,0) and MAX(sig,0) keep as signals. */
  isBinaryConstant(id: number): boolean {
    const n = this.nodes[id]!;
    return n.tag === "const" && (n.value === 0 || n.value === 1);
  }
}
