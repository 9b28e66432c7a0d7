/**
 * Turns the IR graph into an executable plan:
 * - only nodes that feed an output are kept;
 * - scalar work (constants, parameters) is separated from column work;
 * - chains of per-bar operators are fused: a per-bar node whose single reader
 *   is another per-bar node (and which is not an output) becomes a local
 *   variable of one generated loop, so `(C-LLV)/(HHV-LLV)*100` is one pass;
 * - column buffers are assigned by liveness, so a temporary's buffer is reused
 *   once its last reader has run.
 * The plan holds no bars and no buffers: one plan serves any number of
 * evaluations on any series.
 */
import type { Kernel } from "./catalog/spec.ts";
import type { CompiledOutput } from "./compiler.ts";
import type { BarField, ColumnKind, IRGraph, IRNode } from "./ir.ts";
import { fusedLoop, type FusedLoop, type LoopOp, type LoopOperand } from "./fused-loop.ts";

export interface ArgRef {
  readonly from: "buffer" | "scalar";
  readonly index: number;
}

export interface ScalarStep {
  readonly out: number;
  readonly label: string;
  readonly constant?: number;
  /** Upper-case parameter name. */
  readonly param?: string;
  readonly fn?: (...a: number[]) => number;
  readonly args: readonly number[];
}

export interface FusedStep {
  readonly type: "fused";
  readonly out: number;
  readonly loop: FusedLoop;
  /** Buffers read by the loop (its `columns`), scalars it reads, functions it calls. */
  readonly columns: readonly number[];
  readonly scalars: readonly number[];
  readonly fns: readonly ((a: number, b: number, c: number) => number)[];
  /** `v0 = -(b0, b2); v1 = ...`, for listings. */
  readonly listing: string;
}

export type SeriesStep =
  | { readonly type: "kernel"; readonly out: number; readonly label: string; readonly run: Kernel; readonly args: readonly ArgRef[] }
  | FusedStep;

export interface PlanOutput {
  readonly name: string;
  readonly kind: ColumnKind;
  readonly source: ArgRef;
}

export interface PlanParam {
  /** As first written (or as given by the caller). */
  readonly name: string;
  readonly key: string;
  readonly value: number;
}

/**
 * Temporaries kept between evaluations of one plan (a plugin runs the same
 * plan request after request). Safe because evaluation is synchronous and
 * kernels overwrite every element; only short series are kept.
 */
export interface Scratch {
  length: number;
  buffers: (Float64Array | undefined)[];
}

export interface FormulaPlan {
  readonly outputs: readonly PlanOutput[];
  readonly params: readonly PlanParam[];
  readonly scalarSteps: readonly ScalarStep[];
  readonly seriesSteps: readonly SeriesStep[];
  readonly inputs: readonly { readonly index: number; readonly field: BarField }[];
  /** Buffers to allocate per evaluation; inputs are bound, not allocated. */
  readonly allocated: readonly number[];
  /** Per buffer: 1 if a computed output ends up in it (so it is fresh for every evaluation); 0 for inputs. */
  readonly outputBuffer: Uint8Array;
  readonly bufferCount: number;
  readonly scalarCount: number;
  readonly scratch: Scratch;
}

/** Limits for recomputing a shared per-bar subexpression in each reader's loop instead of storing it. */
const MAX_COPIES = 4;
const MAX_COPIED_OPS = 4;

interface Builder {
  readonly nodes: readonly IRNode[];
  readonly scalarIndex: Map<number, number>;
  readonly bufferOf: Map<number, number>;
  readonly internal: Uint8Array;
}

function scalarOrBuffer(b: Builder, id: number): ArgRef {
  return b.nodes[id]!.shape === "scalar"
    ? { from: "scalar", index: b.scalarIndex.get(id)! }
    : { from: "buffer", index: b.bufferOf.get(id)! };
}

interface Chain {
  /** Op index of each node already in the chain: a node read twice is computed once. */
  readonly emitted: Map<number, number>;
  readonly ops: LoopOp[];
  readonly text: string[];
  readonly columns: number[];
  readonly scalars: number[];
  readonly fns: ((a: number, b: number, c: number) => number)[];
}

