/**
 * Turns the IR graph into an executable plan:
 * - only nodes that feed an output are kept;
 * - scalar work (constants, parameters) is separated from column work;
 * - per-bar operators and recurrences (exponential averages with
 *   single-number parameters) are fused into groups, each one generated loop
 *   over the bars: a group grows in node order until a whole-series kernel
 *   (HHV, STD ...) or a shifted read needs one of its values stored, so
 *   MACD's EMAs, DIF, DEA and bar are one pass that stores only the outputs;
 * - column buffers are assigned by liveness, so a temporary's buffer is
 *   reused once its last reader has run.
 * The plan holds no bars and no buffers: one plan serves any number of
 * evaluations on any series. Recurrence templates handle the common case
 * only; `classic()` is the same formula with every recurrence as its
 * whole-series kernel, which the evaluator falls back to (built on first use).
 */
import type { Kernel } from "./catalog/spec.ts";
import type { CompiledOutput } from "./compiler.ts";
import type { BarField, ColumnKind, IRGraph, IRNode } from "./ir.ts";
import { fusedLoop, type GeneratedLoop, type LoopOp, type LoopOperand } from "./fused-loop.ts";

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
  /** Buffers the loop stores into (its `outs`). */
  readonly outs: readonly number[];
  readonly loop: GeneratedLoop;
  /** Buffers read by the loop (its `columns`), scalars it reads, functions it calls. */
  readonly columns: readonly number[];
  readonly scalars: readonly number[];
  readonly fns: readonly ((a: number, b: number, c: number) => number)[];
  /** `v0 = -(b0, b2); v1 = EMA(v0, s1)`, for listings (built on demand). */
  listing(): string;
}

export type SeriesStep = { readonly type: "kernel"; readonly out: number; readonly label: string; readonly run: Kernel; readonly args: readonly ArgRef[] } | FusedStep;

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
  /** The plan with recurrences as whole-series kernels (this plan when it fuses none). */
  classic(): FormulaPlan;
}

/** Operations per generated loop: beyond this a group is closed and a new one started. */
const MAX_GROUP = 64;

/** A step of the schedule: a whole-series kernel node (≥ 0), or group g as −1 − g. */
type Slot = number;

const fusable = (n: IRNode, recurrences: boolean) => n.perBar !== null || (recurrences && n.recur !== null);

/** Node ids → scalar slots and buffers, as arrays (compilation is part of the 0.1 ms budget). */
interface Slots {
  readonly scalarIndex: Int32Array;
  readonly bufferOf: Int32Array;
}

function argRef(nodes: readonly IRNode[], at: Slots, id: number): ArgRef {
  return nodes[id]!.shape === "scalar" ? { from: "scalar", index: at.scalarIndex[id]! } : { from: "buffer", index: at.bufferOf[id]! };
}

export function buildPlan(graph: IRGraph, outputs: readonly CompiledOutput[], params: readonly PlanParam[], fuseRecurrences = true): FormulaPlan {
  const nodes = graph.nodes;
  const count = nodes.length;
  const live = new Uint8Array(count);
  const isOutput = new Uint8Array(count);
  const stack: number[] = [];
  for (const o of outputs) {
    stack.push(o.node);
    isOutput[o.node] = 1;
  }
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (live[id]) continue;
    live[id] = 1;
    for (const a of nodes[id]!.args) stack.push(a);
  }

  // schedule: a group stays open (its loop runs later) while kernels that do not read it go first
  const groupOf = new Int32Array(count).fill(-1);
  const groups: number[][] = [];
  const slots: Slot[] = [];
  let open = -1;
  let anyRecurrence = false;
  const scalarSteps: ScalarStep[] = [];
  const at: Slots = { scalarIndex: new Int32Array(count), bufferOf: new Int32Array(count) };
  const inputs: { index: number; field: BarField }[] = [];
  let bufferCount = 0;
  for (const n of nodes) {
    if (!live[n.id]) continue;
    if (n.shape === "scalar") {
      const out = scalarSteps.length;
      at.scalarIndex[n.id] = out;
      const args = n.args.map((a) => at.scalarIndex[a]!);
      if (n.tag === "const") scalarSteps.push({ out, label: n.label, constant: n.value, args });
      else if (n.tag === "param") scalarSteps.push({ out, label: n.label, param: n.name!, args });
      else scalarSteps.push({ out, label: n.label, fn: n.fn!, args });
      continue;
    }
    if (n.shape !== "series") continue;
    if (n.tag === "input") {
      at.bufferOf[n.id] = bufferCount;
      inputs.push({ index: bufferCount++, field: n.field! });
      continue;
    }
    let closes = false;
    if (fusable(n, fuseRecurrences)) {
      // a shifted read needs its column complete before the loop
      closes = (n.perBar?.lag != null && groupOf[n.args[0]!] === open) || (open >= 0 && groups[open]!.length >= MAX_GROUP);
    } else for (const a of n.args) closes ||= groupOf[a] === open;
    if (open >= 0 && closes) {
      slots.push(-1 - open);
      open = -1;
    }
    if (fusable(n, fuseRecurrences)) {
      anyRecurrence ||= n.perBar === null;
      if (open < 0) open = groups.push([]) - 1;
      groups[open]!.push(n.id);
      groupOf[n.id] = open;
    } else slots.push(n.id);
  }
  if (open >= 0) slots.push(-1 - open);

  // a group member is stored when an output or read outside its group
  const stored = new Uint8Array(count);
  for (const n of nodes) {
    if (!live[n.id]) continue;
    if (isOutput[n.id]) stored[n.id] = 1;
    for (const a of n.args) if (groupOf[a]! >= 0 && groupOf[a] !== groupOf[n.id]) stored[a] = 1;
  }

  // what each slot reads and writes, and the last slot reading each column
  const reads: number[][] = [];
  const writes: number[][] = [];
  const lastRead = new Int32Array(count).fill(-1);
  for (let k = 0; k < slots.length; k++) {
    const slot = slots[k]!;
    const r: number[] = [];
    const w: number[] = [];
    if (slot >= 0) {
      for (const a of nodes[slot]!.args) if (nodes[a]!.shape === "series") r.push(a);
      w.push(slot);
    } else {
      const g = -1 - slot;
      for (const id of groups[g]!) {
        for (const a of nodes[id]!.args) if (groupOf[a] !== g && nodes[a]!.shape === "series" && !r.includes(a)) r.push(a);
        if (stored[id]) w.push(id);
      }
    }
    for (const a of r) lastRead[a] = k;
    reads.push(r);
    writes.push(w);
  }

  const allocated: number[] = [];
  const free: number[] = [];
  const seriesSteps: SeriesStep[] = [];
  for (let k = 0; k < slots.length; k++) {
    for (const w of writes[k]!) {
      // an output may take over a dead temporary's buffer (already paged in on a long series);
      // it is then never freed, and evaluation allocates it afresh for every call
      let out = free.pop();
      if (out === undefined) {
        out = bufferCount++;
        allocated.push(out);
      }
      at.bufferOf[w] = out;
    }
    const slot = slots[k]!;
    if (slot >= 0) {
      const n = nodes[slot]!;
      seriesSteps.push({ type: "kernel", out: at.bufferOf[n.id]!, label: n.label, run: n.run!, args: n.args.map((a) => argRef(nodes, at, a)) });
    } else seriesSteps.push(fuse(nodes, groups[-1 - slot]!, stored, at));
    for (const a of reads[k]!) {
      if (lastRead[a] === k && !isOutput[a] && nodes[a]!.tag !== "input") free.push(at.bufferOf[a]!);
    }
  }

  const planOutputs = outputs.map((o) => ({ name: o.name, kind: o.kind, source: argRef(nodes, at, o.node) }));
  const outputBuffer = new Uint8Array(bufferCount);
  for (const o of outputs) if (nodes[o.node]!.tag === "series") outputBuffer[at.bufferOf[o.node]!] = 1;
  let classic: FormulaPlan | undefined;
  const plan: FormulaPlan = {
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
    classic: () => (anyRecurrence ? (classic ??= buildPlan(graph, outputs, params, false)) : plan),
  };
  return plan;
}

