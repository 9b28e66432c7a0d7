/**
 * The TDX-desktop-compatible forward adjustment (tdx-protocol.md 7.2, from
 * injoyai/tdx, verified there against the terminal): adjusted = A × raw + B.
 *
 * Start at the newest bar with A = 1, B = 0 and walk back; every bar receives
 * all not yet applied events whose ex-date is later than the bar's date, each as
 * A ← A / m, then B ← B − A × c. Events are applied by date, not by matching a
 * bar on the ex-date, so several events inside one suspension gap compound
 * (600519: 2006-05-19 m = 2.0 and 2006-05-24 m = 1.12 give m = 2.24 across the
 * gap). Events after `asOfDay` are announced but not yet effective and are
 * ignored; otherwise the whole history would shift by a dividend that has not
 * happened.
 */
import type { PriceEvent } from "./price-events.ts";
import { DAY_MS } from "./session-clock.ts";

export interface AffineCoefficients {
  readonly a: Float64Array;
  readonly b: Float64Array;
}

/** Index of the last event effective on `asOfDay`, or −1. */
export function lastEffective(events: readonly PriceEvent[], asOfDay: number): number {
  let e = events.length - 1;
  while (e >= 0 && events[e].day > asOfDay) e--;
  return e;
}

/** Forward coefficients of every bar of ascending `time`. */
export function forwardAffine(time: Float64Array, events: readonly PriceEvent[], asOfDay: number): AffineCoefficients {
  const n = time.length;
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  let A = 1;
  let B = 0;
  let e = lastEffective(events, asOfDay);
  for (let i = n - 1; i >= 0; i--) {
    const day = Math.floor(time[i] / DAY_MS);
    while (e >= 0 && events[e].day > day) {
      A /= events[e].m;
      B -= A * events[e].c;
      e--;
    }
    a[i] = A;
    b[i] = B;
  }
  return { a, b };
}

/** The forward coefficients a bar dated `day` would receive (the HFQ anchor). */
export function affineAt(events: readonly PriceEvent[], day: number, asOfDay: number): { a: number; b: number } {
  let A = 1;
  let B = 0;
  for (let e = lastEffective(events, asOfDay); e >= 0 && events[e].day > day; e--) {
    A /= events[e].m;
    B -= A * events[e].c;
  }
  return { a: A, b: B };
}