function chainOperand(b: Builder, c: Chain, id: number): LoopOperand {
  if (b.internal[id]) return { from: "op", index: chainOp(b, c, id) };
  const node = b.nodes[id]!;
  const scalar = node.shape === "scalar";
  const list = scalar ? c.scalars : c.columns;
  const slot = scalar ? b.scalarIndex.get(id)! : b.bufferOf.get(id)!;
  let k = list.indexOf(slot);
  if (k < 0) k = list.push(slot) - 1;
  return { from: scalar ? "scalar" : "column", index: k };
}

/** Appends node `id` (after its inlined arguments) to the chain; returns its op index. */
function chainOp(b: Builder, c: Chain, id: number): number {
  const done = c.emitted.get(id);
  if (done !== undefined) return done;
  const n = b.nodes[id]!;
  const args = n.args.map((a) => chainOperand(b, c, a));
  if (n.perBar!.call) c.fns.push(n.perBar!.call);
  c.ops.push({ perBar: n.perBar!, args });
  const shown = args.map((a) =>
    a.from === "op" ? `v${a.index}` : a.from === "column" ? `b${c.columns[a.index]}` : `s${c.scalars[a.index]}`,
  );
  c.text.push(`v${c.ops.length - 1} = ${n.label}(${shown.join(", ")})`);
  c.emitted.set(id, c.ops.length - 1);
  return c.ops.length - 1;
}

/** The fused chain rooted at `root`, children first, as one generated loop writing buffer `out`. */
function fuse(b: Builder, root: number, out: number): FusedStep {
  const c: Chain = { emitted: new Map(), ops: [], text: [], columns: [], scalars: [], fns: [] };
  chainOp(b, c, root);
  return {
    type: "fused",
    out,
    loop: fusedLoop(c.ops, c.columns.length, c.scalars.length),
    columns: c.columns,
    scalars: c.scalars,
    fns: c.fns,
    listing: c.text.join("; "),
  };
}

