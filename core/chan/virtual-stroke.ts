/**
 * chan.py's unfinished last stroke (虚笔), recomputed from the confirmed
 * strokes whenever a result is taken: either the newest merged bar pushes past
 * the last stroke's end (the end moves there provisionally), or, walking back
 * from the newest bar, the first bar that could end an opposite stroke (right
 * merge direction, fractal test against its predecessor only) gets one. With
 * `bi_allow_sub_peak: false` a sub-peak bar may instead extend the stroke before
 * the last. Everything it touches is marked unsure.
 */
import type { ChanConfig } from "./options.ts";
import { StrokeRules, type MergedView, type RawRange } from "./stroke-rules.ts";
import { copyStrokes, lastTwo, type StrokeTable } from "./strokes.ts";

/** The confirmed strokes with the virtual tail applied: `confirmed` itself when there is none. */
export function withVirtualStroke(m: MergedView, raw: RawRange, cfg: ChanConfig["bi"], confirmed: StrokeTable): StrokeTable {
  const n = confirmed.length;
  if (n === 0) return confirmed;
  const k = m.length - 1;
  const lastEnd = confirmed.end[n - 1]!;
  const lastDir = confirmed.dir[n - 1]!;
  if (k === lastEnd) return confirmed;
  if (lastDir === 1 ? m.high[k]! >= m.high[lastEnd]! : m.low[k]! <= m.low[lastEnd]!) return moveEnd(confirmed, n, n - 1, k);
  const rules = new StrokeRules(m, raw, cfg);
  const two = lastTwo(confirmed.begin, confirmed.end, n);
  for (let t = k; t > lastEnd; t--) {
    if (rules.canMake(t, lastEnd, true)) {
      const out = copyStrokes(confirmed, n + 1);
      out.begin[n] = lastEnd;
      out.end[n] = t;
      out.dir[n] = -lastDir;
      return out;
    }
    if (!cfg.allowSubPeak && rules.subPeak(two, t)) {
      const prevEnd = confirmed.end[n - 2]!;
      const reaches = confirmed.dir[n - 2] === 1 ? m.dir[t] === 1 && m.high[t]! >= m.high[prevEnd]! : m.dir[t] === -1 && m.low[t]! <= m.low[prevEnd]!;
      if (reaches) return moveEnd(confirmed, n - 1, n - 2, t);
    }
  }
  return confirmed;
}

/** The first `length` strokes with stroke `i`'s end moved provisionally to bar `end`. */
function moveEnd(confirmed: StrokeTable, length: number, i: number, end: number): StrokeTable {
  const out = copyStrokes(confirmed, length);
  out.end[i] = end;
  out.sure[i] = 0;
  out.wasSure[i] = confirmed.sure[i]!;
  return out;
}
