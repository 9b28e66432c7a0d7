/**
 * The evaluation's composite score and S/A/B/C/D rating. Each component maps
 * one number to 0–100 points by linear interpolation between anchors (clamped
 * at the ends); the score is the weighted mean of the components present (the
 * walk-forward component is left out, and the others reweighted, when there is
 * no walk-forward result). The rating is the score's band, lowered to the cap
 * of every veto that applies. `RUBRIC_TEXT` renders the same tables for the
 * OpenAPI document, so the published rubric is the one applied.
 *
 * The anchors and weights are this service's own convention (easy_tdx's
 * rating uses a different, return-blind set); its output shape (`score` with
 * `total`, `components`, `weights_used`, `wf_provided`; `grade` with `grade`,
 * `score`, `dimensions`, `vetoes`) is kept so its clients read ours.
 */
import { fillTemplate } from "../text/index.ts";

export type Grade = "S" | "A" | "B" | "C" | "D";

interface Component {
  readonly key: string;
  readonly label: string;
  readonly weight: number;
  /** [value, points] in ascending value. */
  readonly anchors: readonly (readonly [number, number])[];
  readonly doc: string;
}

export const COMPONENTS: readonly Component[] = [
  {
    key: "annual_return",
    label: "年化收益",
    weight: 0.25,
    anchors: [
      [-0.2, 0],
      [0, 20],
      [0.1, 50],
      [0.2, 70],
      [0.4, 90],
      [0.6, 100],
    ],
    doc: "annual_return of the full backtest",
  },
  {
    key: "sharpe",
    label: "夏普比率",
    weight: 0.2,
    anchors: [
      [0, 0],
      [0.5, 30],
      [1, 60],
      [1.5, 80],
      [2, 90],
      [3, 100],
    ],
    doc: "sharpe of the full backtest",
  },
  {
    key: "max_drawdown",
    label: "最大回撤",
    weight: 0.15,
    anchors: [
      [0, 100],
      [0.1, 85],
      [0.2, 65],
      [0.3, 45],
      [0.5, 15],
      [0.6, 0],
    ],
    doc: "max_drawdown of the full backtest (fraction)",
  },
  {
    key: "excess_return",
    label: "超额收益",
    weight: 0.15,
    anchors: [
      [-0.3, 0],
      [0, 40],
      [0.2, 70],
      [0.5, 90],
      [1, 100],
    ],
    doc: "total_return − buy-and-hold total_return",
  },
  {
    key: "wf_consistency",
    label: "样本外一致性",
    weight: 0.25,
    anchors: [
      [0, 0],
      [0.3, 20],
      [0.5, 50],
      [0.7, 75],
      [0.85, 90],
      [1, 100],
    ],
    doc: "walk-forward consistency (share of profitable out-of-sample windows)",
  },
];

export const GRADE_BANDS: readonly (readonly [Grade, number])[] = [
  ["S", 85],
  ["A", 70],
  ["B", 55],
  ["C", 40],
  ["D", 0],
];

const ORDER: readonly Grade[] = ["D", "C", "B", "A", "S"];

/** Points of `value` on the anchors; a value that is not a finite number earns 0. */
export function interpolate(anchors: readonly (readonly [number, number])[], value: number): number {
  if (!Number.isFinite(value)) return 0;
  const first = anchors[0]!;
  const last = anchors[anchors.length - 1]!;
  if (value <= first[0]) return first[1];
  if (value >= last[0]) return last[1];
  for (let k = 1; k < anchors.length; k++) {
    const [x1, y1] = anchors[k]!;
    const [x0, y0] = anchors[k - 1]!;
    if (value <= x1) return y0 + ((value - x0) / (x1 - x0)) * (y1 - y0);
  }
  return last[1];
}

export const gradeOf = (score: number): Grade => GRADE_BANDS.find(([, min]) => score >= min)![0];

/** What the rubric reads. `wf_consistency` is NaN when there was no walk-forward. */
export interface RubricInput {
  readonly annual_return: number;
  readonly sharpe: number;
  readonly max_drawdown: number;
  readonly excess_return: number;
  readonly wf_consistency: number;
  readonly total_return: number;
  readonly profit_factor: number;
  readonly total_trades: number;
  /** All basic suitability checks passed (enough bars, trades, liquidity). */
  readonly suitable: boolean;
}

