/**
 * Single-symbol bar-by-bar kernel over columnar arrays.
 *
 * Timing rule, everywhere: signals are read at the close of bar t and the order
 * fills on bar t+1 — at its open (`next_open`) or its close (`next_close`). An
 * entry while flat opens a position; an exit closes it (or reverses to short with
 * `allow_short`); an entry and an exit on the same bar cancel out; repeated
 * entries do not pyramid.
 *
 * Refused fills (see `ExecutionRules.refusal`): an order that would close a
 * position is retried on every following bar until it fills; an order that would
 * open one is dropped (a later signal may open it again). A suspended bar is one
 * whose volume is exactly 0 (NaN volume means "unknown" and trades); its close
 * still marks the position.
 *
 * The loop allocates nothing per bar: outputs go to a reusable workspace and
 * fills to compact typed-array logs, turned into rows by `toResult` only when a
 * caller wants them.
 */
import type { BarSeries } from "../bars/index.ts";
import { dayIndex, previousDayClose } from "./bar-time.ts";
import { cashAfterSizedFill, executeFill } from "./execute-fill.ts";
import { Refusal, type RefusalCode } from "./execution-rules.ts";
import type { Side } from "./fees.ts";
import type { KernelPlan } from "./plan.ts";
import { PositionBook } from "./position-book.ts";
import { FillLog, RefusalLog } from "./trade-log.ts";

/** Entry/exit flags per bar, 1 where the signal fires on that bar's close (the `StrategySignals` shape). */
export interface SignalArrays {
  readonly entries: Uint8Array;
  readonly exits: Uint8Array;
}

/** Per-bar state after each bar's close, plus the fill and refusal logs. */
export interface KernelRun {
  readonly length: number;
  readonly equity: Float64Array;
  readonly cash: Float64Array;
  /** Signed shares held at the close. */
  readonly shares: Float64Array;
  /** 1 when a position was held at any time during the bar (entry bar through exit bar). */
  readonly held: Uint8Array;
  readonly fills: FillLog;
  readonly refusals: RefusalLog;
}

/**
 * Reusable buffers for runs of up to `capacity` bars. A run lives in its
 * workspace and is overwritten by the next run on it.
 */
export class KernelWorkspace implements KernelRun {
  length = 0;
  readonly equity: Float64Array;
  readonly cash: Float64Array;
  readonly shares: Float64Array;
  readonly held: Uint8Array;
  readonly fills: FillLog;
  readonly refusals: RefusalLog;
  readonly book = new PositionBook();
  /** Cash during the run. */
  balance = 0;

  constructor(readonly capacity: number) {
    this.equity = new Float64Array(capacity);
    this.cash = new Float64Array(capacity);
    this.shares = new Float64Array(capacity);
    this.held = new Uint8Array(capacity);
    // the logs grow as fills and refusals come (a run has far fewer than its bars): sized for the
    // worst case (two fills a bar) they were megabytes of zeroed memory per run of 10,000 bars
    this.fills = new FillLog(64);
    this.refusals = new RefusalLog(16);
  }
}

/**
 * The position a bar's flags ask for, given the one asked for so far: an entry
 * alone goes long, an exit alone goes to `exitTarget` (flat, or short with
 * allow_short), both or neither keep the target. Every reader of signals (the
 * kernels, the signal scan) applies this one rule.
 */
export function signalTarget(target: number, entry: boolean, exit: boolean, exitTarget: number): number {
  return entry === exit ? target : entry ? 1 : exitTarget;
}

/** Works the pending order on bar `t`; returns the target direction to keep. */
function workOrder(ws: KernelWorkspace, plan: KernelPlan, bars: BarSeries, quote: Float64Array, t: number, target: number): number {
  const { book, fills, refusals } = ws;
  const rules = plan.rules;
  const raw = quote[t]!;
  const volume = bars.vol[t]!;
  const time = bars.time[t]!;
  const day = dayIndex(time);
  const prevClose = previousDayClose(bars.time, bars.close, t);
  const held = book.shares;
  if (held !== 0) {
    const side: Side = held > 0 ? -1 : 1;
    const quantity = Math.abs(held);
    let why: RefusalCode = rules.refusal(side, raw, volume, prevClose, time);
    if (why === Refusal.none && book.sellable(day, rules.tPlusOne) < held) why = Refusal.t_plus_one;
    if (why !== Refusal.none) {
      refusals.push(t, 0, side, why, quantity, raw);
      return target;
    }
    ws.balance += executeFill(rules, book, fills, t, 0, side, quantity, raw, time, day);
    if (target === 0) return 0;
  } else {
    const why = rules.refusal(target as Side, raw, volume, prevClose, time);
    if (why !== Refusal.none) {
      refusals.push(t, 0, target as Side, why, Number.NaN, raw);
      return 0;
    }
  }
  const side = target as Side;
  const cfg = plan.config;
  const cash = ws.balance;
  const budget = cfg.sizing === "all_in" ? cash : cfg.sizing === "fixed_fraction" ? cash * cfg.sizing_fraction : Math.min(cfg.sizing_amount, cash);
  const quantity = rules.affordable(budget, side, rules.fillPrice(side, raw), time);
  if (quantity === 0) {
    refusals.push(t, 0, side, Refusal.cash, 0, raw);
    return 0;
  }
  ws.balance = cashAfterSizedFill(ws.balance + executeFill(rules, book, fills, t, 0, side, quantity, raw, time, day));
  return target;
}

export function runKernel(bars: BarSeries, signals: SignalArrays, plan: KernelPlan, ws: KernelWorkspace = new KernelWorkspace(bars.length)): KernelRun {
  const n = bars.length;
  if (ws.capacity < n) throw new RangeError(`workspace holds ${ws.capacity} bars, series has ${n}`);
  const cfg = plan.config;
  const close = bars.close;
  const quote = cfg.execution === "next_close" ? close : bars.open;
  const { entries, exits } = signals;
  const { equity, cash, shares, held, book } = ws;
  ws.length = n;
  ws.fills.clear();
  ws.refusals.clear();
  book.reset();
  ws.balance = cfg.cash;
  const exitTarget = cfg.allow_short ? -1 : 0;
  const forceExit = cfg.close_at_end ? n - 2 : -1;
  const warmup = cfg.warmup_bars;
  // Position state mirrored in locals; reloaded only after an order is worked.
  let pos = 0;
  let dir = 0;
  let balance = cfg.cash;
  let lastExit = -1;
  let target = 0;
  let mark = Number.NaN;

  for (let t = 0; t < n; t++) {
    if (target !== dir) {
      target = workOrder(ws, plan, bars, quote, t, target);
      pos = book.shares;
      dir = pos > 0 ? 1 : pos < 0 ? -1 : 0;
      balance = ws.balance;
      lastExit = book.lastExitBar;
    }
    const c = close[t]!;
    if (c === c) mark = c;
    equity[t] = pos === 0 ? balance : balance + pos * mark;
    cash[t] = balance;
    shares[t] = pos;
    held[t] = pos !== 0 || lastExit === t ? 1 : 0;
    if (t >= warmup) target = signalTarget(target, entries[t]! > 0, exits[t]! > 0, exitTarget);
    if (t === forceExit) target = 0;
  }
  return ws;
}
