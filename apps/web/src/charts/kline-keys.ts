/**
 * The K-line keyboard as in TDX: ←/→ move the cursor one bar (the window
 * follows when it reaches an edge), ↑ zooms in and ↓ zooms out around the
 * cursor (the last bar without one), Home/End jump to the first/last bar.
 * Pure: it maps the view (visible bar range and cursor) and a key to the next
 * view; the page applies it to the chart.
 */
export interface KlineView {
  /** First and last visible bar, inclusive. */
  readonly start: number;
  readonly end: number;
  /** The bar under the cursor, or null before the first key. */
  readonly cursor: number | null;
  readonly bars: number;
}

/** Fewest bars a zoom shows. */
export const MIN_SPAN = 10;

export const KLINE_KEYS: ReadonlySet<string> = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]);

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** The window of `span` bars holding `anchor` at the same relative place as in the old window. */
function around(v: KlineView, anchor: number, span: number): { start: number; end: number } {
  const old = v.end - v.start;
  const left = old > 0 ? Math.round(((anchor - v.start) / old) * (span - 1)) : span - 1;
  const start = clamp(anchor - left, 0, Math.max(0, v.bars - span));
  return { start, end: Math.min(v.bars - 1, start + span - 1) };
}

/** Keeps `cursor` visible, moving the window no more than needed. */
function follow(v: KlineView, cursor: number): KlineView {
  const span = v.end - v.start;
  if (cursor < v.start) return { ...v, start: cursor, end: cursor + span, cursor };
  if (cursor > v.end) return { ...v, start: cursor - span, end: cursor, cursor };
  return { ...v, cursor };
}

export function klineKey(v: KlineView, key: string): KlineView | null {
  if (v.bars === 0 || !KLINE_KEYS.has(key)) return null;
  const last = v.bars - 1;
  const at = v.cursor ?? v.end;
  switch (key) {
    case "ArrowLeft":
      return follow(v, v.cursor === null ? v.end : clamp(at - 1, 0, last));
    case "ArrowRight":
      return follow(v, v.cursor === null ? v.end : clamp(at + 1, 0, last));
    case "Home":
      return follow(v, 0);
    case "End":
      return follow(v, last);
    default: {
      const span = v.end - v.start + 1;
      const next = key === "ArrowUp" ? Math.min(span, Math.max(MIN_SPAN, Math.round(span / 2))) : Math.min(v.bars, span * 2);
      return { ...v, ...around(v, at, Math.min(next, v.bars)) };
    }
  }
}
