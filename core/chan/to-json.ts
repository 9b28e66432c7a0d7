/**
 * The analysis as a plain JSON-ready object: the only place rows are made.
 * Field names are snake_case. "line" means a stroke at the stroke level and a
 * segment at the segment level (`segment_level`), so both levels share one
 * shape. `*_index` fields without a prefix are raw-bar numbers (0 = first bar
 * of the input); `*_line` fields are line numbers of the same level. Times are
 * "YYYY-MM-DD" for daily and longer bars and "YYYY-MM-DD HH:MM" for minute bars.
 * Non-finite numbers (+∞ thresholds) become null.
 */
import { formatDate, formatDateTime } from "../bars/index.ts";
import type { ChanAnalysis, Level } from "./analyze.ts";
import type { BspType, MacdAlgo } from "./options.ts";
import type { Lines } from "./lines.ts";

export interface ChanJsonOptions {
  /** Include the merged (inclusion-processed) bars. Default false. */
  readonly mergedBars?: boolean;
  /** Default: "datetime" when any bar has a time of day, else "date". */
  readonly timeFormat?: "date" | "datetime";
}

export interface MergedBarJson {
  readonly index: number;
  readonly begin_index: number;
  readonly end_index: number;
  readonly begin_time: string;
  readonly end_time: string;
  readonly high: number;
  readonly low: number;
  /** Merge direction the bar was created with. */
  readonly dir: "up" | "down";
  /** Fractal mark (null for none, always null on the newest bar). */
  readonly fx: "top" | "bottom" | null;
  /** Raw bars inside. */
  readonly bar_count: number;
}

interface LineJson {
  readonly index: number;
  readonly dir: "up" | "down";
  /** False for the unfinished tail: it may change as bars arrive. */
  readonly is_sure: boolean;
  readonly begin_index: number;
  readonly begin_time: string;
  readonly begin_price: number;
  readonly end_index: number;
  readonly end_time: string;
  readonly end_price: number;
  readonly high: number;
  readonly low: number;
}

export interface StrokeJson extends LineJson {
  readonly begin_merged_index: number;
  readonly end_merged_index: number;
  /** Segment containing the stroke; strokes after the last segment get the segment count. */
  readonly segment_index: number;
  /** Raw bars from start extreme to end extreme, both included. */
  readonly bar_count: number;
  /** Divergence force measures (chan.py `cal_macd_metric`). */
  readonly metrics: {
    readonly peak: number;
    readonly full_area: number;
    /** MACD hump touching the start extreme. */
    readonly area_obverse: number;
    /** MACD hump touching the end extreme. */
    readonly area_reverse: number;
    readonly diff: number;
    readonly slope: number;
    readonly amp: number;
  };
}

export interface SegmentJson extends LineJson {
  readonly begin_line: number;
  readonly end_line: number;
  /** chan.py's reason: `normal` (closed by its characteristic sequence) or how the unsure tail was collected. */
  readonly reason: string;
  readonly pivot_count: number;
  readonly multi_line_pivot_count: number;
  /** Stroke level only: the segment of segments containing it. */
  readonly parent_index: number | null;
}

export interface PivotJson {
  readonly index: number;
  readonly is_sure: boolean;
  readonly begin_line: number;
  readonly end_line: number;
  readonly line_count: number;
  readonly in_line: number | null;
  readonly out_line: number | null;
  readonly begin_index: number;
  readonly begin_time: string;
  readonly end_index: number;
  readonly end_time: string;
  readonly zg: number;
  readonly zd: number;
  readonly zz: number;
  readonly gg: number;
  readonly dd: number;
  readonly sub_pivot_count: number;
  /** Segment whose pivot list holds it (null for pivots after the last segment). */
  readonly segment_index: number | null;
}

export interface PointJson {
  readonly line: number;
  readonly index: number;
  readonly time: string;
  readonly is_buy: boolean;
  readonly types: readonly BspType[];
  /** The bar's low for a buy, its high for a sell. */
  readonly price: number;
  readonly is_sure: boolean;
  readonly related_index: number | null;
  readonly features: Readonly<Record<string, number | null>>;
}

export interface DivergenceJson {
  readonly segment_index: number;
  readonly kind: "pivot" | "adjacent";
  readonly pivot_index: number | null;
  readonly in_line: number;
  readonly out_line: number;
  readonly algo: MacdAlgo;
  readonly in_metric: number | null;
  readonly out_metric: number | null;
  readonly ratio: number | null;
  /** null for +∞ (every case divergent). */
  readonly threshold: number | null;
  readonly broke_pivot: boolean;
  readonly divergent: boolean;
  readonly emitted: boolean;
}

export interface LevelJson {
  readonly segments: SegmentJson[];
  readonly pivots: PivotJson[];
  readonly bsp: PointJson[];
  readonly divergences: DivergenceJson[];
}

export interface ChanJson extends LevelJson {
  readonly bar_count: number;
  readonly merged_bar_count: number;
  readonly merged_bars?: MergedBarJson[];
  readonly strokes: StrokeJson[];
  /** Segments of segments, segment pivots, segment-level points and divergences. */
  readonly segment_level: LevelJson;
}

const finite = (x: number | null): number | null => (Number.isFinite(x) ? x : null);
const orNull = (i: number): number | null => (i < 0 ? null : i);
const dirName = (d: number): "up" | "down" => (d === 1 ? "up" : "down");

