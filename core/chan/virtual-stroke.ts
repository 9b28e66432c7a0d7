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
import type { StrokeEnds } from "./strokes.ts";

export function withVirtualStroke(m: MergedView, raw: RawRange, cfg: ChanConfig["bi"], confirmed: readonly StrokeEnds[]): StrokeEnds[] {
  const out = confirmed.slice();
  if (out.length === 0) return out;
  const k = m.length - 1;
  const last = out[out.length - 1]!;
  if (k === last.end) return out;
  if (last.dir === 1 ? m.high[k]! >= m.high[last.end]! : m.low[k]! <= m.low[last.end]!) {
    out[out.length - 1] = { ...last, end: k, sure: false, wasSure: last.sure };
    return out;
  }
  const rules = new StrokeRules(m, raw, cfg);
  for (let t = k; t > last.end; t--) {
    if (rules.canMake(t, last.end, true)) {
      out.push({ begin: last.end, end: t, dir: -last.dir, sure: false, wasSure: false });
      return out;
    }
    if (!cfg.allowSubPeak && rules.subPeak(out, t)) {
      const prev = out[out.length - 2]!;
      const reaches = prev.dir === 1 ? m.dir[t] === 1 && m.high[t]! >= m.high[prev.end]! : m.dir[t] === -1 && m.low[t]! <= m.low[prev.end]!;
      if (reaches) {
        out.pop();
        out[out.length - 1] = { ...prev, end: t, sure: false, wasSure: prev.sure };
        return out;
      }
    }
  }
  return out;
}
