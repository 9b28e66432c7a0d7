/** The server's strategies, fetched once per page life and shared by every form. */
import { shallowRef } from "vue";
import { backtestStrategies } from "../api/backtest-endpoints.ts";
import type { StrategyInfo } from "../api/backtest-types.ts";
import { strategyName } from "../app/plugin-texts.ts";

export const strategies = shallowRef<readonly StrategyInfo[]>([]);
let loading: Promise<void> | null = null;

export function loadStrategies(): Promise<void> {
  loading ??= backtestStrategies()
    .then((r) => {
      strategies.value = r.strategies;
    })
    .catch((e: unknown) => {
      loading = null;
      throw e;
    });
  return loading;
}

export const strategyInfo = (id: string): StrategyInfo | undefined => strategies.value.find((s) => s.name === id);
/** The Chinese label a run records as its `strategy_label` (easy_tdx's). */
export const strategyLabel = (id: string): string => strategyInfo(id)?.label ?? id;

/**
 * The name to show for a run's strategy: in the chosen language when the run
 * kept the strategy's own label (or none), else the label the user typed.
 */
export function shownStrategy(id: string, label?: string): string {
  // the list arrives once; `strategies` is reactive, so the caller shows the name when it does
  if (strategies.value.length === 0) loadStrategies().catch(() => {});
  const info = strategyInfo(id);
  return info && (!label || label === info.label) ? strategyName(info) : label || id;
}
