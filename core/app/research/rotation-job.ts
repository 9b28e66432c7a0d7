/** A rotation run on a worker: the members' scores (momentum or a formula column), the kernel, the result rows. */
import type { BarSeries } from "../../bars/index.ts";
import type { BacktestConfig, SecurityInfo } from "../../backtest/index.ts";
import { compileScoreFormula, formulaScore, momentumScore, runRotation, type RotationOptions, rotationResult, type RotationResult } from "../../research/index.ts";

export type RotationScore = { readonly kind: "momentum"; readonly period: number } | { readonly kind: "formula"; readonly text: string; readonly column: string | null };

export interface RotationJob {
  readonly members: readonly { readonly key: string; readonly security: SecurityInfo; readonly bars: BarSeries }[];
  readonly config: BacktestConfig;
  readonly options: RotationOptions;
  readonly score: RotationScore;
}

function scorer(score: RotationScore): (bars: BarSeries) => Float64Array {
  if (score.kind === "momentum") return (bars) => momentumScore(bars, score.period);
  const f = compileScoreFormula(score.text, score.column);
  if (!f.ok) throw new RangeError(f.messages.join("; "));
  return (bars) => formulaScore(f, bars);
}

export function rotate(j: RotationJob): RotationResult {
  const score = scorer(j.score);
  const members = j.members.map((m) => ({ ...m, score: score(m.bars) }));
  return rotationResult(runRotation(members, j.config, j.options), members, j.config);
}
