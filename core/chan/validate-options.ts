/**
 * Turns a request's option object into a {@link ChanConfig}, reporting every
 * problem as `{path, message}` instead of throwing, so the HTTP layer can map
 * them to 422s without a schema of its own. Rules that chan.py enforces with
 * asserts or at run time (unknown keys, `max_bs2_rate ≤ 1`, segment-level force
 * measure only `slope`/`amp`, no one-stroke pivots with `over_seg`) are
 * reported here up front.
 */
import {
  BI_ALGOS,
  BSP_TYPES,
  DEFAULT_CHAN_CONFIG,
  DEFAULT_POINT_OPTIONS,
  FX_CHECKS,
  LEFT_SEG_METHODS,
  MACD_ALGOS,
  SEGMENT_MACD_ALGOS,
  ZS_ALGOS,
  ZS_COMBINE_MODES,
  type BspType,
  type ChanConfig,
  type PointOptions,
} from "./options.ts";

export interface OptionIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

export type ParsedOptions = { readonly ok: true; readonly config: ChanConfig } | { readonly ok: false; readonly issues: readonly OptionIssue[] };

type Reader<T> = (v: unknown, path: (string | number)[], issues: OptionIssue[]) => T | undefined;

const bool: Reader<boolean> = (v, path, issues) => {
  if (typeof v === "boolean") return v;
  issues.push({ path, message: "must be a boolean" });
  return undefined;
};

function oneOf<T extends string>(allowed: readonly T[]): Reader<T> {
  return (v, path, issues) => {
    if ((allowed as readonly unknown[]).includes(v)) return v as T;
    issues.push({ path, message: `must be one of ${allowed.join(", ")}` });
    return undefined;
  };
}

function int(min: number, max = Number.MAX_SAFE_INTEGER): Reader<number> {
  return (v, path, issues) => {
    // anything but an integer becomes NaN, which fails both bounds
    const n = Number.isInteger(v) ? (v as number) : NaN;
    if (n >= min && n <= max) return n;
    issues.push({ path, message: `must be an integer from ${min} to ${max}` });
    return undefined;
  };
}

const divergenceRate: Reader<number> = (v, path, issues) => {
  if (v === null) return Infinity;
  // NaN fails `>= 0`
  if (typeof v === "number" && v >= 0) return v;
  issues.push({ path, message: "must be a number ≥ 0, or null for +∞ (always divergent)" });
  return undefined;
};

const bs2Rate: Reader<number> = (v, path, issues) => {
  // NaN and ±∞ fail the bounds
  if (typeof v === "number" && v > 0 && v <= 1) return v;
  issues.push({ path, message: "must be a number in (0, 1]" });
  return undefined;
};

const bsTypes: Reader<readonly BspType[]> = (v, path, issues) => {
  const list = typeof v === "string" ? v.split(",").map((s) => s.trim()) : v;
  if (!Array.isArray(list)) {
    issues.push({ path, message: `must be a comma-separated string or a list of ${BSP_TYPES.join(", ")}` });
    return undefined;
  }
  const out: BspType[] = [];
  list.forEach((t: unknown, i) => {
    if ((BSP_TYPES as readonly unknown[]).includes(t)) out.push(t as BspType);
    else issues.push({ path: typeof v === "string" ? path : [...path, i], message: `unknown type ${JSON.stringify(t)}; use ${BSP_TYPES.join(", ")}` });
  });
  return out;
};

const nullableLevel: Reader<number | null> = (v, path, issues) => (v === null ? null : int(0)(v, path, issues));

const POINT_READERS: { readonly [K in keyof PointOptions]: Reader<PointOptions[K]> } = {
  divergence_rate: divergenceRate,
  min_zs_cnt: int(Number.MIN_SAFE_INTEGER),
  bsp1_only_multibi_zs: bool,
  max_bs2_rate: bs2Rate,
  macd_algo: oneOf(MACD_ALGOS),
  bs1_peak: bool,
  bs_type: bsTypes,
  bsp2_follow_1: bool,
  bsp3_follow_1: bool,
  bsp3_peak: bool,
  bsp2s_follow_2: bool,
  max_bsp2s_lv: nullableLevel,
  strict_bsp3: bool,
  bsp3a_max_zs_cnt: int(1),
};

const SUFFIXES = ["-buy", "-sell", "-segbuy", "-segsell", "-seg"] as const;
type Suffix = (typeof SUFFIXES)[number] | "";

function splitPointKey(key: string): [keyof PointOptions, Suffix] | undefined {
  for (const s of ["", ...SUFFIXES] as const) {
    if (!key.endsWith(s)) continue;
    const base = key.slice(0, key.length - s.length);
    if (Object.hasOwn(POINT_READERS, base)) return [base as keyof PointOptions, s];
  }
  return undefined;
}

