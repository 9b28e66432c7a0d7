/**
 * czsc's stroke rule (`check_bi` / `CZSC.update`, legacy Python at c87ff254),
 * run after every raw bar on the merged bars not yet used by a stroke.
 * - Fractals in that window are forced to alternate (one same-type repeat is
 *   let through while fewer than two are known).
 * - The first stroke starts from the most extreme fractal of the first type.
 * - A stroke joins the first fractal A to the most extreme opposite fractal B
 *   beyond it (first one on ties) when their middle bars are not nested and the
 *   merged bars from A's first to B's last number at least `czsc_min_bi_len`.
 * - When the newest merged bar goes past the last stroke's extreme, that stroke
 *   is dropped and rebuilt from its start.
 * The last stroke is unsure while fewer than 5 merged bars follow it
 * (czsc `finished_bis`). czsc's `max_bi_num` trimming is not applied.
 */
import { CzscMerge } from "./czsc-merge.ts";
import { fractalAt } from "./fractals.ts";
import type { MergedBars, MergedColumns } from "./merged-bars.ts";
import type { ColumnSource } from "./workspace.ts";
import type { RawRange } from "./stroke-rules.ts";
import type { StrokeTable } from "./strokes.ts";

interface Fx {
  readonly mid: number;
  /** +1 top, −1 bottom. */
  readonly mark: number;
}

export class CzscStrokeBuilder {
  private readonly list: { a: number; b: number; up: boolean }[] = [];
  /** First merged bar not yet part of a finished stroke (czsc `bars_ubi`). */
  private ubi = 0;

  constructor(
    private readonly m: MergedColumns,
    private readonly minLen: number,
  ) {}

  /** czsc `__update_bi`, after a raw bar has been merged. */
  update(): void {
    const m = this.m;
    if (m.length - this.ubi < 3) return;
    if (this.list.length === 0) {
      const fxs = this.fractals(this.ubi);
      if (fxs.length === 0) return;
      let a = fxs[0]!;
      for (const f of fxs) {
        if (f.mark !== a.mark) continue;
        if (a.mark === -1 ? m.low[f.mid]! <= m.low[a.mid]! : m.high[f.mid]! >= m.high[a.mid]!) a = f;
      }
      this.ubi = a.mid - 1;
      this.tryStroke();
      return;
    }
    this.tryStroke();
    const last = this.list[this.list.length - 1]!;
    const k = m.length - 1;
    const hi = Math.max(m.high[last.a]!, m.high[last.b]!);
    const lo = Math.min(m.low[last.a]!, m.low[last.b]!);
    if (last.up ? m.high[k]! > hi : m.low[k]! < lo) {
      this.ubi = last.a - 1;
      this.list.pop();
    }
  }

  strokes(): StrokeTable {
    const finished = this.m.length - this.ubi >= 5;
    const n = this.list.length;
    const t: StrokeTable = { length: n, begin: new Int32Array(n), end: new Int32Array(n), dir: new Int8Array(n), sure: new Uint8Array(n), wasSure: new Uint8Array(n) };
    for (let i = 0; i < n; i++) {
      const s = this.list[i]!;
      const sure = finished || i < n - 1 ? 1 : 0;
      t.begin[i] = s.a;
      t.end[i] = s.b;
      t.dir[i] = s.up ? 1 : -1;
      t.sure[i] = t.wasSure[i] = sure;
    }
    return t;
  }

  private tryStroke(): void {
    const m = this.m;
    const fxs = this.fractals(this.ubi);
    if (fxs.length < 2) return;
    const a = fxs[0]!;
    const up = a.mark === -1;
    let b: Fx | null = null;
    // czsc also asks for B after A: every fractal of the list but A lies after it, and A has A's mark
    for (const f of fxs) {
      if (f.mark === a.mark) continue;
      if (up ? m.high[f.mid]! > m.low[a.mid]! && (!b || m.high[f.mid]! > m.high[b.mid]!) : m.low[f.mid]! < m.high[a.mid]! && (!b || m.low[f.mid]! < m.low[b.mid]!)) b = f;
    }
    if (!b) return;
    const nested = (m.high[a.mid]! > m.high[b.mid]! && m.low[a.mid]! < m.low[b.mid]!) || (m.high[a.mid]! < m.high[b.mid]! && m.low[a.mid]! > m.low[b.mid]!);
    if (nested || b.mid - a.mid + 3 < this.minLen) return;
    this.list.push({ a: a.mid, b: b.mid, up });
    this.ubi = b.mid - 1;
  }

  /** czsc `check_fxs` over merged bars `from..` (current values, newest bar included). */
  private fractals(from: number): Fx[] {
    const m = this.m;
    const out: Fx[] = [];
    for (let i = from + 1; i < m.length - 1; i++) {
      const mark = fractalAt(m.high, m.low, i);
      if (mark === 0) continue;
      if (out.length >= 2 && mark === out[out.length - 1]!.mark) continue;
      out.push({ mid: i, mark });
    }
    return out;
  }
}

/** czsc's merged bars and strokes of a whole series. */
export function czscStrokes(raw: RawRange & { readonly length: number }, minLen: number, columns?: ColumnSource): { merged: MergedBars; strokes: StrokeTable } {
  const merge = new CzscMerge(raw.length, columns);
  const b = new CzscStrokeBuilder(merge.bars, minLen);
  for (let i = 0; i < raw.length; i++) {
    merge.push(i, raw.high[i]!, raw.low[i]!);
    b.update();
  }
  return { merged: merge.bars.view(), strokes: b.strokes() };
}
