/**
 * The chan pipeline, batch and streaming. chan.py's batch run decides strokes
 * as merged bars close and everything above them once, at the end; so the
 * stream keeps only the inclusion, stroke and indicator state incrementally and
 * recomputes segments, pivots and points on each {@link ChanStream.snapshot},
 * which therefore equals {@link analyzeChan} on the bars fed so far.
 *
 * Unsure elements (the unfinished last stroke, tail segments, the pivots and
 * points on them) carry `sure: false` / `isSure = 0` and may change as bars
 * arrive; sure ones do not.
 */
import type { BarSeries } from "../bars/index.ts";
import { AppendOnlyColumn } from "./append-only.ts";
import { buildPoints, type PointsResult } from "./buy-sell-points.ts";
import { CzscMerge } from "./czsc-merge.ts";
import { CzscStrokeBuilder, czscStrokes } from "./czsc-strokes.ts";
import { segmentMetric, strokeMetric, type LineMetric } from "./line-metrics.ts";
import { strokeLines, type StrokeLines } from "./lines.ts";
import { macdHistogram, MacdStream } from "./macd.ts";
import { ChanMerge, mergeBars } from "./merge-bars.ts";
import { MERGED_BYTES_PER_BAR, type MergedBars, type MergedColumns } from "./merged-bars.ts";
import { DEFAULT_CHAN_CONFIG, type ChanConfig } from "./options.ts";
import { buildPivots, type Pivots } from "./pivots.ts";
import { RsiStream } from "./rsi.ts";
import { buildSegments, type Segments } from "./segments.ts";
import { buildStrokes, StrokeBuilder, type StrokeTable } from "./strokes.ts";
import { withVirtualStroke } from "./virtual-stroke.ts";
import { type ChanWorkspace, freshColumns } from "./workspace.ts";

/** Segments built on one level's lines, their pivots and the points on those lines. */
export interface Level {
  readonly segments: Segments;
  readonly pivots: Pivots;
  readonly points: PointsResult;
}

export interface ChanAnalysis {
  readonly config: ChanConfig;
  readonly bars: BarSeries;
  readonly merged: MergedBars;
  readonly strokes: StrokeLines;
  /** Force measure of a stroke (all chan.py `macd_algo`s). */
  readonly strokeMetric: LineMetric;
  /** Segments of strokes, stroke pivots and stroke-level points. */
  readonly strokeLevel: Level;
  /** Segments of segments, segment pivots and segment-level points. */
  readonly segmentLevel: Level;
}

function usesRsi(c: ChanConfig): boolean {
  return c.bsp.buy.macd_algo === "rsi" || c.bsp.sell.macd_algo === "rsi";
}

/** Everything above the strokes: both levels of segments, pivots and points. */
function analyzeStrokes(config: ChanConfig, bars: BarSeries, merged: MergedBars, strokes: StrokeTable, hist: Float64Array, rsi: Float64Array | null): ChanAnalysis {
  const lines = strokeLines(merged, strokes);
  const metric = strokeMetric(lines, merged, { bars, hist, rsi });
  const segments = buildSegments(lines, bars, config.seg.leftMethod);
  const pivots = buildPivots(lines, segments, config.zs);
  const segSegments = buildSegments(segments.lines, bars, config.seg.leftMethod);
  const segPivots = buildPivots(segments.lines, segSegments, config.zs);
  return {
    config,
    bars,
    merged,
    strokes: lines,
    strokeMetric: metric,
    strokeLevel: { segments, pivots, points: buildPoints(lines, segments, pivots, config.bsp, metric) },
    segmentLevel: {
      segments: segSegments,
      pivots: segPivots,
      points: buildPoints(segments.lines, segSegments, segPivots, config.segBsp, segmentMetric(segments.lines, bars)),
    },
  };
}

