/**
 * Functions that read the price path itself: the zigzag family and parabolic
 * SAR. ZIG's K picks OPEN/HIGH/LOW/CLOSE by number (0–3) or takes a series.
 */
import type { ArgumentProblem } from "../formula-messages.ts";
import { sar } from "../kernels/sar.ts";
import { turningPoint, zig } from "../kernels/zigzag.ts";
import { constant, num, opd, value, type EvalContext, type FunctionSpec, type KernelArg } from "./spec.ts";

const PRICE = ["open", "high", "low", "close"] as const;

function priceOf(k: KernelArg, ctx: EvalContext): Float64Array | null {
  if (typeof k !== "number") return k as Float64Array;
  const field = PRICE[k];
  return Number.isInteger(k) && field ? ctx.series[field] : null;
}

const checkK = (c: readonly (number | undefined)[]): ArgumentProblem | undefined => (c[0] !== undefined && !(Number.isInteger(c[0]) && c[0] >= 0 && c[0] <= 3) ? "price_k" : undefined);

function turning(name: string, kind: number, bars: boolean): FunctionSpec {
  return {
    name,
    args: [value("K"), constant("N"), constant("M")],
    returns: "numeric",
    future: true,
    check: (c) => checkK(c) ?? (c[2] !== undefined && c[2] < 1 ? "m_at_least_one" : undefined),
    run: (o, a, ctx) => {
      const x = priceOf(opd(a, 0), ctx);
      if (x) turningPoint(o, x, num(a, 1), num(a, 2), kind, bars);
      else o.fill(NaN);
    },
  };
}

function sarFunction(name: string, turns: boolean): FunctionSpec {
  return {
    name,
    args: [constant("N"), constant("S"), constant("M")],
    returns: "numeric",
    run: (o, a, ctx) => {
      const s = ctx.series;
      const stops = turns ? new Float64Array(o.length) : o;
      sar(stops, turns ? o : null, s.high, s.low, s.close, num(a, 0), num(a, 1), num(a, 2));
    },
  };
}

export const pricePathFunctions: readonly FunctionSpec[] = [
  {
    name: "ZIG",
    args: [value("K"), constant("N")],
    returns: "numeric",
    future: true,
    check: checkK,
    run: (o, a, ctx) => {
      const x = priceOf(opd(a, 0), ctx);
      if (x) zig(o, x, num(a, 1));
      else o.fill(NaN);
    },
  },
  turning("PEAK", 1, false),
  turning("TROUGH", -1, false),
  turning("PEAKBARS", 1, true),
  turning("TROUGHBARS", -1, true),
  sarFunction("SAR", false),
  sarFunction("SARTURN", true),
];
