/**
 * Chan-analysis options. The keys and defaults are chan.py's (`ChanConfig.py`
 * at 429d6ed3, code defaults, not its README), so a request can be diffed
 * against chan.py with the same dictionary. Two keys are ours:
 * `bi_algo: "czsc"` (czsc's stroke rule with its own inclusion processing) and
 * `czsc_min_bi_len`; with czsc strokes the other `bi_*` keys do not apply.
 * chan.py keys that only concern plotting, data loading or indicators we do not
 * return (`trigger_step`, `boll_n`, `cal_kdj`, ...) are not options here (RSI
 * is computed whenever `macd_algo: "rsi"` asks for it, so `cal_rsi` is not
 * needed); the deprecated segment algorithms `1+1` and `break` and the
 * `turnrate_avg` measure (bar series carry no turnover rate) are not offered.
 *
 * Buy/sell-point keys may carry chan.py's side suffixes: `-buy`, `-sell`
 * (stroke level, one side), `-segbuy`, `-segsell`, `-seg` (segment level).
 * Plain keys set both levels, suffixed ones override them. One deliberate
 * difference: chan.py ignores a suffixed `bs_type` (it sets an attribute its
 * point code never reads); here `bs_type-sell` and the like take effect.
 */

export type BiAlgo = "normal" | "fx" | "czsc";
export type FxCheck = "strict" | "half" | "loss" | "totally";
export type LeftSegMethod = "peak" | "all";
export type ZsAlgo = "normal" | "over_seg" | "auto";
export type ZsCombineMode = "zs" | "peak";
export type BspType = "1" | "1p" | "2" | "2s" | "3a" | "3b";
/** Force measure of a stroke or segment (chan.py `macd_algo`). Segments accept only `slope` and `amp`. */
export type MacdAlgo = "area" | "peak" | "full_area" | "diff" | "slope" | "amp" | "amount" | "volumn" | "amount_avg" | "volumn_avg" | "rsi";

export const BI_ALGOS: readonly BiAlgo[] = ["normal", "fx", "czsc"];
export const FX_CHECKS: readonly FxCheck[] = ["strict", "half", "loss", "totally"];
export const LEFT_SEG_METHODS: readonly LeftSegMethod[] = ["peak", "all"];
export const ZS_ALGOS: readonly ZsAlgo[] = ["normal", "over_seg", "auto"];
export const ZS_COMBINE_MODES: readonly ZsCombineMode[] = ["zs", "peak"];
export const BSP_TYPES: readonly BspType[] = ["1", "1p", "2", "2s", "3a", "3b"];
export const MACD_ALGOS: readonly MacdAlgo[] = ["area", "peak", "full_area", "diff", "slope", "amp", "amount", "volumn", "amount_avg", "volumn_avg", "rsi"];
export const SEGMENT_MACD_ALGOS: readonly MacdAlgo[] = ["slope", "amp"];

/** Buy/sell-point settings of one side (buy or sell) at one level. */
export interface PointOptions {
  /** Type-1 divergence threshold: out-force ≤ rate × in-force. Above 100 (default +∞) every case passes. */
  readonly divergence_rate: number;
  /** Pivots a segment needs before its type 1 is emitted (1 allows consolidation divergence, 2 trend only). */
  readonly min_zs_cnt: number;
  /** Count only multi-stroke pivots for `min_zs_cnt`. */
  readonly bsp1_only_multibi_zs: boolean;
  /** Type-2 retrace limit (≤ 1): the pullback may retrace at most this share of the breaking stroke. */
  readonly max_bs2_rate: number;
  readonly macd_algo: MacdAlgo;
  /** Type 1 only when no stroke of the last pivot goes beyond the leaving stroke's extreme. */
  readonly bs1_peak: boolean;
  /** Types emitted; types 1 and 1p are still tracked when absent, because 2 and 3 depend on them. */
  readonly bs_type: readonly BspType[];
  /** Type 2 only after an emitted point at the type-1 stroke. */
  readonly bsp2_follow_1: boolean;
  /** Type 3 only after an emitted point at the type-1 stroke. */
  readonly bsp3_follow_1: boolean;
  /** Type 3 also needs the leaving move to pass the pivot's GG (buy) or DD (sell). */
  readonly bsp3_peak: boolean;
  /** Type 2s only after a real type 2. */
  readonly bsp2s_follow_2: boolean;
  /** Deepest 2s level searched (null: unlimited). */
  readonly max_bsp2s_lv: number | null;
  /** Type 3 pivot must begin right after (3a) or be left by (3b) the type-1 stroke. */
  readonly strict_bsp3: boolean;
  /** Pivots of the next segment examined for 3a. */
  readonly bsp3a_max_zs_cnt: number;
}

export interface PointSides {
  readonly buy: PointOptions;
  readonly sell: PointOptions;
}

