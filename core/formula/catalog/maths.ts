/**
 * Per-bar maths and choices (core/formula/LANGUAGE.md §3.4, §3.6). Results that are not
 * finite (LN(0), SQRT(−1), a division by zero) are invalid.
 */
import * as pb from "../kernels/per-bar.ts";
import { series, value, type FunctionSpec } from "./spec.ts";

function finite(f: (...a: number[]) => number): (...a: number[]) => number {
  return (...a) => {
    const r = f(...a);
    return r - r === 0 ? r : NaN;
  };
}

function perBar(name: string, names: readonly string[], f: (a: number, b: number, c: number) => number): FunctionSpec {
  return {
    name,
    args: names.map(series),
    returns: "numeric",
    scalar: finite(f as (...a: number[]) => number),
    perBar: { call: f },
  };
}

/**
 * Half away from zero ("四舍五入") on the decimal the value stands for (core/formula/LANGUAGE.md
 * §3.6). With y = |v|·10^N, r its fraction and s = 2·ε·y (two to four ulps of y, the float
 * noise of a decimal input or of a product such as x·(1+r), which reaches 1.3·ε·y): y rounds up
 * if r ≥ 0.5, or if r is within s below the half and not within s of the integer below. So
 * 2.675 (stored as 2.67499…) gives 2.68 and a limit price whose exact decimal ends in 5 rounds
 * up; an integer rounds to itself; a y within noise of both its integer and the half (from
 * 2^49 on, where the fraction has few bits) stays; and from 2^52 on, where every double is an
 * integer, v is returned unchanged (ROUND(3.5e15) is 3.5e15). The test runs outside any loop
 * over bars: ROUND is a per-bar call.
 */
function roundTo(v: number, digits: number): number {
  const m = 10 ** Math.trunc(digits);
  const y = Math.abs(v) * m;
  if (!(y < 2 ** 52)) return y === y ? v : NaN;
  const f = Math.floor(y);
  const r = y - f;
  const s = 2 * Number.EPSILON * y;
  return (Math.sign(v) * (r >= 0.5 || (r > s && 0.5 - r <= s) ? f + 1 : f)) / m;
}

const ifScalar = (c: number, x: number, y: number) => (c !== c ? NaN : c !== 0 ? x : y);
const between = (v: number, lo: number, hi: number) => (v !== v || lo !== lo || hi !== hi ? NaN : (lo <= v && v <= hi) || (hi <= v && v <= lo) ? 1 : 0);
const strictlyInside = (v: number, lo: number, hi: number) => (v !== v || lo !== lo || hi !== hi ? NaN : lo < v && v < hi ? 1 : 0);

export const mathFunctions: readonly FunctionSpec[] = [
  { name: "ABS", args: [series("X")], returns: "numeric", scalar: Math.abs, perBar: pb.ABS },
  { name: "MAX", args: [value("A"), value("B")], returns: "numeric", signalFrom: [0, 1], scalar: Math.max, perBar: pb.MAX },
  { name: "MIN", args: [value("A"), value("B")], returns: "numeric", signalFrom: [0, 1], scalar: Math.min, perBar: pb.MIN },
  { name: "REVERSE", args: [series("X")], returns: "numeric", scalar: (v) => -v, perBar: pb.NEGATE },
  perBar("SIGN", ["X"], (v) => (v > 0 ? 1 : v < 0 ? -1 : v === 0 ? 0 : NaN)),
  perBar("SQRT", ["X"], Math.sqrt),
  perBar("EXP", ["X"], Math.exp),
  perBar("LN", ["X"], Math.log),
  perBar("LOG", ["X"], Math.log10),
  perBar("INTPART", ["X"], Math.trunc),
  perBar("FRACPART", ["X"], (v) => v - Math.trunc(v)),
  perBar("CEILING", ["X"], Math.ceil),
  perBar("FLOOR", ["X"], Math.floor),
  perBar("ROUND", ["X"], (v) => roundTo(v, 0)),
  perBar("SIN", ["X"], Math.sin),
  perBar("COS", ["X"], Math.cos),
  perBar("TAN", ["X"], Math.tan),
  perBar("ASIN", ["X"], Math.asin),
  perBar("ACOS", ["X"], Math.acos),
  perBar("ATAN", ["X"], Math.atan),
  perBar("ROUND2", ["X", "N"], roundTo),
  /** Remainder with the dividend's sign (C's fmod); MOD(A,0) is invalid. */
  perBar("MOD", ["A", "B"], (x, y) => (y === 0 ? NaN : x % y)),
  perBar("POW", ["A", "B"], Math.pow),
  /** Limit-up / limit-down price from a base price and the limit ratio, to the fen. */
  perBar("ZTPRICE", ["X", "RATIO"], (x, r) => roundTo(x * (1 + r), 2)),
  perBar("DTPRICE", ["X", "RATIO"], (x, r) => roundTo(x * (1 - r), 2)),
  /** A colour number for drawing arguments (R + G·256 + B·65536). */
  perBar("RGB", ["R", "G", "B"], (r, g, b) => r + g * 256 + b * 65536),
  { name: "NOT", args: [series("X")], returns: "signal", scalar: (v) => (v !== v ? NaN : v === 0 ? 1 : 0), perBar: pb.NOT },
  {
    name: "IF",
    args: [series("COND"), value("A"), value("B")],
    returns: "numeric",
    signalFrom: [1, 2],
    scalar: ifScalar,
    perBar: pb.IF,
  },
  {
    name: "IFF",
    args: [series("COND"), value("A"), value("B")],
    returns: "numeric",
    signalFrom: [1, 2],
    scalar: ifScalar,
    perBar: pb.IF,
  },
  {
    name: "IFN",
    args: [series("COND"), value("A"), value("B")],
    returns: "numeric",
    signalFrom: [1, 2],
    scalar: (c, x, y) => ifScalar(c, y, x),
    perBar: pb.IFN,
  },
  { ...perBar("BETWEEN", ["A", "B", "C"], between), returns: "signal" },
  { ...perBar("RANGE", ["A", "B", "C"], strictlyInside), returns: "signal" },
];
