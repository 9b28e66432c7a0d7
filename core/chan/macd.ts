/**
 * MACD as chan.py computes it for divergence: both EMAs seeded with the first
 * close (so DIF = DEA = 0 on bar 0), each step `(2·x + (n−1)·prev)/(n+1)`,
 * histogram `2·(DIF − DEA)`. Kept here, incremental, because divergence needs
 * the histogram bar by bar while streaming and no shared EMA kernel exists yet
 * under `core/indicators/`; merge it there once one does.
 */
import { AppendOnlyColumn } from "./append-only.ts";

export interface MacdPeriods {
  readonly fast: number;
  readonly slow: number;
  readonly signal: number;
}

export class MacdStream {
  private fastEma = 0;
  private slowEma = 0;
  private deaValue = 0;
  private started = false;
  readonly dif: AppendOnlyColumn;
  readonly dea: AppendOnlyColumn;
  readonly hist: AppendOnlyColumn;

  /** `capacity`: the expected bar count (a batch knows it; the column grows anyway). */
  constructor(
    private readonly p: MacdPeriods,
    capacity?: number,
  ) {
    this.dif = new AppendOnlyColumn(capacity);
    this.dea = new AppendOnlyColumn(capacity);
    this.hist = new AppendOnlyColumn(capacity);
  }

  push(close: number): void {
    const { fast, slow, signal } = this.p;
    let dif = 0;
    if (!this.started) {
      this.fastEma = close;
      this.slowEma = close;
      this.started = true;
    } else {
      this.fastEma = (2 * close + (fast - 1) * this.fastEma) / (fast + 1);
      this.slowEma = (2 * close + (slow - 1) * this.slowEma) / (slow + 1);
      dif = this.fastEma - this.slowEma;
      this.deaValue = (2 * dif + (signal - 1) * this.deaValue) / (signal + 1);
    }
    this.dif.push(dif);
    this.dea.push(this.deaValue);
    this.hist.push(2 * (dif - this.deaValue));
  }
}
