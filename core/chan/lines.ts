/**
 * The "line" table: strokes at the first level, segments at the second.
 * chan.py runs segments, pivots and buy/sell points on either through the same
 * code, reading only what is here, so those steps take a {@link Lines}.
 * Columnar, indexed by line number.
 */
import type { MergedBars } from "./merged-bars.ts";
import type { StrokeTable } from "./strokes.ts";

export interface Lines {
  readonly length: number;
  /** +1 up, −1 down. */
  readonly dir: Int8Array;
  readonly isSure: Uint8Array;
  /** Sure now or before a provisional extension (chan.py `is_used_to_be_sure`). */
  readonly wasSure: Uint8Array;
  readonly beginVal: Float64Array;
  readonly endVal: Float64Array;
  /** chan.py `_high()` / `_low()`: the range the line is compared with. */
  readonly high: Float64Array;
  readonly low: Float64Array;
  /** Raw bars holding the start and end extremes. */
  readonly beginBar: Int32Array;
  readonly endBar: Int32Array;
}

export interface StrokeLines extends Lines {
  readonly beginMerged: Int32Array;
  readonly endMerged: Int32Array;
}

export interface SegmentLines extends Lines {
  /** First and last line of the level below. */
  readonly startLine: Int32Array;
  readonly endLine: Int32Array;
  /** chan.py's reason: `normal`, `collectleft_find_high`, `split_first_1st`, ... */
  readonly reason: readonly string[];
}

export function allocLines(n: number): {
  -readonly [K in keyof Lines]: Lines[K];
} {
  return {
    length: n,
    dir: new Int8Array(n),
    isSure: new Uint8Array(n),
    wasSure: new Uint8Array(n),
    beginVal: new Float64Array(n),
    endVal: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    beginBar: new Int32Array(n),
    endBar: new Int32Array(n),
  };
}

/** Strokes as lines: an up stroke runs from its start bar's low to its end bar's high. */
export function strokeLines(m: MergedBars, strokes: StrokeTable): StrokeLines {
  const n = strokes.length;
  const l = allocLines(n);
  for (let i = 0; i < n; i++) {
    const begin = strokes.begin[i]!;
    const end = strokes.end[i]!;
    const sure = strokes.sure[i]!;
    l.dir[i] = strokes.dir[i]!;
    l.isSure[i] = sure;
    l.wasSure[i] = sure || strokes.wasSure[i] ? 1 : 0;
    if (strokes.dir[i] === 1) {
      l.beginVal[i] = l.low[i] = m.low[begin]!;
      l.endVal[i] = l.high[i] = m.high[end]!;
      l.beginBar[i] = m.lowBar[begin]!;
      l.endBar[i] = m.highBar[end]!;
    } else {
      l.beginVal[i] = l.high[i] = m.high[begin]!;
      l.endVal[i] = l.low[i] = m.low[end]!;
      l.beginBar[i] = m.highBar[begin]!;
      l.endBar[i] = m.lowBar[end]!;
    }
  }
  return { ...l, beginMerged: strokes.begin.slice(0, n), endMerged: strokes.end.slice(0, n) };
}
