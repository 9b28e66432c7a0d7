/**
 * Functions TDX has but an engine fed only OHLCV bars cannot compute
 * (core/formula/LANGUAGE.md §3.10). They are known, so users get the reason rather than
 * "unknown function".
 */
import { value, type FunctionSpec } from "./spec.ts";

const CHIPS = "chip-distribution data (筹码分布)";

function needs(name: string, arity: number, what: string): FunctionSpec {
  const args = Array.from({ length: arity }, (_, i) => value(`ARG${i + 1}`));
  return { name, args, returns: "numeric", needs: what };
}

export const unsupportedFunctions: readonly FunctionSpec[] = [
  needs("WINNER", 1, CHIPS),
  needs("LWINNER", 2, CHIPS),
  needs("PWINNER", 2, CHIPS),
  needs("COST", 1, CHIPS),
  needs("COSTEX", 2, CHIPS),
  needs("PPART", 1, CHIPS),
  needs("FINANCE", 1, "fundamental data (财务数据)"),
  needs("DYNAINFO", 1, "live snapshot data (行情快照)"),
  needs("BETA", 1, "the market index series"),
  needs("DATETODAY", 1, "today's calendar date"),
  needs("DAYSTOTODAY", 1, "today's calendar date"),
];
