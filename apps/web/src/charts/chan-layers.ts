/**
 * Chan-theory results placed on the K-line's time axis. Strokes and segments
 * become polylines through their turning points, pivots boxes, buy/sell points
 * pins. Anything whose time is not among the drawn bars (the analysis saw more
 * history, or the period changed) is left out rather than drawn at a wrong bar.
 */
import type { ChanResult, ChanStroke } from "../api/types.ts";
import type { ChanLayers } from "./chart-types.ts";

export interface ChanChoice {
  readonly strokes: boolean;
  readonly segments: boolean;
  readonly pivots: boolean;
  readonly points: boolean;
}

function polyline(lines: readonly ChanStroke[], known: ReadonlySet<string>): [string, number][] {
  const out: [string, number][] = [];
  for (const l of lines) {
    if (!known.has(l.begin_time) || !known.has(l.end_time)) continue;
    const prev = out[out.length - 1];
    if (!prev || prev[0] !== l.begin_time) out.push([l.begin_time, l.begin_price]);
    out.push([l.end_time, l.end_price]);
  }
  return out;
}

/** Labels such as `1B`, `2S`, `3aB` in English or `1买`, `2卖` in Chinese. */
export function pointLabel(types: readonly string[], buy: boolean, zh: boolean): string {
  const kinds = types.map((t) => t.replace(/p$/, "")).join("/");
  return `${kinds}${zh ? (buy ? "买" : "卖") : buy ? "B" : "S"}`;
}

export function chanLayers(result: ChanResult, times: readonly string[], choice: ChanChoice, zh: boolean): ChanLayers {
  const known = new Set(times);
  return {
    strokes: choice.strokes ? polyline(result.strokes, known) : [],
    segments: choice.segments ? polyline(result.segments, known) : [],
    pivots: choice.pivots
      ? result.pivots.filter((z) => known.has(z.begin_time) && known.has(z.end_time)).map((z) => ({ from: z.begin_time, to: z.end_time, high: z.zg, low: z.zd, sure: z.is_sure }))
      : [],
    points: choice.points ? result.bsp.filter((b) => known.has(b.time)).map((b) => ({ time: b.time, price: b.price, buy: b.is_buy, label: pointLabel(b.types, b.is_buy, zh) })) : [],
  };
}
