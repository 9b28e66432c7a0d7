/**
 * Functions TDX has but an engine fed only OHLCV bars cannot compute
 * (core/formula/LANGUAGE.md §3.10). They are known, so users get the reason rather than
 * "unknown function".
 */
import type { DataNeed } from "../formula-messages.ts";
import { value, type FunctionSpec } from "./spec.ts";

function needs(name: string, arity: number, what: DataNeed): FunctionSpec {
  const args = Array.from({ length: arity }, (_, i) => value(`ARG${i + 1}`));
  return { name, args, returns: "numeric", needs: what };
}

export const unsupportedFunctions: readonly FunctionSpec[] = [
  needs("WINNER", 1, "chips"),
  needs("LWINNER", 2, "chips"),
  needs("PWINNER", 2, "chips"),
  needs("COST", 1, "chips"),
  needs("COSTEX", 2, "chips"),
  needs("PPART", 1, "chips"),
  needs("FINANCE", 1, "finance"),
  needs("DYNAINFO", 1, "snapshot"),
  needs("BETA", 1, "index"),
  needs("DATETODAY", 1, "today"),
  needs("DAYSTOTODAY", 1, "today"),
];
