/**
 * MACD as chan.py computes it for divergence: both EMAs seeded with the first
 * close (so DIF = DEA = 0 on bar 0), each step `(2·x + (n−1)·prev)/(n+1)`,
 * histogram `2·(DIF − DEA)`. Kept here, incremental, because divergence needs
 * the histogram bar by bar while streaming and no shared EMA kernel exists yet
 * under `core/indicators/`; merge it there once one does.
 */
import { AppendOnlyColumn } from "./append-only.ts";
import { type ColumnSource, freshColumns } from "./workspace.ts";

export interface MacdPeriods {
  readonly fast: number;
  readonly slow: number;
  readonly signal: number;
}

/** The EMAs between bars; `step` takes the next close and returns its histogram value. */
class MacdState {
  private fastEma = 0;
  private slowEma = 0;
  private started = false;
  dif = 0;
  dea = 0;

  constructor(private readonly p: MacdPeriods) {}

  step(close: number): number {
    const { fast, slow, signal } = this.p;
    if (!this.started) {
      this.fastEma = close;
      this.slowEma = close;
      this.started = true;
    } else {
      this.fastEma = (2 * close + (fast - 1) * this.fastEma) / (fast + 1);
      this.slowEma = (2 * close + (slow - 1) * this.slowEma) / (slow + 1);
      this.dif = this.fastEma - this.slowEma;
      this.dea = (2 * this.dif + (signal - 1) * this.dea) / (signal + 1);
    }
    return 2 * (this.dif - this.dea);
  }
}

export class MacdStream {
  private readonly state: MacdState;
  readonly dif: AppendOnlyColumn;
  readonly dea: AppendOnlyColumn;
  readonly hist: AppendOnlyColumn;

  /** `capacity`: the expected bar count (the column grows anyway). */
  constructor(p: MacdPeriods, capacity?: number) {
    this.state = new MacdState(p);
    this.dif = new AppendOnlyColumn(capacity);
    this.dea = new AppendOnlyColumn(capacity);
    this.hist = new AppendOnlyColumn(capacity);
  }

  push(close: number): void {
    const h = this.state.step(close);
    this.dif.push(this.state.dif);
    this.dea.push(this.state.dea);
    this.hist.push(h);
  }
}

/** The histogram of a whole series: all a batch reads (one column, not three growable ones). */
export function macdHistogram(close: ArrayLike<number>, length: number, p: MacdPeriods, columns: ColumnSource = freshColumns): Float64Array {
  const state = new MacdState(p);
  const hist = columns.f64(length);
  for (let i = 0; i < length; i++) hist[i] = state.step(close[i]!);
  return hist;
}
