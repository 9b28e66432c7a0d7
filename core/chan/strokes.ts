/**
 * chan.py's confirmed strokes (笔), built as merged bars close. A closing
 * fractal of the same type as the last stroke's end extends the stroke when it
 * is at least as extreme; an opposite one starts a new stroke when the stroke
 * test passes; before the first stroke, fractals are cached and the first
 * cached one that can pair with a newcomer becomes the start (no search for the
 * global extreme). With `bi_allow_sub_peak: false` a failed opposite fractal may
 * instead drop the last stroke and extend the one before (sub-peak re-anchoring).
 */
import type { ChanConfig } from "./options.ts";
import { StrokeRules, type MergedView, type RawRange } from "./stroke-rules.ts";
import { withVirtualStroke } from "./virtual-stroke.ts";

/** A stroke by its merged bars. */
export interface StrokeEnds {
  readonly begin: number;
  readonly end: number;
  /** +1 up, −1 down. */
  readonly dir: number;
  readonly sure: boolean;
  /** chan.py `is_used_to_be_sure`: confirmed before a provisional extension moved its end. */
  readonly wasSure: boolean;
}

export class StrokeBuilder {
  /** The confirmed strokes; an entry is replaced, never changed, so a copy of the list shares them safely. */
  readonly list: StrokeEnds[] = [];
  private readonly free: number[] = [];
  private readonly rules: StrokeRules;

  constructor(
    private readonly m: MergedView,
    raw: RawRange,
    private readonly cfg: ChanConfig["bi"],
  ) {
    this.rules = new StrokeRules(m, raw, cfg);
  }

  /** Merged bar `k` now has a successor, so its fractal mark is final. */
  close(k: number): void {
    const fx = this.m.fx[k]!;
    if (fx === 0) return;
    const list = this.list;
    if (list.length === 0) {
      this.first(k);
      return;
    }
    const last = list[list.length - 1]!;
    if (fx === this.m.fx[last.end]) this.extend(list.length - 1, k);
    else if (this.rules.canMake(k, last.end, false)) list.push(this.stroke(last.end, k));
    else if (!this.cfg.allowSubPeak) this.reanchor(k);
  }

  /** The confirmed strokes as they stand. */
  strokes(): StrokeEnds[] {
    return this.list.slice();
  }

  /** A confirmed stroke: it runs away from its start fractal, whose mark is final. */
  private stroke(begin: number, end: number): StrokeEnds {
    return { begin, end, dir: -this.m.fx[begin]!, sure: true, wasSure: true };
  }

  private first(k: number): void {
    for (const f of this.free) {
      if (this.m.fx[f] === this.m.fx[k]) continue;
      if (this.rules.canMake(k, f, false)) {
        this.list.push(this.stroke(f, k));
        return;
      }
    }
    this.free.push(k);
  }

  /** Moves stroke `i`'s end to bar `k` when that is as far or further. */
  private extend(i: number, k: number): boolean {
    const s = this.list[i]!;
    const up = this.m.fx[s.begin] === -1;
    if (up ? this.m.fx[k] === 1 && this.m.high[k]! >= this.m.high[s.end]! : this.m.fx[k] === -1 && this.m.low[k]! <= this.m.low[s.end]!) {
      this.list[i] = this.stroke(s.begin, k);
      return true;
    }
    return false;
  }

  private reanchor(k: number): void {
    const list = this.list;
    if (!this.rules.subPeak(list, k)) return;
    const dropped = list.pop()!;
    if (!this.extend(list.length - 1, k)) list.push(dropped);
  }
}

/** Strokes of finished merged bars, the unfinished last one included. */
export function buildStrokes(m: MergedView, raw: RawRange, cfg: ChanConfig["bi"]): StrokeEnds[] {
  const b = new StrokeBuilder(m, raw, cfg);
  for (let k = 1; k < m.length - 1; k++) b.close(k);
  // the builder is discarded, so its list goes in uncopied (withVirtualStroke copies anyway)
  return withVirtualStroke(m, raw, cfg, b.list);
}
