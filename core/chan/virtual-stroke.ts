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
import { copyStrokes, type StrokeTable } from "./strokes.ts";

/**
 * The confirmed strokes with the virtual tail applied: `confirmed` itself when there is none. They
 * end before the newest bar (an end is a fractal, which needs a successor); with no stroke the last
 * end and direction read `undefined`, which no bar's price passes, so `confirmed` comes back.
 */
export function withVirtualStroke(m: MergedView, raw: RawRange, cfg: ChanConfig["bi"], confirmed: StrokeTable): StrokeTable {
  const n = confirmed.length;
  const k = m.length - 1;
  const lastEnd = confirmed.end[n - 1]!;
  const lastDir = confirmed.dir[n - 1]!;
  if (lastDir === 1 ? m.high[k]! >= m.high[lastEnd]! : m.low[k]! <= m.low[lastEnd]!) return moveEnd(confirmed, n, n - 1, k);
  const rules = new StrokeRules(m, raw, cfg);
  for (let t = k; t > lastEnd; t--) {
    if (rules.canMake(t, lastEnd, true)) {
      const out = copyStrokes(confirmed, n + 1);
      out.begin[n] = lastEnd;
      out.end[n] = t;
      out.dir[n] = -lastDir;
      return out;
    }
    // chan.py then moves the end of the stroke before to bar t only if t opened in that stroke's
    // direction and goes as far (`try_update_end(for_virtual=True)`); `subPeak` implies both: t goes
    // as far as the last stroke's begin, which is that end, and as far as the bar before it (end is
    // peak), which, as merged neighbours are never in inclusion, means t opened beyond it
    if (!cfg.allowSubPeak && rules.subPeak(confirmed.begin, confirmed.end, n, t)) return moveEnd(confirmed, n - 1, n - 2, t);
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
