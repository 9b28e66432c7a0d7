/**
 * How the compiler sees a built-in: its arguments' types, what it returns,
 * whether it reads later bars, and the kernel that computes it. Keeping this
 * declarative lets one table drive arity and type errors, future-function
 * flags, signal classification and evaluation.
 */
import type { BarSeries } from "../../bars/index.ts";
import type { PerBar } from "../kernels/per-bar.ts";
import type { Recurrence } from "../kernels/recurrences.ts";
import type { Operand } from "../kernels/operand.ts";
import type { ArgumentProblem, DataNeed } from "../formula-messages.ts";

/** What the bars are, beyond the columns: needed by VOL, PERIOD and friends. */
export interface EvalContext {
  readonly series: BarSeries;
  /** VOL as formulas see it (the series' volume divided by the caller's unit). */
  readonly vol: Float64Array;
  /** TDX PERIOD code (5 = day). */
  readonly period: number;
}

/**
 * - `series`: a column; a single number is spread over every bar first.
 * - `value`: a column or a single number, passed as it is (window lengths,
 *   weights, the two sides of an operator); the kernel handles both shapes.
 * - `constant`: a single number known before any bar is read (a literal, a
 *   parameter or arithmetic on them), such as SAR's step.
 * - `text`: quoted text (drawing labels).
 */
export type ArgType = "series" | "value" | "constant" | "text";

export interface ArgSpec {
  readonly name: string;
  readonly type: ArgType;
}

export type KernelArg = Operand | string;
export type Kernel = (out: Float64Array, args: readonly KernelArg[], ctx: EvalContext) => void;

export interface FunctionSpec {
  readonly name: string;
  readonly args: readonly ArgSpec[];
  /** Fewest arguments accepted (defaults to all); extra arguments of variadic drawings reuse the last type. */
  readonly minArgs?: number;
  readonly variadic?: boolean;
  /**
   * - `numeric` / `signal`: a column (signal: only 0/1 by construction);
   * - `text`: a string for drawing labels, never evaluated;
   * - `drawing`: draws, has no value, may only stand as its own statement.
   */
  readonly returns: "numeric" | "signal" | "text" | "drawing";
  /** The result is a signal when every listed argument is a signal or the constant 0 or 1 (IF, REF, MAX ...). */
  readonly signalFrom?: readonly number[];
  /** Reads later bars: flagged in validation so backtests and screens can refuse it. */
  readonly future?: boolean;
  /** Future only for some constant arguments (REF with a negative lag). */
  readonly futureWhen?: (constants: readonly (number | undefined)[]) => boolean;
  /** Checks constant arguments at compile time; returns the problem's code when one is out of its domain. */
  readonly check?: (constants: readonly (number | undefined)[]) => ArgumentProblem | undefined;
  /** Set for functions that need data OHLCV bars do not carry; the compiler reports this reason. */
  readonly needs?: DataNeed;
  /** Whole-series kernel, for functions that look across bars. */
  readonly run?: Kernel;
  /** For functions of the current bar only: chains of these are fused into one loop. */
  readonly perBar?: PerBar;
  /**
   * The same function as a step of a fused loop, used beside `run` when every
   * argument after the series is a single number (moving averages, sums).
   */
  readonly recur?: Recurrence;
  /** Used instead of `run` when the second argument is a single number (REF's lag): fused as a shifted read. */
  readonly shift?: PerBar;
  /** The same function on single numbers: folds constants and keeps parameter arithmetic scalar. */
  readonly scalar?: (...a: number[]) => number;
}

/** A built-in name used without parentheses (CLOSE, DATE, ISLASTBAR ...). */
export interface VariableSpec {
  readonly name: string;
  readonly returns: "numeric" | "signal" | "text";
  readonly future?: boolean;
  readonly needs?: DataNeed;
  /** A bar column bound without copying. */
  readonly field?: "open" | "high" | "low" | "close" | "vol" | "amount";
  /** A constant (DRAWNULL). */
  readonly constant?: number;
  readonly run?: (out: Float64Array, ctx: EvalContext) => void;
}

export const series = (name: string): ArgSpec => ({ name, type: "series" });
export const value = (name: string): ArgSpec => ({ name, type: "value" });
export const constant = (name: string): ArgSpec => ({ name, type: "constant" });
export const text = (name: string): ArgSpec => ({ name, type: "text" });

/** Argument accessors for kernels; the compiler has already checked the shapes. */
export const col = (a: readonly KernelArg[], i: number) => a[i] as Float64Array;
export const opd = (a: readonly KernelArg[], i: number) => a[i] as Operand;
export const num = (a: readonly KernelArg[], i: number) => a[i] as number;