/** The group's loop: members in node order, reading earlier members as locals. */
function fuse(nodes: readonly IRNode[], members: readonly number[], stored: Uint8Array, at: Slots): FusedStep {
  const opOf = new Map<number, number>();
  const columns: number[] = [];
  const scalars: number[] = [];
  const fns: ((a: number, b: number, c: number) => number)[] = [];
  const ops: LoopOp[] = [];
  const outs: number[] = [];
  const stores: number[] = [];
  for (const id of members) {
    const n = nodes[id]!;
    const args: LoopOperand[] = [];
    for (const a of n.args) {
      const op = opOf.get(a);
      if (op !== undefined) {
        args.push({ from: "op", index: op });
        continue;
      }
      const scalar = nodes[a]!.shape === "scalar";
      const list = scalar ? scalars : columns;
      const slot = scalar ? at.scalarIndex[a]! : at.bufferOf[a]!;
      let k = list.indexOf(slot);
      if (k < 0) k = list.push(slot) - 1;
      args.push({ from: scalar ? "scalar" : "column", index: k });
    }
    const perBar = n.perBar;
    if (perBar?.call) fns.push(perBar.call);
    opOf.set(id, ops.length);
    if (stored[id]) {
      outs.push(at.bufferOf[id]!);
      stores.push(ops.length);
    }
    ops.push({ perBar, recur: perBar ? null : n.recur, args });
  }
  return {
    type: "fused",
    outs,
    loop: fusedLoop(ops, stores, columns.length, scalars.length),
    columns,
    scalars,
    fns,
    listing: () =>
      ops
        .map((op, k) => {
          const shown = op.args.map((a) => (a.from === "op" ? `v${a.index}` : a.from === "column" ? `b${columns[a.index]}` : `s${scalars[a.index]}`));
          return `v${k} = ${nodes[members[k]!]!.label}(${shown.join(", ")})`;
        })
        .join("; "),
  };
}

function refText(r: ArgRef): string {
  return (r.from === "buffer" ? "b" : "s") + r.index;
}

/**
 * A readable listing of the plan (`b3 = HHV(b0, s1)`; a fused group as
 * `b5 b6 <- v0 = EMA(b0, s0); v1 = -(v0, b4)`), used to compare plans in
 * tests and to show what a formula compiles to.
 */
export function describePlan(plan: FormulaPlan): string {
  const lines: string[] = [];
  for (const s of plan.scalarSteps) {
    const rhs = s.constant !== undefined ? String(s.constant) : s.param !== undefined ? `param ${s.param}` : `${s.label}(${s.args.map((a) => `s${a}`).join(", ")})`;
    lines.push(`s${s.out} = ${rhs}`);
  }
  for (const i of plan.inputs) lines.push(`b${i.index} = ${i.field.toUpperCase()}`);
  for (const s of plan.seriesSteps) {
    if (s.type === "kernel") lines.push(`b${s.out} = ${s.label}(${s.args.map(refText).join(", ")})`);
    else lines.push(`${s.outs.map((b) => `b${b}`).join(" ")} <- ${s.listing()}`);
  }
  for (const o of plan.outputs) lines.push(`${o.name} [${o.kind}] = ${refText(o.source)}`);
  return lines.join("\n");
}
