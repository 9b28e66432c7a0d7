/**
 * DKX (多空线) in two passes plus the engine's MA kernel. It computes exactly
 * what the formula engine makes of TDX's text (the plugin's test compares
 * them):
 *
 *   MID:=(3*CLOSE+LOW+OPEN+HIGH)/6;
 *   DKX:(20*MID+19*REF(MID,1)+...+2*REF(MID,18)+REF(MID,20))/210;
 *   MADKX:MA(DKX,M);
 *
 * The weighted sum is added term by term in the text's order (the published
 * text skips REF(MID,19)); DKX first has a value on bar 20. Invalid values
 * need no special case: the arithmetic is the engine's, and its MA kernel
 * applies the gap rules.
 */
import { ma, RANGE } from "../formula/kernels/index.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";
import { scratch } from "./scratch.ts";

export function dkxKernel(open: Float64Array, high: Float64Array, low: Float64Array, close: Float64Array, M: number, allocate: Allocate = freshColumn): Float64Array[] {
  const n = close.length;
  const dkx = allocate(n);
  const average = allocate(n);
  const mid = scratch(0, n);
  for (let i = 0; i < n; i++) mid[i] = (3 * close[i]! + low[i]! + open[i]! + high[i]!) / 6;
  for (let i = 0; i < n && i < 20; i++) dkx[i] = NaN;
  for (let from = 20; from < n; from += RANGE) weighted(mid, dkx, from, Math.min(n, from + RANGE));
  ma(average, dkx, M);
  return [dkx, average];
}

/** The text's terms in its order: weight and lag. */
const TERMS: readonly (readonly [number, number])[] = [...Array.from({ length: 19 }, (_, lag) => [20 - lag, lag] as const), [1, 20]];

/** `w * mid[i + offset]` as source (the weight 1 left out, as the text writes it). */
const termAt = (w: number, offset: number) => `${w === 1 ? "" : `${w} * `}${offset === 0 ? "mid[i]" : offset > 0 ? `mid[i + ${offset}]` : `mid[i - ${-offset}]`}`;
const BARS = [0, 1, 2, 3];

/**
 * DKX on bars `[from, to)` (see ranges.ts for why in ranges), four bars a
 * pass: each bar's sum is a chain of 20 dependent additions, and interleaved
 * term by term, four chains keep the adder busy where one waits on each of
 * its additions in turn. Each bar's additions are still the text's, in its
 * order, so the values are the same to the bit. On 24 random walks of 10,000
 * bars in turn: 65 µs against 106 one bar a pass (74 two bars a pass; a loop
 * over the terms with four sums, 119). Written out from TERMS (constants
 * only, no input reaches the source).
 */
const weighted = new Function(
  "mid",
  "dkx",
  "from",
  "to",
  [
    "let i = from;",
    "for (; i + 3 < to; i += 4) {",
    ...BARS.map((b) => `let s${b} = ${termAt(TERMS[0]![0], b - TERMS[0]![1])};`),
    ...TERMS.slice(1).flatMap(([w, lag]) => BARS.map((b) => `s${b} = s${b} + ${termAt(w, b - lag)};`)),
    ...BARS.map((b) => `dkx[${b === 0 ? "i" : `i + ${b}`}] = s${b} / 210;`),
    "}",
    `for (; i < to; i++) dkx[i] = (${TERMS.map(([w, lag]) => termAt(w, -lag)).join(" + ")}) / 210;`,
  ].join("\n"),
) as (mid: Float64Array, dkx: Float64Array, from: number, to: number) => void;