/** Fully resolved settings: what every pipeline step reads. */
export interface ChanConfig {
  readonly bi: {
    readonly algo: BiAlgo;
    /** Old stroke (middle bars ≥ 4 apart) when true; new stroke (≥ 3 apart and ≥ 3 raw bars between) when false. */
    readonly strict: boolean;
    readonly fxCheck: FxCheck;
    /** A price gap between merged bars counts as one more bar for the span. */
    readonly gapAsKl: boolean;
    /** No bar inside a stroke may exceed its end. */
    readonly endIsPeak: boolean;
    /** Keep sub-peak strokes (false re-anchors them, chan.py `bi_allow_sub_peak`). */
    readonly allowSubPeak: boolean;
    /** czsc rule: merged bars from the first fractal's first bar to the second's last bar. */
    readonly czscMinLen: number;
  };
  readonly seg: { readonly leftMethod: LeftSegMethod };
  readonly zs: {
    readonly combine: boolean;
    readonly combineMode: ZsCombineMode;
    readonly oneBiZs: boolean;
    readonly algo: ZsAlgo;
  };
  readonly macd: { readonly fast: number; readonly slow: number; readonly signal: number };
  readonly rsiCycle: number;
  /** Stroke-level points. */
  readonly bsp: PointSides;
  /** Segment-level points (chan.py forces `macd_algo: slope`, `bsp1_only_multibi_zs: false` before the `-seg` keys). */
  readonly segBsp: PointSides;
}

/** A point option as a request may carry it: `null` divergence rate means +∞, `bs_type` may be a comma list. */
export type PointOptionsInput = {
  readonly [K in keyof PointOptions]?: K extends "divergence_rate" ? number | null : K extends "bs_type" ? string | readonly BspType[] : PointOptions[K];
};

type Suffixed<S extends string> = {
  readonly [K in keyof PointOptionsInput as `${K}${S}`]?: PointOptionsInput[K];
};

/** The request shape: chan.py's keys, every one optional. */
export type ChanOptions = {
  readonly bi_algo?: BiAlgo;
  readonly bi_strict?: boolean;
  readonly bi_fx_check?: FxCheck;
  readonly gap_as_kl?: boolean;
  readonly bi_end_is_peak?: boolean;
  readonly bi_allow_sub_peak?: boolean;
  /** czsc rule only; 6 is czsc's default ("new stroke"), 7 its "old stroke". */
  readonly czsc_min_bi_len?: number;
  readonly seg_algo?: "chan";
  readonly left_seg_method?: LeftSegMethod;
  readonly zs_combine?: boolean;
  readonly zs_combine_mode?: ZsCombineMode;
  readonly one_bi_zs?: boolean;
  readonly zs_algo?: ZsAlgo;
  readonly macd?: { readonly fast?: number; readonly slow?: number; readonly signal?: number };
  /** RSI period for `macd_algo: "rsi"`. */
  readonly rsi_cycle?: number;
} & PointOptionsInput &
  Suffixed<"-buy"> &
  Suffixed<"-sell"> &
  Suffixed<"-segbuy"> &
  Suffixed<"-segsell"> &
  Suffixed<"-seg">;

export const DEFAULT_POINT_OPTIONS: PointOptions = {
  divergence_rate: Infinity,
  min_zs_cnt: 1,
  bsp1_only_multibi_zs: true,
  max_bs2_rate: 0.9999,
  macd_algo: "peak",
  bs1_peak: true,
  bs_type: ["1", "1p", "2", "2s", "3a", "3b"],
  bsp2_follow_1: true,
  bsp3_follow_1: true,
  bsp3_peak: false,
  bsp2s_follow_2: false,
  max_bsp2s_lv: null,
  strict_bsp3: false,
  bsp3a_max_zs_cnt: 1,
};

const DEFAULT_SEG_POINT_OPTIONS: PointOptions = {
  ...DEFAULT_POINT_OPTIONS,
  macd_algo: "slope",
  bsp1_only_multibi_zs: false,
};

export const DEFAULT_CHAN_CONFIG: ChanConfig = {
  bi: {
    algo: "normal",
    strict: true,
    fxCheck: "strict",
    gapAsKl: false,
    endIsPeak: true,
    allowSubPeak: true,
    czscMinLen: 6,
  },
  seg: { leftMethod: "peak" },
  zs: { combine: true, combineMode: "zs", oneBiZs: false, algo: "normal" },
  macd: { fast: 12, slow: 26, signal: 9 },
  rsiCycle: 14,
  bsp: { buy: DEFAULT_POINT_OPTIONS, sell: DEFAULT_POINT_OPTIONS },
  segBsp: { buy: DEFAULT_SEG_POINT_OPTIONS, sell: DEFAULT_SEG_POINT_OPTIONS },
};
