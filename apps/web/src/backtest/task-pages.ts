/**
 * Which page shows a task's result, by task kind. The research kinds of the
 * next phase (optimisation, walk-forward, evaluation, multi-seed, rotation,
 * signal scan) add their pages here.
 */
const PAGES: Readonly<Record<string, string>> = {
  backtest: "/backtest",
  formula_backtest: "/backtest",
  portfolio: "/portfolio",
  multi_strategy: "/portfolio",
  formula_screen: "/formula",
};

/** Address of the page that opens task `id` of `kind`, or null when no page shows that kind yet. */
export function resultPath(kind: string, id: string): string | null {
  const page = PAGES[kind];
  return page ? `${page}?task=${encodeURIComponent(id)}` : null;
}

/** Kinds whose results hold a performance and an equity curve. */
export const COMPARABLE_KINDS: ReadonlySet<string> = new Set(["backtest", "formula_backtest", "portfolio", "multi_strategy"]);