/** Bars fed one at a time; `snapshot()` analyses what has been fed. */
export class ChanStream {
  private readonly time = new AppendOnlyColumn();
  private readonly open = new AppendOnlyColumn();
  private readonly high = new AppendOnlyColumn();
  private readonly low = new AppendOnlyColumn();
  private readonly close = new AppendOnlyColumn();
  private readonly vol = new AppendOnlyColumn();
  private readonly amount = new AppendOnlyColumn();
  private readonly macd: MacdStream;
  private readonly rsi: RsiStream | null;
  private readonly merged: MergedColumns;
  private readonly chan: { merge: ChanMerge; strokes: StrokeBuilder } | null = null;
  private readonly czsc: { merge: CzscMerge; strokes: CzscStrokeBuilder } | null = null;

  constructor(readonly config: ChanConfig = DEFAULT_CHAN_CONFIG) {
    this.macd = new MacdStream(config.macd);
    this.rsi = usesRsi(config) ? new RsiStream(config.rsiCycle) : null;
    if (config.bi.algo === "czsc") {
      const merge = new CzscMerge();
      this.merged = merge.bars;
      this.czsc = { merge, strokes: new CzscStrokeBuilder(merge.bars, config.bi.czscMinLen) };
    } else {
      const merge = new ChanMerge();
      this.merged = merge.bars;
      const high = this.high;
      const low = this.low;
      // the stroke rules read raw bars by index while bars keep arriving
      const raw = {
        get high() {
          return high.data;
        },
        get low() {
          return low.data;
        },
      };
      this.chan = { merge, strokes: new StrokeBuilder(merge.bars, raw, config.bi) };
    }
  }

  get length(): number {
    return this.time.length;
  }

  /** Adds the next bar (times must increase; the caller checks). */
  push(time: number, open: number, high: number, low: number, close: number, vol = NaN, amount = NaN): void {
    const i = this.time.length;
    this.time.push(time);
    this.open.push(open);
    this.high.push(high);
    this.low.push(low);
    this.close.push(close);
    this.vol.push(vol);
    this.amount.push(amount);
    this.macd.push(close);
    this.rsi?.push(close);
    if (this.czsc) {
      this.czsc.merge.push(i, high, low);
      this.czsc.strokes.update();
    } else if (this.chan!.merge.push(i, high, low)) {
      // the bar before the one just opened is final: its fractal may end a stroke
      const k = this.merged.length - 2;
      if (k >= 1) this.chan!.strokes.close(k);
    }
  }

  snapshot(): ChanAnalysis {
    const bars: BarSeries = {
      length: this.time.length,
      time: this.time.view(),
      open: this.open.view(),
      high: this.high.view(),
      low: this.low.view(),
      close: this.close.view(),
      vol: this.vol.view(),
      amount: this.amount.view(),
    };
    const merged = this.merged.freeze();
    const strokes = this.czsc ? this.czsc.strokes.strokes() : withVirtualStroke(merged, bars, this.config.bi, this.chan!.strokes.strokes());
    return analyzeStrokes(this.config, bars, merged, strokes, this.macd.hist.view(), this.rsi?.value.view() ?? null);
  }
}

/**
 * The whole pipeline over a bar series. With a `workspace` (see workspace.ts) its per-bar columns are the
 * workspace's: the analysis must not be read after the next one in that workspace begins.
 */
export function analyzeChan(bars: BarSeries, config: ChanConfig = DEFAULT_CHAN_CONFIG, workspace?: ChanWorkspace): ChanAnalysis {
  // the merged bars' columns (at least 16 bars each), the histogram, and each of the nine columns' alignment
  workspace?.begin((MERGED_BYTES_PER_BAR + 8) * Math.max(16, bars.length) + 9 * 8);
  const columns = workspace ?? freshColumns;
  let merged: MergedBars;
  let strokes: StrokeTable;
  if (config.bi.algo === "czsc") {
    ({ merged, strokes } = czscStrokes(bars, config.bi.czscMinLen, columns));
  } else {
    merged = mergeBars(bars, columns);
    strokes = buildStrokes(merged, bars, config.bi);
  }
  const rsi = usesRsi(config) ? new RsiStream(config.rsiCycle, bars.length) : null;
  if (rsi) for (const close of bars.close.subarray(0, bars.length)) rsi.push(close);
  return analyzeStrokes(config, bars, merged, strokes, macdHistogram(bars.close, bars.length, config.macd, columns), rsi?.value.view() ?? null);
}
