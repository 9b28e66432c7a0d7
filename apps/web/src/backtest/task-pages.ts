/** Which page shows a task's result, by task kind, and which results can be compared. */
const PAGES: Readonly<Record<string, string>> = {
  backtest: "/backtest",
  formula_backtest: "/backtest",
  portfolio: "/portfolio",
  multi_strategy: "/portfolio",
  formula_screen: "/formula",
  signal_scan: "/strategies",
  optimize: "/optimize",
  optimize_all: "/optimize",
  walk_forward: "/walk-forward",
  evaluate: "/evaluate",
  multiseed: "/multi-seed",
  rotation: "/rotation",
};

/** Address of the page that opens task `id` of `kind`, or null when no page shows that kind. */
export function resultPath(kind: string, id: string): string | null {
  const page = PAGES[kind];
  return page ? `${page}?task=${encodeURIComponent(id)}` : null;
}

/** Kinds whose results hold a performance and an equity curve (an optimisation: its best run). */
export const COMPARABLE_KINDS: ReadonlySet<string> = new Set(["backtest", "formula_backtest", "portfolio", "multi_strategy", "optimize", "rotation"]);
