/** A walk-forward's windows as the bars of its chart and the rows of its table: dates, out-of-sample figures, the parameters chosen in-sample. */
import type { WalkForward } from "../api/research-types.ts";
import { paramsText } from "../backtest/strategy-params.ts";
import type { WindowBar } from "../charts/window-returns-option.ts";

export const windowBars = (wf: Pick<WalkForward, "windows">): WindowBar[] =>
  wf.windows.map((w) => ({ label: `#${w.index + 1}`, start: w.start, end: w.end, value: w.total_return, params: paramsText(w.params) }));

/** Flat rows for the windows table. */
export const windowRows = (wf: Pick<WalkForward, "windows">): Record<string, string | number | null>[] =>
  wf.windows.map((w) => ({
    window: w.index + 1,
    span: `${w.start} → ${w.end}`,
    bars: w.bars,
    in_sample: `${w.in_sample_start} → ${w.in_sample_end}`,
    params: paramsText(w.params),
    in_sample_value: w.in_sample_value,
    total_return: w.total_return,
    sharpe: w.sharpe,
    max_drawdown: w.max_drawdown,
    total_trades: w.total_trades,
    win_rate: w.win_rate,
  }));