export function parseChanOptions(input: unknown): ParsedOptions {
  if (input === undefined || input === null) return { ok: true, config: DEFAULT_CHAN_CONFIG };
  if (typeof input !== "object" || Array.isArray(input)) {
    return { ok: false, issues: [{ path: [], message: "options must be an object" }] };
  }
  const issues: OptionIssue[] = [];
  const d = DEFAULT_CHAN_CONFIG;
  const bi = { ...d.bi };
  const seg = { ...d.seg };
  const zs = { ...d.zs };
  const macd = { ...d.macd };
  let rsiCycle = d.rsiCycle;
  const plain: Record<string, unknown> = { ...DEFAULT_POINT_OPTIONS };
  const sided: [keyof PointOptions, Suffix, unknown][] = [];

  for (const [key, raw] of Object.entries(input)) {
    const path = [key];
    const set = <T>(reader: Reader<T>, apply: (v: T) => void) => {
      const v = reader(raw, path, issues);
      if (v !== undefined) apply(v);
    };
    switch (key) {
      case "bi_algo":
        set(oneOf(BI_ALGOS), (v) => (bi.algo = v));
        continue;
      case "bi_strict":
        set(bool, (v) => (bi.strict = v));
        continue;
      case "bi_fx_check":
        set(oneOf(FX_CHECKS), (v) => (bi.fxCheck = v));
        continue;
      case "gap_as_kl":
        set(bool, (v) => (bi.gapAsKl = v));
        continue;
      case "bi_end_is_peak":
        set(bool, (v) => (bi.endIsPeak = v));
        continue;
      case "bi_allow_sub_peak":
        set(bool, (v) => (bi.allowSubPeak = v));
        continue;
      case "czsc_min_bi_len":
        set(int(1, 1000), (v) => (bi.czscMinLen = v));
        continue;
      case "seg_algo":
        if (raw !== "chan") issues.push({ path, message: 'must be "chan" (chan.py\'s "1+1" and "break" are deprecated and not offered)' });
        continue;
      case "left_seg_method":
        set(oneOf(LEFT_SEG_METHODS), (v) => (seg.leftMethod = v));
        continue;
      case "zs_combine":
        set(bool, (v) => (zs.combine = v));
        continue;
      case "zs_combine_mode":
        set(oneOf(ZS_COMBINE_MODES), (v) => (zs.combineMode = v));
        continue;
      case "one_bi_zs":
        set(bool, (v) => (zs.oneBiZs = v));
        continue;
      case "zs_algo":
        set(oneOf(ZS_ALGOS), (v) => (zs.algo = v));
        continue;
      case "rsi_cycle":
        set(int(1, 10000), (v) => (rsiCycle = v));
        continue;
      case "macd":
        readMacd(raw, macd, issues);
        continue;
    }
    const split = splitPointKey(key);
    if (!split) {
      issues.push({ path, message: "unknown option" });
      continue;
    }
    const [base, suffix] = split;
    const v = POINT_READERS[base](raw, path, issues);
    if (v === undefined) continue;
    if (suffix === "") plain[base] = v;
    else sided.push([base, suffix, v]);
  }

  // chan.py: both levels start from the plain keys, the segment level then forces
  // slope and counts one-stroke pivots, and suffixed keys apply last, in order.
  const base = plain as unknown as PointOptions;
  const strokeBuy: Record<string, unknown> = { ...base };
  const strokeSell: Record<string, unknown> = { ...base };
  const segBuy: Record<string, unknown> = { ...base, macd_algo: "slope", bsp1_only_multibi_zs: false };
  const segSell: Record<string, unknown> = { ...segBuy };
  // the key that last set each segment side's force measure (only a key can make it wrong)
  const segAlgoKey: Partial<Record<"buy" | "sell", string>> = {};
  for (const [k, suffix, v] of sided) {
    if (suffix === "-buy") strokeBuy[k] = v;
    if (suffix === "-sell") strokeSell[k] = v;
    if (suffix === "-seg" || suffix === "-segbuy") {
      segBuy[k] = v;
      if (k === "macd_algo") segAlgoKey.buy = k + suffix;
    }
    if (suffix === "-seg" || suffix === "-segsell") {
      segSell[k] = v;
      if (k === "macd_algo") segAlgoKey.sell = k + suffix;
    }
  }
  const badSegKeys = new Set<string>();
  for (const side of ["buy", "sell"] as const) {
    const algo = (side === "buy" ? segBuy : segSell).macd_algo as PointOptions["macd_algo"];
    if (!SEGMENT_MACD_ALGOS.includes(algo)) badSegKeys.add(segAlgoKey[side]!);
  }
  for (const key of badSegKeys) {
    issues.push({ path: [key], message: `segment-level force measure must be one of ${SEGMENT_MACD_ALGOS.join(", ")}` });
  }
  if (zs.algo === "over_seg" && zs.oneBiZs) {
    issues.push({ path: ["one_bi_zs"], message: 'one-stroke pivots are not available with zs_algo "over_seg"' });
  }
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    config: {
      bi,
      seg,
      zs,
      macd,
      rsiCycle,
      bsp: { buy: strokeBuy as unknown as PointOptions, sell: strokeSell as unknown as PointOptions },
      segBsp: { buy: segBuy as unknown as PointOptions, sell: segSell as unknown as PointOptions },
    },
  };
}

function readMacd(raw: unknown, macd: { fast: number; slow: number; signal: number }, issues: OptionIssue[]): void {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    issues.push({ path: ["macd"], message: "must be an object {fast, slow, signal}" });
    return;
  }
  for (const [k, v] of Object.entries(raw)) {
    if (k !== "fast" && k !== "slow" && k !== "signal") {
      issues.push({ path: ["macd", k], message: "unknown option" });
      continue;
    }
    const n = int(1, 1000)(v, ["macd", k], issues);
    if (n !== undefined) macd[k] = n;
  }
}
