/**
 * Turns the IR graph into an executable plan:
 * - only nodes that feed an output are kept;
 * - scalar work (constants, parameters) is separated from column work;
 * - per-bar operators and recurrences (moving averages and sums with
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
  /** Buffers the loop stores into (its `outs`). */
  readonly outs: readonly number[];
  readonly loop: FusedLoop;
  /** Buffers read by the loop (its `columns`), scalars it reads, functions it calls. */
  readonly columns: readonly number[];
  readonly scalars: readonly number[];
  readonly fns: readonly ((a: number, b: number, c: number) => number)[];
  /** `v0 = -(b0, b2); v1 = EMA(v0, s1)`, for listings. */
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
  /** The plan with recurrences as whole-series kernels (this plan when it fuses none). */
  classic(): FormulaPlan;
}

/** Operations per generated loop: beyond this a group is closed and a new one started. */
const MAX_GROUP = 64;

/** A step of the schedule: a whole-series kernel node, or a group of fused nodes. */
type Slot = { readonly kernel: number } | { readonly group: number };

export function buildPlan(
  graph: IRGraph,
  outputs: readonly CompiledOutput[],
  params: readonly PlanParam[],
  fuseRecurrences = true,
): FormulaPlan {
  const nodes = graph.nodes;
  const live = new Uint8Array(nodes.length);
  const stack = outputs.map((o) => o.node);
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (live[id]) continue;
    live[id] = 1;
    for (const a of nodes[id]!.args) stack.push(a);
  }
  const fusable = (n: IRNode) => n.perBar !== null || (fuseRecurrences && n.recur !== null);
  const isOutput = new Set(outputs.map((o) => o.node));

  // schedule: a group stays open (its loop runs later) while kernels that do not read it go first
  const groupOf = new Int32Array(nodes.length).fill(-1);
  const groups: number[][] = [];
  const slots: Slot[] = [];
  let open = -1;
  const close = () => {
    if (open >= 0) slots.push({ group: open });
    open = -1;
  };
  let anyRecurrence = false;
  const scalarSteps: ScalarStep[] = [];
  const scalarIndex = new Map<number, number>();
  const inputs: { index: number; field: BarField }[] = [];
  const bufferOf = new Map<number, number>();
  let bufferCount = 0;
  for (const n of nodes) {
    if (!live[n.id]) continue;
    if (n.shape === "scalar") {
      const out = scalarSteps.length;
      scalarIndex.set(n.id, out);
      const args = n.args.map((a) => scalarIndex.get(a)!);
      if (n.tag === "const") scalarSteps.push({ out, label: n.label, constant: n.value, args });
      else if (n.tag === "param") scalarSteps.push({ out, label: n.label, param: n.name!, args });
      else scalarSteps.push({ out, label: n.label, fn: n.fn!, args });
      continue;
    }
    if (n.shape !== "series") continue;
    if (n.tag === "input") {
      const index = bufferCount++;
      inputs.push({ index, field: n.field! });
      bufferOf.set(n.id, index);
      continue;
    }
    if (fusable(n)) {
      anyRecurrence ||= n.perBar === null;
      // a shifted read needs its column complete before the loop
      const shiftsOpen = n.perBar?.lag && groupOf[n.args[0]!] === open;
      if (open >= 0 && (shiftsOpen || groups[open]!.length >= MAX_GROUP)) close();
      if (open < 0) open = groups.push([]) - 1;
      groups[open]!.push(n.id);
      groupOf[n.id] = open;
    } else {
      if (open >= 0 && n.args.some((a) => groupOf[a] === open)) close();
      slots.push({ kernel: n.id });
    }
  }
  close();

  // a group member is stored when an output, read outside its group, or read back by a window
  const stored = new Uint8Array(nodes.length);
  for (const n of nodes) {
    if (!live[n.id]) continue;
    if (isOutput.has(n.id)) stored[n.id] = 1;
    n.args.forEach((a, j) => {
      if (groupOf[a] >= 0 && (groupOf[a] !== groupOf[n.id] || (j === 0 && n.windowed && fusable(n)))) stored[a] = 1;
    });
  }

  const reads = (slot: Slot): number[] => {
    if ("kernel" in slot) return nodes[slot.kernel]!.args.filter((a) => nodes[a]!.shape === "series");
    const g = slot.group;
    const leaves = new Set<number>();
    for (const id of groups[g]!) for (const a of nodes[id]!.args) if (groupOf[a] !== g && nodes[a]!.shape === "series") leaves.add(a);
    return [...leaves];
  };
  const writes = (slot: Slot): number[] => ("kernel" in slot ? [slot.kernel] : groups[slot.group]!.filter((id) => stored[id]));
  const slotReads = slots.map(reads);
  const lastRead = new Map<number, number>();
  slotReads.forEach((rs, k) => {
    for (const a of rs) lastRead.set(a, k);
  });

  const allocated: number[] = [];
  const free: number[] = [];
  const seriesSteps: SeriesStep[] = [];
  const argRef = (id: number): ArgRef =>
    nodes[id]!.shape === "scalar" ? { from: "scalar", index: scalarIndex.get(id)! } : { from: "buffer", index: bufferOf.get(id)! };
  slots.forEach((slot, k) => {
    for (const w of writes(slot)) {
      // an output may take over a dead temporary's buffer (already paged in on a long series);
      // it is then never freed, and evaluation allocates it afresh for every call
      let out = free.pop();
      if (out === undefined) {
        out = bufferCount++;
        allocated.push(out);
      }
      bufferOf.set(w, out);
    }
    if ("kernel" in slot) {
      const n = nodes[slot.kernel]!;
      seriesSteps.push({ type: "kernel", out: bufferOf.get(n.id)!, label: n.label, run: n.run!, args: n.args.map(argRef) });
    } else seriesSteps.push(fuse(nodes, groups[slot.group]!, stored, bufferOf, scalarIndex));
    for (const a of slotReads[k]!) {
      if (lastRead.get(a) === k && !isOutput.has(a) && nodes[a]!.tag !== "input") free.push(bufferOf.get(a)!);
    }
  });

  const planOutputs = outputs.map((o) => ({ name: o.name, kind: o.kind, source: argRef(o.node) }));
  const outputBuffer = new Uint8Array(bufferCount);
  for (const o of outputs) if (nodes[o.node]!.tag === "series") outputBuffer[bufferOf.get(o.node)!] = 1;
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
function fuse(
  nodes: readonly IRNode[],
  members: readonly number[],
  stored: Uint8Array,
  bufferOf: ReadonlyMap<number, number>,
  scalarIndex: ReadonlyMap<number, number>,
): FusedStep {
  const opOf = new Map<number, number>();
  const columns: number[] = [];
  const scalars: number[] = [];
  const fns: ((a: number, b: number, c: number) => number)[] = [];
  const ops: LoopOp[] = [];
  const text: string[] = [];
  const operand = (id: number): LoopOperand => {
    const op = opOf.get(id);
    if (op !== undefined) return { from: "op", index: op };
    const scalar = nodes[id]!.shape === "scalar";
    const list = scalar ? scalars : columns;
    const slot = scalar ? scalarIndex.get(id)! : bufferOf.get(id)!;
    let k = list.indexOf(slot);
    if (k < 0) k = list.push(slot) - 1;
    return { from: scalar ? "scalar" : "column", index: k };
  };
  for (const id of members) {
    const n = nodes[id]!;
    const args = n.args.map(operand);
    const perBar = n.perBar;
    if (perBar?.call) fns.push(perBar.call);
    ops.push({ perBar, recur: perBar ? null : n.recur, args });
    const shown = args.map((a) => (a.from === "op" ? `v${a.index}` : a.from === "column" ? `b${columns[a.index]}` : `s${scalars[a.index]}`));
    text.push(`v${ops.length - 1} = ${n.label}(${shown.join(", ")})`);
    opOf.set(id, ops.length - 1);
  }
  const kept = members.filter((id) => stored[id]);
  const outs = kept.map((id) => bufferOf.get(id)!);
  const stores = kept.map((id) => opOf.get(id)!);
  return {
    type: "fused",
    outs,
    loop: fusedLoop(ops, stores, columns.length, scalars.length),
    columns,
    scalars,
    fns,
    listing: text.join("; "),
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
    else lines.push(`${s.outs.map((b) => `b${b}`).join(" ")} <- ${s.listing}`);
  }
  for (const o of plan.outputs) lines.push(`${o.name} [${o.kind}] = ${refText(o.source)}`);
  return lines.join("\n");
}
