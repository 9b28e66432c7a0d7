/**
 * The latest trading signals of a strategy on fresh bars, read as the engine
 * reads them (`signalTarget`: warm-up ignored, an entry and an exit on one bar
 * cancel, repeated entries do not add): a signal is a bar where the position
 * the strategy asks for changes — BUY when it goes long (or covers a short),
 * SELL when it leaves a long (or goes short). The position is the one asked for
 * after the last bar. This is signal bookkeeping only: no orders are filled, so
 * nothing here depends on cash, fees or price limits.
 */
import { signalTarget, type SignalArrays } from "../backtest/index.ts";

export type Direction = "BUY" | "SELL";

export interface SignalScan {
  /** Signals on the last `window` bars, oldest first. */
  readonly recent: readonly { readonly bar: number; readonly direction: Direction }[];
  /** 1 long, 0 flat, −1 short. */
  readonly position: number;
}

export function scanSignals(signals: SignalArrays, window: number, warmupBars: number, allowShort: boolean): SignalScan {
  const n = signals.entries.length;
  const from = Math.max(0, n - window);
  const exitTarget = allowShort ? -1 : 0;
  const recent: { bar: number; direction: Direction }[] = [];
  let target = 0;
  for (let t = warmupBars; t < n; t++) {
    const next = signalTarget(target, signals.entries[t]! > 0, signals.exits[t]! > 0, exitTarget);
    if (next !== target && t >= from) recent.push({ bar: t, direction: next > target ? "BUY" : "SELL" });
    target = next;
  }
  return { recent, position: target };
}