export function buildPlan(graph: IRGraph, outputs: readonly CompiledOutput[], params: readonly PlanParam[]): FormulaPlan {
  const nodes = graph.nodes;
  const live = new Uint8Array(nodes.length);
  const readers = new Int32Array(nodes.length);
  const readByWhole = new Uint8Array(nodes.length);
  const stack = outputs.map((o) => o.node);
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (live[id]) continue;
    live[id] = 1;
    for (const a of nodes[id]!.args) stack.push(a);
  }
  for (const n of nodes) {
    if (!live[n.id]) continue;
    n.args.forEach((a, j) => {
      readers[a]!++;
      // whole-series kernels, and shifted reads, need the argument stored as a column
      if (!n.perBar || (n.perBar.lag && j === 0)) readByWhole[a] = 1;
    });
  }
  const isOutput = new Set(outputs.map((o) => o.node));
  // a per-bar node read only by per-bar nodes lives inside their loops: once if it has one
  // reader, recomputed in each if it is small (cheaper than a pass to store and reload it)
  const internal = new Uint8Array(nodes.length);
  const size = new Int32Array(nodes.length);
  for (const n of nodes) {
    if (!live[n.id] || !n.perBar) continue;
    size[n.id] = 1;
    for (const a of n.args) if (internal[a]) size[n.id]! += size[a]!;
    if (readByWhole[n.id] || isOutput.has(n.id)) continue;
    if (readers[n.id] === 1 || (readers[n.id]! <= MAX_COPIES && size[n.id]! <= MAX_COPIED_OPS)) internal[n.id] = 1;
  }

  const b: Builder = { nodes, scalarIndex: new Map(), bufferOf: new Map(), internal };
  const scalarSteps: ScalarStep[] = [];
  const order: number[] = [];
  for (const n of nodes) {
    if (!live[n.id]) continue;
    if (n.shape === "scalar") {
      const out = scalarSteps.length;
      b.scalarIndex.set(n.id, out);
      const args = n.args.map((a) => b.scalarIndex.get(a)!);
      if (n.tag === "const") scalarSteps.push({ out, label: n.label, constant: n.value, args });
      else if (n.tag === "param") scalarSteps.push({ out, label: n.label, param: n.name!, args });
      else scalarSteps.push({ out, label: n.label, fn: n.fn!, args });
    } else if (n.shape === "series" && !internal[n.id]) order.push(n.id);
  }

  const inputs: { index: number; field: BarField }[] = [];
  const allocated: number[] = [];
  const free: number[] = [];
  let bufferCount = 0;
  const draft: { id: number; step: SeriesStep | null; reads: number[] }[] = [];
  for (const id of order) {
    const n = nodes[id]!;
    if (n.tag === "input") {
      const index = bufferCount++;
      inputs.push({ index, field: n.field! });
      b.bufferOf.set(id, index);
      continue;
    }
    draft.push({ id, step: null, reads: [] });
  }
  // last step reading each buffer-backed node
  const lastRead = new Map<number, number>();
  const leavesOf = draft.map((d) => {
    const leaves = new Set<number>();
    const n = nodes[d.id]!;
    if (n.perBar) collectLeaves(b, d.id, leaves);
    else for (const a of n.args) if (nodes[a]!.shape === "series") leaves.add(a);
    return leaves;
  });
  leavesOf.forEach((leaves, step) => {
    for (const a of leaves) lastRead.set(a, step);
  });

  const seriesSteps: SeriesStep[] = [];
  draft.forEach((d, step) => {
    const n = nodes[d.id]!;
    // an output may take over a dead temporary's buffer (already paged in on a long series);
    // it is then never freed, and evaluation allocates it afresh for every call
    let out = free.pop();
    if (out === undefined) {
      out = bufferCount++;
      allocated.push(out);
    }
    if (n.perBar) seriesSteps.push(fuse(b, d.id, out));
    else {
      seriesSteps.push({ type: "kernel", out, label: n.label, run: n.run!, args: n.args.map((a) => scalarOrBuffer(b, a)) });
    }
    b.bufferOf.set(d.id, out);
    for (const a of leavesOf[step]!) {
      if (lastRead.get(a) === step && !isOutput.has(a) && nodes[a]!.tag !== "input") free.push(b.bufferOf.get(a)!);
    }
  });

  const planOutputs = outputs.map((o) => ({ name: o.name, kind: o.kind, source: scalarOrBuffer(b, o.node) }));
  const outputBuffer = new Uint8Array(bufferCount);
  for (const o of outputs) if (nodes[o.node]!.tag === "series") outputBuffer[b.bufferOf.get(o.node)!] = 1;
  return {
    outputs: planOutputs,
    params,
    scalarSteps,
    seriesSteps,
    inputs,
    allocated,
    outputBuffer,
    bufferCount,
    scalarCount: scalarSteps.length,
    scratch: { length: -1, buffers: [] },
  };
}

function collectLeaves(b: Builder, id: number, leaves: Set<number>): void {
  for (const a of b.nodes[id]!.args) {
    if (b.internal[a]) collectLeaves(b, a, leaves);
    else if (b.nodes[a]!.shape === "series") leaves.add(a);
  }
}

function refText(r: ArgRef): string {
  return (r.from === "buffer" ? "b" : "s") + r.index;
}

/**
 * A readable listing of the plan (`b3 = MA(b0, s1)`; a fused chain as
 * `b5 <- v0 = -(b0, b2); v1 = /(v0, b4)`), used to compare plans in tests and
 * to show what a formula compiles to.
 */
export function describePlan(plan: FormulaPlan): string {
  const lines: string[] = [];
  for (const s of plan.scalarSteps) {
    const rhs =
      s.constant !== undefined
        ? String(s.constant)
        : s.param !== undefined
          ? `param ${s.param}`
          : `${s.label}(${s.args.map((a) => `s${a}`).join(", ")})`;
    lines.push(`s${s.out} = ${rhs}`);
  }
  for (const i of plan.inputs) lines.push(`b${i.index} = ${i.field.toUpperCase()}`);
  for (const s of plan.seriesSteps) {
    if (s.type === "kernel") lines.push(`b${s.out} = ${s.label}(${s.args.map(refText).join(", ")})`);
    else lines.push(`b${s.out} <- ${s.listing}`);
  }
  for (const o of plan.outputs) lines.push(`${o.name} [${o.kind}] = ${refText(o.source)}`);
  return lines.join("\n");
}
