/**
 * A validated config bound to one security: what a kernel run needs, resolved
 * once so that parameter sweeps reuse it across thousands of runs.
 */
import type { BacktestConfig } from "./config.ts";
import { ExecutionRules } from "./execution-rules.ts";
import { securityRules, type SecurityInfo } from "../market/index.ts";

export interface KernelPlan {
  readonly config: BacktestConfig;
  readonly rules: ExecutionRules;
}

export function planBacktest(config: BacktestConfig, security: SecurityInfo): KernelPlan {
  return { config, rules: new ExecutionRules(config, securityRules(security)) };
}
