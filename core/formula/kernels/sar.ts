/**
 * Parabolic SAR, SAR(N,S,M) and SARTURN(N,S,M) (core/formula/LANGUAGE.md §3.9): Wilder's
 * rules with TDX's parameters (N bars to seed, step S %, cap M %). The start
 * is [UNVERIFIED] against TDX: the first N valid bars set the direction (up
 * unless the close fell over them) and the first stop (their lowest low, or
 * highest high), shown on the N-th bar. HQChart always starts long; TA-Lib
 * starts from two bars. Bars with a missing high or low are skipped.
 */
import { doubles } from "./doubles.ts";
import { RANGE } from "./ranges.ts";

export function sar(out: Float64Array, turns: Float64Array | null, high: Float64Array, low: Float64Array, close: Float64Array, seedBars: number, stepPct: number, capPct: number): void {
  const n = out.length;
  out.fill(NaN);
  turns?.fill(NaN);
  const N = Math.max(1, Math.trunc(seedBars));
  const valid: number[] = [];
  for (let i = 0; i < n && valid.length < N; i++) {
    if (high[i] === high[i] && low[i] === low[i] && close[i] === close[i]) valid.push(i);
  }
  if (valid.length < N || !(stepPct > 0)) return;
  const step = stepPct / 100;
  const cap = capPct / 100;
  let hh = -Infinity;
  let ll = Infinity;
  for (const i of valid) {
    hh = Math.max(hh, high[i]!);
    ll = Math.min(ll, low[i]!);
  }
  const seed = valid[N - 1]!;
  const up = close[seed]! >= close[valid[0]!]!;
  const stop = up ? ll : hh;
  const ep = up ? hh : ll;
  out[seed] = stop;
  if (turns) turns[seed] = 0;
  // the last two valid bars' extremes, newest first, for the "not inside the prior bars" rule
  const h1 = high[seed]!;
  const l1 = low[seed]!;
  const h2 = N > 1 ? high[valid[N - 2]!]! : h1;
  const l2 = N > 1 ? low[valid[N - 2]!]! : l1;
  const state = doubles(8, 0);
  state[0] = up ? 1 : 0;
  state[1] = stop;
  state[2] = ep;
  state[3] = step;
  state[4] = h1;
  state[5] = l1;
  state[6] = h2;
  state[7] = l2;
  for (let from = seed + 1; from < n; from += RANGE) stops(state, from, Math.min(n, from + RANGE), out, turns, high, low, step, cap);
}

/**
 * Bars `[from, to)` from the state so far (see ranges.ts): whether long (1),
 * the stop, the extreme point, the acceleration, and the last two valid
 * bars' highs and lows, newest first.
 */
function stops(state: number[], from: number, to: number, out: Float64Array, turns: Float64Array | null, high: Float64Array, low: Float64Array, step: number, cap: number): void {
  let up = state[0] === 1;
  let stop = state[1]!;
  let ep = state[2]!;
  let af = state[3]!;
  let h1 = state[4]!;
  let l1 = state[5]!;
  let h2 = state[6]!;
  let l2 = state[7]!;
  for (let i = from; i < to; i++) {
    const h = high[i]!;
    const l = low[i]!;
    if (h !== h || l !== l) continue;
    let next = stop + af * (ep - stop);
    let turn = 0;
    if (up) {
      next = Math.min(next, l1, l2);
      if (l < next) {
        up = false;
        turn = -1;
        next = Math.max(ep, h);
        ep = l;
        af = step;
      } else if (h > ep) {
        ep = h;
        af = Math.min(af + step, cap);
      }
    } else {
      next = Math.max(next, h1, h2);
      if (h > next) {
        up = true;
        turn = 1;
        next = Math.min(ep, l);
        ep = h;
        af = step;
      } else if (l < ep) {
        ep = l;
        af = Math.min(af + step, cap);
      }
    }
    stop = next;
    out[i] = stop;
    if (turns) turns[i] = turn;
    h2 = h1;
    l2 = l1;
    h1 = h;
    l1 = l;
  }
  state[0] = up ? 1 : 0;
  state[1] = stop;
  state[2] = ep;
  state[3] = af;
  state[4] = h1;
  state[5] = l1;
  state[6] = h2;
  state[7] = l2;
}
