/**
 * The texts a task carries on the wire, as templates: its `description`
 * (easy_tdx's Chinese wording, e.g. `ma_cross 寻优 | SH:600519 DAY×400 | 12点`)
 * by task kind, the data label inside it, and its progress `message`s (English).
 * The service fills them; the web app matches them back (message-template.ts)
 * to show them in the chosen language.
 */
export const TASK_DESCRIPTIONS = {
  formula_backtest: "公式回测 | {data}",
  portfolio: "{strategy} | {n}只标的",
  multi_strategy: "多策略组合 | {n}个策略",
  formula_screen: "公式选股 | {n}只 · {signal}",
  optimize: "{strategy} 寻优 | {data} | {points}点",
  optimize_all: "一键寻优全部策略 | {data} | {n}个策略",
  walk_forward: "{strategy} WF验证 | {data} | {windows}窗",
  evaluate: "{strategy} 一条龙评估 | {data}",
  multiseed: "{strategy} 多seed验证 | {n}只池×{seeds}seed",
  rotation: "轮动组合 | {n}只 × {slots}槽 × {refresh}",
  signal_scan: "信号扫描 | {n}条策略 · {targets}个子任务 · 窗口{bars}根",
  // last: the least specific, so that matching a text of unknown kind tries the others first
  backtest: "{strategy} | {data}",
} as const;

export type TaskKindWithText = keyof typeof TASK_DESCRIPTIONS;

/** The bars a task ran on: fetched by symbol, or sent inline. */
export const DATA_LABELS = {
  symbol: "{symbol} {category}×{bars}",
  inline: "{bars} 根",
} as const;

export const TASK_MESSAGES = {
  queued: "queued",
  running: "running",
  done: "done",
  failed: "failed",
  cancelled: "cancelled",
  interrupted: "interrupted",
  requeued: "re-queued after a service restart",
  backtest_bars: "backtesting {n} bars",
  backtest_symbols: "backtesting {n} symbols",
  backtest_strategies: "backtesting {n} strategies",
  screened: "screened {done}/{total}",
  fetched: "fetched {done}/{total} series",
  scanned: "scanned {done}/{total} batches",
  combinations: "{done}/{total} combinations",
  best_point: "running the best point in full",
  windows: "{done}/{total} windows",
  runs: "{done}/{total} runs",
  seeds: "{done}/{total} seeds",
  rotating: "rotating {n} stocks over {slots} slots",
} as const;
