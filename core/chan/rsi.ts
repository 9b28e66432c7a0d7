/**
 * RSI as chan.py computes it for the `rsi` force measure: 50 on the first bar,
 * plain averages of gains and losses until `period` differences exist, Wilder
 * smoothing after. Private to the chan engine for the same reason as its MACD.
 */
import { AppendOnlyColumn } from "./append-only.ts";

export class RsiStream {
  private prev = NaN;
  private n = 0;
  private sumUp = 0;
  private sumDown = 0;
  private up = 0;
  private down = 0;
  readonly value: AppendOnlyColumn;

  /** `capacity`: the expected bar count (a batch knows it; the column grows anyway). */
  constructor(
    private readonly period: number,
    capacity?: number,
  ) {
    this.value = new AppendOnlyColumn(capacity);
  }

  push(close: number): void {
    if (this.value.length === 0) {
      this.prev = close;
      this.value.push(50);
      return;
    }
    const d = close - this.prev;
    this.prev = close;
    this.n++;
    if (this.n < this.period) {
      if (d > 0) this.sumUp += d;
      else if (d < 0) this.sumDown -= d;
      this.up = this.sumUp / this.n;
      this.down = this.sumDown / this.n;
    } else {
      this.up = (this.up * (this.period - 1) + (d > 0 ? d : 0)) / this.period;
      this.down = (this.down * (this.period - 1) + (d > 0 ? 0 : -d)) / this.period;
    }
    if (this.down === 0) this.value.push(this.up > 0 ? 100 : 0);
    else this.value.push(100 - 100 / (1 + this.up / this.down));
  }
}