interface Veto {
  readonly key: string;
  readonly cap: Grade;
  readonly doc: string;
  readonly applies: (x: RubricInput) => boolean;
  readonly reason: (x: RubricInput) => string;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Why each veto applies, as templates (message-template.ts): the web app matches the values back out to say it in its language. */
export const VETO_REASONS = {
  losing_system: "profit factor {pf} < 1: the trades lose money",
  negative_return: "total return {ret} ≤ 0",
  deep_drawdown: "max drawdown {dd} > 50%",
  unsuitable: "a basic suitability check failed (see fitness.checks)",
  below_buy_hold: "excess return {excess}: buy-and-hold did better",
  unstable_out_of_sample: "only {share} of the out-of-sample windows were profitable",
  insufficient_sample: "{trades} trades: too few to judge",
} as const;

export const VETOES: readonly Veto[] = [
  {
    key: "losing_system",
    cap: "D",
    doc: "profit_factor < 1 (the closed trades lose money)",
    applies: (x) => x.profit_factor < 1,
    reason: (x) => fillTemplate(VETO_REASONS.losing_system, { pf: x.profit_factor.toFixed(2) }),
  },
  {
    key: "negative_return",
    cap: "C",
    doc: "total_return ≤ 0",
    applies: (x) => x.total_return <= 0,
    reason: (x) => fillTemplate(VETO_REASONS.negative_return, { ret: pct(x.total_return) }),
  },
  {
    key: "deep_drawdown",
    cap: "C",
    doc: "max_drawdown > 50 %",
    applies: (x) => x.max_drawdown > 0.5,
    reason: (x) => fillTemplate(VETO_REASONS.deep_drawdown, { dd: pct(x.max_drawdown) }),
  },
  {
    key: "unsuitable",
    cap: "C",
    doc: "a basic suitability check failed (enough_bars, enough_trades, liquidity, tradable)",
    applies: (x) => !x.suitable,
    reason: () => VETO_REASONS.unsuitable,
  },
  {
    key: "below_buy_hold",
    cap: "B",
    doc: "excess_return < 0 (buy-and-hold did better)",
    applies: (x) => x.excess_return < 0,
    reason: (x) => fillTemplate(VETO_REASONS.below_buy_hold, { excess: pct(x.excess_return) }),
  },
  {
    key: "unstable_out_of_sample",
    cap: "B",
    doc: "walk-forward consistency < 0.5",
    applies: (x) => x.wf_consistency < 0.5,
    reason: (x) => fillTemplate(VETO_REASONS.unstable_out_of_sample, { share: pct(x.wf_consistency) }),
  },
  {
    key: "insufficient_sample",
    cap: "B",
    doc: "total_trades < 10",
    applies: (x) => x.total_trades < 10,
    reason: (x) => fillTemplate(VETO_REASONS.insufficient_sample, { trades: x.total_trades }),
  },
];

export interface StrategyScore {
  readonly total: number;
  readonly components: Record<string, number>;
  readonly weights_used: Record<string, number>;
  readonly wf_provided: boolean;
}

export interface GradeResult {
  readonly grade: Grade;
  readonly score: number;
  readonly dimensions: { key: string; label: string; raw: number; score: number; weight: number }[];
  readonly vetoes: { key: string; reason: string; cap: Grade }[];
  readonly insufficient_sample: boolean;
  readonly is_losing: boolean;
  readonly scenario: "single";
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

export function rate(x: RubricInput): { score: StrategyScore; grade: GradeResult } {
  // without a walk-forward (or a buy-and-hold to compare with) that component's weight goes to the others
  const optional = new Set(["wf_consistency", "excess_return"]);
  const used = COMPONENTS.filter((c) => !optional.has(c.key) || Number.isFinite(x[c.key as keyof RubricInput] as number));
  const weightSum = used.reduce((a, c) => a + c.weight, 0);
  const dimensions = used.map((c) => {
    const raw = x[c.key as keyof RubricInput] as number;
    return { key: c.key, label: c.label, raw, score: round(interpolate(c.anchors, raw), 1), weight: round(c.weight / weightSum, 4) };
  });
  const total = round(used.reduce((a, c) => a + interpolate(c.anchors, x[c.key as keyof RubricInput] as number) * c.weight, 0) / weightSum, 1);
  const vetoes = VETOES.filter((v) => v.applies(x)).map((v) => ({ key: v.key, reason: v.reason(x), cap: v.cap }));
  let grade = gradeOf(total);
  for (const v of vetoes) if (ORDER.indexOf(v.cap) < ORDER.indexOf(grade)) grade = v.cap;
  return {
    score: {
      total,
      components: Object.fromEntries(dimensions.map((d) => [d.key, d.score])),
      weights_used: Object.fromEntries(dimensions.map((d) => [d.key, d.weight])),
      wf_provided: used.length === COMPONENTS.length,
    },
    grade: {
      grade,
      score: total,
      dimensions,
      vetoes,
      insufficient_sample: x.total_trades < 10,
      is_losing: x.profit_factor < 1 || x.total_return <= 0,
      scenario: "single",
    },
  };
}

/** The rubric as Markdown, for the OpenAPI description. */
/** A backtest's figures as its JSON carries them (null where a value is not a finite number). */
export type PerformanceFigures = Readonly<Record<string, number | null | undefined>>;

/**
 * The grade of a plain backtest (single, portfolio, an optimisation's point):
 * this rubric on its own figures, without the walk-forward component (its
 * weight shared among the others, as in `rate`) and with the suitability
 * checks taken as passed, since only an evaluation runs them. Null when the
 * figures lack a total return.
 */
export function rateBacktest(p: PerformanceFigures): Grade | null {
  const num = (k: string) => (typeof p[k] === "number" ? (p[k] as number) : Number.NaN);
  if (!Number.isFinite(num("total_return"))) return null;
  return rate({
    annual_return: num("annual_return"),
    sharpe: num("sharpe"),
    max_drawdown: num("max_drawdown"),
    excess_return: num("total_return") - num("buy_hold_return"),
    wf_consistency: Number.NaN,
    total_return: num("total_return"),
    profit_factor: num("profit_factor"),
    total_trades: num("total_trades"),
    suitable: true,
  }).grade.grade;
}

export const RUBRIC_TEXT = [
  "**Composite score (0–100).** Weighted mean of the components below; each maps its value to points by linear interpolation between the anchors (value→points, clamped at both ends; a missing value earns 0). Without a walk-forward result its component is dropped and the weights are rescaled to sum to 1.",
  "",
  "| component | value | weight | anchors |",
  "|---|---|---|---|",
  ...COMPONENTS.map((c) => `| ${c.key} | ${c.doc} | ${c.weight} | ${c.anchors.map(([v, p]) => `${v}→${p}`).join(", ")} |`),
  "",
  `**Rating.** ${GRADE_BANDS.map(([g, min]) => `${g}: score ≥ ${min}`).join("; ")}; then lowered to the cap of every veto that applies:`,
  "",
  "| veto | applies when | cap |",
  "|---|---|---|",
  ...VETOES.map((v) => `| ${v.key} | ${v.doc} | ${v.cap} |`),
].join("\n");
