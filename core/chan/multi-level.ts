/**
 * Multi-level chan (多级别联立), as easy_tdx's `chanlun --multi-level` computes
 * it (chanlun/multi_level.py `MultiLevelAnalyser.query_low_level_qs`): the last
 * stroke of the higher level, looked at through the lower level's strokes and
 * pivots that lie inside its time span.
 *
 * - Inside: a lower stroke (pivot) whose start is at or after the higher
 *   stroke's start and whose end is at or before its end. Times compare as
 *   easy_tdx's datetimes do, a date standing for its midnight: the texts
 *   "YYYY-MM-DD" and "YYYY-MM-DD HH:MM" order that way (a date sorts before
 *   every time of its day), so a lower stroke ending during the higher stroke's
 *   last day is outside. Pivots without both ends are left out.
 * - `has_trend`: at least 2 pivots inside; `has_consolidation`: at least 1.
 * - `trend_direction` (with at least 3 strokes): easy_tdx takes the strokes at
 *   even positions as its up strokes and the odd ones as its down strokes,
 *   whatever their direction; "up" when the up strokes' highs rise strictly and
 *   the down strokes' lows rise strictly (or there is one down stroke), "down"
 *   when the down strokes' lows fall and the up strokes' highs fall (or there is
 *   one up stroke), else null. Kept as easy_tdx has it, for the same answers.
 * - `bi_overlap`: two neighbouring strokes' ranges overlap (prev.low ≤ curr.high
 *   and curr.low ≤ prev.high); neighbours share an end point, so any two strokes
 *   overlap — easy_tdx's rule, kept.
 * - `divergence_possible`: at least 2 pivots and 5 strokes, and the last
 *   stroke's amplitude |end close − start close| is below that of the stroke two
 *   before it (the same direction), which is above 0. The closes are those of
 *   the bars at the strokes' extremes (easy_tdx: of the merged bars there).
 */

export interface LevelStroke {
  readonly start_date: string;
  readonly end_date: string;
  readonly high: number;
  readonly low: number;
  /** Close of the bar at the stroke's start and end extreme. */
  readonly start_close: number;
  readonly end_close: number;
}

export interface LevelPivot {
  readonly start_date: string | null;
  readonly end_date: string | null;
}

export interface LowLevelQs {
  readonly bi_count: number;
  readonly zs_count: number;
  readonly has_trend: boolean;
  readonly has_consolidation: boolean;
  readonly trend_direction: "up" | "down" | null;
  readonly bi_overlap: boolean;
  readonly divergence_possible: boolean;
}

const inside = (span: { start_date: string; end_date: string }, start: string, end: string) => start >= span.start_date && end <= span.end_date;

const rising = (xs: readonly number[]) => xs.every((x, i) => i === 0 || x > xs[i - 1]!);
const falling = (xs: readonly number[]) => xs.every((x, i) => i === 0 || x < xs[i - 1]!);

function trendDirection(bis: readonly LevelStroke[]): "up" | "down" | null {
  if (bis.length < 3) return null;
  const ups = bis.filter((_, i) => i % 2 === 0);
  const downs = bis.filter((_, i) => i % 2 === 1);
  const upHighs = ups.map((b) => b.high);
  const downLows = downs.map((b) => b.low);
  // one value rises and falls: a single down stroke leaves "up" to the highs alone (and with 3
  // strokes or more there are always 2 up strokes)
  if (rising(upHighs) && rising(downLows)) return "up";
  if (falling(downLows) && falling(upHighs)) return "down";
  return null;
}

const overlap = (bis: readonly LevelStroke[]) => bis.some((b, i) => i > 0 && bis[i - 1]!.low <= b.high && b.low <= bis[i - 1]!.high);

const amplitude = (b: LevelStroke) => Math.abs(b.end_close - b.start_close);

function divergencePossible(bis: readonly LevelStroke[], pivots: number): boolean {
  if (pivots < 2 || bis.length < 5) return false;
  // an amplitude is never negative, so a smaller one implies the earlier one is above 0
  return amplitude(bis[bis.length - 1]!) < amplitude(bis[bis.length - 3]!);
}

/** The lower level's strokes and pivots inside `high` (in order), and easy_tdx's summary of them. */
export function lowLevelStructure<S extends LevelStroke, P extends LevelPivot>(
  high: { start_date: string; end_date: string },
  strokes: readonly S[],
  pivots: readonly P[],
): { strokes: S[]; pivots: P[]; qs: LowLevelQs } {
  const bis = strokes.filter((b) => inside(high, b.start_date, b.end_date));
  const zss = pivots.filter((z) => z.start_date !== null && z.end_date !== null && inside(high, z.start_date, z.end_date));
  return {
    strokes: bis,
    pivots: zss,
    qs: {
      bi_count: bis.length,
      zs_count: zss.length,
      has_trend: zss.length >= 2,
      has_consolidation: zss.length >= 1,
      trend_direction: trendDirection(bis),
      bi_overlap: overlap(bis),
      divergence_possible: divergencePossible(bis, zss.length),
    },
  };
}