export function chanToJson(a: ChanAnalysis, opts: ChanJsonOptions = {}): ChanJson {
  const { bars, merged: m, strokes: S } = a;
  const intraday = opts.timeFormat === undefined ? hasTimeOfDay(bars.time) : opts.timeFormat === "datetime";
  const t = (i: number) => (intraday ? formatDateTime(bars.time[i]!) : formatDate(bars.time[i]!));

  const line = (L: Lines, i: number): LineJson => ({
    index: i,
    dir: dirName(L.dir[i]!),
    is_sure: L.isSure[i] === 1,
    begin_index: L.beginBar[i]!,
    begin_time: t(L.beginBar[i]!),
    begin_price: L.beginVal[i]!,
    end_index: L.endBar[i]!,
    end_time: t(L.endBar[i]!),
    end_price: L.endVal[i]!,
    high: L.high[i]!,
    low: L.low[i]!,
  });

  const level = (lv: Level, parent: Int32Array | null): LevelJson => {
    const segL = lv.segments.lines;
    const pivotSeg = new Int32Array(lv.pivots.list.length).fill(-1);
    lv.pivots.bySegment.forEach((list, k) => list.forEach((j) => (pivotSeg[j] = k)));
    return {
      segments: Array.from({ length: segL.length }, (_, k) => {
        const ps = lv.pivots.bySegment[k]!;
        return {
          ...line(segL, k),
          begin_line: segL.startLine[k]!,
          end_line: segL.endLine[k]!,
          reason: segL.reason[k]!,
          pivot_count: ps.length,
          multi_line_pivot_count: ps.filter((j) => lv.pivots.list[j]!.begin !== lv.pivots.list[j]!.end).length,
          parent_index: parent ? parent[k]! : null,
        };
      }),
      pivots: lv.pivots.list.map((p, j) => ({
        index: j,
        is_sure: p.sure,
        begin_line: p.begin,
        end_line: p.end,
        line_count: p.end - p.begin + 1,
        in_line: orNull(p.lineIn),
        out_line: orNull(p.lineOut),
        begin_index: p.beginBar,
        begin_time: t(p.beginBar),
        end_index: p.endBar,
        end_time: t(p.endBar),
        zg: p.zg,
        zd: p.zd,
        zz: p.mid,
        gg: p.gg,
        dd: p.dd,
        sub_pivot_count: p.parts,
        segment_index: orNull(pivotSeg[j]!),
      })),
      bsp: lv.points.points.map((p) => ({
        line: p.line,
        index: p.bar,
        time: t(p.bar),
        is_buy: p.isBuy,
        types: p.types,
        price: p.isBuy ? bars.low[p.bar]! : bars.high[p.bar]!,
        is_sure: p.sure,
        related_index: orNull(p.relatedBar),
        features: Object.fromEntries(Object.entries(p.features).map(([k, v]) => [k, finite(v)])),
      })),
      divergences: lv.points.divergences.map((d) => ({
        segment_index: d.segment,
        kind: d.kind,
        pivot_index: orNull(d.pivot),
        in_line: d.inLine,
        out_line: d.outLine,
        algo: d.algo,
        in_metric: finite(d.inMetric),
        out_metric: finite(d.outMetric),
        ratio: finite(d.ratio),
        threshold: finite(d.threshold),
        broke_pivot: d.brokePivot,
        divergent: d.divergent,
        emitted: d.emitted,
      })),
    };
  };

  const metric = a.strokeMetric;
  const strokeSeg = a.strokeLevel.segments.lineSegment;
  const strokes: StrokeJson[] = Array.from({ length: S.length }, (_, i) => ({
    ...line(S, i),
    begin_merged_index: S.beginMerged[i]!,
    end_merged_index: S.endMerged[i]!,
    segment_index: strokeSeg[i]!,
    bar_count: S.endBar[i]! - S.beginBar[i]! + 1,
    metrics: {
      peak: metric(i, "peak"),
      full_area: metric(i, "full_area"),
      area_obverse: metric(i, "area", false),
      area_reverse: metric(i, "area", true),
      diff: metric(i, "diff"),
      slope: metric(i, "slope"),
      amp: metric(i, "amp"),
    },
  }));

  const out: ChanJson = {
    bar_count: bars.length,
    merged_bar_count: m.length,
    ...(opts.mergedBars
      ? {
          merged_bars: Array.from({ length: m.length }, (_, k) => ({
            index: k,
            begin_index: m.first[k]!,
            end_index: m.last[k]!,
            begin_time: t(m.first[k]!),
            end_time: t(m.last[k]!),
            high: m.high[k]!,
            low: m.low[k]!,
            dir: dirName(m.dir[k]!),
            fx: m.fx[k] === 1 ? ("top" as const) : m.fx[k] === -1 ? ("bottom" as const) : null,
            bar_count: m.last[k]! - m.first[k]! + 1,
          })),
        }
      : {}),
    strokes,
    ...level(a.strokeLevel, a.segmentLevel.segments.lineSegment),
    segment_level: level(a.segmentLevel, null),
  };
  return out;
}

function hasTimeOfDay(time: Float64Array): boolean {
  for (let i = 0; i < time.length; i++) if (time[i]! % 86_400_000 !== 0) return true;
  return false;
}
