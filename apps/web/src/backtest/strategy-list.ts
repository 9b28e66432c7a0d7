/** The server's strategies, fetched once per page life and shared by every form. */
import { shallowRef } from "vue";
import { backtestStrategies } from "../api/backtest-endpoints.ts";
import type { StrategyInfo } from "../api/backtest-types.ts";

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
export const strategyLabel = (id: string): string => strategyInfo(id)?.label ?? id;
