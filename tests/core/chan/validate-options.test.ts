/**
 * The option rules of `parseChanOptions` written again as tables: each key's accepted and refused
 * values at its bounds (as `core/chan/validate-options.ts` states them: integers within their
 * ranges, `divergence_rate` ≥ 0 or null for +∞, `max_bs2_rate` in (0, 1], booleans only, `bs_type`
 * a comma list or a list of known types), the message each refusal carries, where a value lands
 * (plain point keys on both sides of both levels, except the segment level's forced `macd_algo`
 * and `bsp1_only_multibi_zs`; each suffix on its own sides; suffixed keys after plain ones, in
 * order), and which key a wrong segment-level force measure is reported on.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { ChanConfig, PointOptions } from "../../../core/chan/options.ts";
import { parseChanOptions } from "../../../core/chan/validate-options.ts";

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const MIN_SAFE = Number.MIN_SAFE_INTEGER;
const BOOL = "must be a boolean";
const intMsg = (min: number, max = MAX_SAFE) => `must be an integer from ${min} to ${max}`;

/** Where each non-point key lands in the config. */
const TOP: Record<string, (c: ChanConfig) => unknown> = {
  bi_strict: (c) => c.bi.strict,
  gap_as_kl: (c) => c.bi.gapAsKl,
  bi_end_is_peak: (c) => c.bi.endIsPeak,
  bi_allow_sub_peak: (c) => c.bi.allowSubPeak,
  czsc_min_bi_len: (c) => c.bi.czscMinLen,
  zs_combine: (c) => c.zs.combine,
  one_bi_zs: (c) => c.zs.oneBiZs,
  rsi_cycle: (c) => c.rsiCycle,
};

/** key: [accepted value, what the config holds][], [refused value][], the refusal's message. */
const RULES: [string, [unknown, unknown][], unknown[], string][] = [
  ...["bi_strict", "gap_as_kl", "bi_end_is_peak", "bi_allow_sub_peak", "zs_combine", "one_bi_zs"].map((k): [string, [unknown, unknown][], unknown[], string] => [
    k,
    [
      [true, true],
      [false, false],
    ],
    [1, 0, "true", null],
    BOOL,
  ]),
  [
    "czsc_min_bi_len",
    [
      [1, 1],
      [1000, 1000],
    ],
    [0, 1001, 6.5, "6", NaN, Infinity],
    intMsg(1, 1000),
  ],
  [
    "rsi_cycle",
    [
      [1, 1],
      [10000, 10000],
    ],
    [0, 10001, 2.5],
    intMsg(1, 10000),
  ],
  [
    "min_zs_cnt",
    [
      [0, 0],
      [-3, -3],
      [MIN_SAFE, MIN_SAFE],
      [MAX_SAFE, MAX_SAFE],
    ],
    [MIN_SAFE - 1, MAX_SAFE + 1, 1.5, "1"],
    intMsg(MIN_SAFE),
  ],
  [
    "bsp3a_max_zs_cnt",
    [
      [1, 1],
      [MAX_SAFE, MAX_SAFE],
    ],
    [0, MAX_SAFE + 1, 1.5],
    intMsg(1),
  ],
  [
    "max_bsp2s_lv",
    [
      [null, null],
      [0, 0],
      [5, 5],
    ],
    [-1, 1.5, "2"],
    intMsg(0),
  ],
  [
    "divergence_rate",
    [
      [0, 0],
      [0.5, 0.5],
      [150, 150],
      [Infinity, Infinity],
      [null, Infinity],
    ],
    [-0.001, -Infinity, NaN, "1"],
    "must be a number ≥ 0, or null for +∞ (always divergent)",
  ],
  [
    "max_bs2_rate",
    [
      [1, 1],
      [0.5, 0.5],
      [Number.MIN_VALUE, Number.MIN_VALUE],
    ],
    [0, -0.5, 1 + 2 ** -52, Infinity, NaN, null, "0.5"],
    "must be a number in (0, 1]",
  ],
];

const pointValue = (c: ChanConfig, key: string) => (c.bsp.buy as unknown as Record<string, unknown>)[key];

test("each key's accepted and refused values at its bounds, with the refusal's message", () => {
  for (const [key, accepted, refused, message] of RULES) {
    for (const [value, held] of accepted) {
      const p = parseChanOptions({ [key]: value });
      assert.ok(p.ok, `${key}: ${String(value)} accepted`);
      assert.deepEqual(TOP[key] ? TOP[key](p.config) : pointValue(p.config, key), held, `${key}: ${String(value)} held`);
    }
    for (const value of refused) {
      const p = parseChanOptions({ [key]: value });
      assert.deepEqual(p.ok ? [] : p.issues, [{ path: [key], message }], `${key}: ${String(value)} refused`);
    }
  }
});

test("macd takes an object of fast, slow and signal, each an integer from 1 to 1000", () => {
  const p = parseChanOptions({ macd: { fast: 1, slow: 1000, signal: 7 } });
  assert.ok(p.ok, "macd accepted");
  assert.deepEqual(p.config.macd, { fast: 1, slow: 1000, signal: 7 });
  const partial = parseChanOptions({ macd: { slow: 30 } });
  assert.ok(partial.ok, "one field");
  assert.deepEqual(partial.config.macd, { fast: 12, slow: 30, signal: 9 }, "the others keep chan.py's defaults");
  for (const bad of [0, 1001, 2.5, "12"]) {
    const q = parseChanOptions({ macd: { signal: bad } });
    assert.deepEqual(q.ok ? [] : q.issues, [{ path: ["macd", "signal"], message: intMsg(1, 1000) }], `signal ${String(bad)}`);
  }
  for (const bad of [null, [], 12, "12"]) {
    const q = parseChanOptions({ macd: bad });
    assert.deepEqual(q.ok ? [] : q.issues, [{ path: ["macd"], message: "must be an object {fast, slow, signal}" }], `macd ${JSON.stringify(bad)}`);
  }
  const unknown = parseChanOptions({ macd: { fast: 5, period: 3 } });
  assert.deepEqual(unknown.ok ? [] : unknown.issues, [{ path: ["macd", "period"], message: "unknown option" }]);
});

const TYPES_MSG = "use 1, 1p, 2, 2s, 3a, 3b";

test("bs_type: a comma list (spaces trimmed) or a list of known types; a bad type is reported where it stands", () => {
  const held = (v: unknown) => {
    const p = parseChanOptions({ bs_type: v });
    return p.ok ? p.config.bsp.buy.bs_type : p.issues;
  };
  assert.deepEqual(held(" 2s ,3a"), ["2s", "3a"]);
  assert.deepEqual(held(["1p"]), ["1p"]);
  assert.deepEqual(held([]), []);
  assert.deepEqual(held("1,,2"), [{ path: ["bs_type"], message: `unknown type ""; ${TYPES_MSG}` }]);
  assert.deepEqual(held(["1", "4", 3]), [
    { path: ["bs_type", 1], message: `unknown type "4"; ${TYPES_MSG}` },
    { path: ["bs_type", 2], message: `unknown type 3; ${TYPES_MSG}` },
  ]);
  for (const bad of [5, { a: 1 }, null, true]) {
    assert.deepEqual(held(bad), [{ path: ["bs_type"], message: `must be a comma-separated string or a list of 1, 1p, 2, 2s, 3a, 3b` }], `bs_type ${JSON.stringify(bad)}`);
  }
});

const SIDES = (c: ChanConfig): PointOptions[] => [c.bsp.buy, c.bsp.sell, c.segBsp.buy, c.segBsp.sell];

test("each suffix sets its own sides after the plain keys, later suffixed keys over earlier ones", () => {
  const cases: [Record<string, unknown>, number[]][] = [
    [{ min_zs_cnt: 3 }, [3, 3, 3, 3]],
    [{ "min_zs_cnt-buy": 3 }, [3, 1, 1, 1]],
    [{ "min_zs_cnt-sell": 3 }, [1, 3, 1, 1]],
    [{ "min_zs_cnt-segbuy": 3 }, [1, 1, 3, 1]],
    [{ "min_zs_cnt-segsell": 3 }, [1, 1, 1, 3]],
    [{ "min_zs_cnt-seg": 3 }, [1, 1, 3, 3]],
    [{ "min_zs_cnt-buy": 4, min_zs_cnt: 2 }, [4, 2, 2, 2]],
    [{ "min_zs_cnt-seg": 2, "min_zs_cnt-segbuy": 5 }, [1, 1, 5, 2]],
    [{ "min_zs_cnt-segsell": 5, "min_zs_cnt-seg": 2 }, [1, 1, 2, 2]],
  ];
  for (const [input, want] of cases) {
    const p = parseChanOptions(input);
    assert.ok(p.ok, JSON.stringify(input));
    assert.deepEqual(
      SIDES(p.config).map((s) => s.min_zs_cnt),
      want,
      JSON.stringify(input),
    );
  }
  const plain = parseChanOptions({ macd_algo: "area", bsp1_only_multibi_zs: true });
  assert.ok(plain.ok, "plain macd_algo");
  assert.deepEqual(
    SIDES(plain.config).map((s) => [s.macd_algo, s.bsp1_only_multibi_zs]),
    [
      ["area", true],
      ["area", true],
      ["slope", false],
      ["slope", false],
    ],
    "the segment level forces slope and counts one-stroke pivots",
  );
  for (const key of ["bogus", "min_zs_cnt-foo", "-buy", "buy", "bi_strict-buy", "macd-seg"]) {
    const p = parseChanOptions({ [key]: 1 });
    assert.deepEqual(p.ok ? [] : p.issues, [{ path: [key], message: "unknown option" }], key);
  }
});

const SEG_MSG = "segment-level force measure must be one of slope, amp";

/** The options refused exactly on `keys`, each with the segment force measure's message. */
function assertSegIssues(input: Record<string, unknown>, keys: readonly string[]): void {
  const p = parseChanOptions(input);
  assert.deepEqual(
    p.ok ? [] : p.issues,
    keys.map((k) => ({ path: [k], message: SEG_MSG })),
    JSON.stringify(input),
  );
}

test("a segment-level force measure other than slope or amp is reported on the key that set it", () => {
  const cases: [Record<string, unknown>, string[]][] = [
    [{ "macd_algo-segbuy": "peak" }, ["macd_algo-segbuy"]],
    [{ "macd_algo-segsell": "area" }, ["macd_algo-segsell"]],
    [{ "macd_algo-seg": "peak" }, ["macd_algo-seg"]],
    [{ "macd_algo-seg": "peak", "macd_algo-segbuy": "amp" }, ["macd_algo-seg"]],
    [{ "macd_algo-segbuy": "peak", "macd_algo-seg": "amp" }, []],
    [{ "macd_algo-segbuy": "diff", "macd_algo-segsell": "rsi" }, ["macd_algo-segbuy", "macd_algo-segsell"]],
    [{ "macd_algo-seg": "amp", "macd_algo-buy": "rsi", "macd_algo-sell": "peak" }, []],
  ];
  for (const [input, keys] of cases) assertSegIssues(input, keys);
});

test("whole-input rules: no object means the defaults; not an object, seg_algo other than chan, one-stroke pivots with over_seg", () => {
  for (const bad of [[], "x", 3, true]) {
    const p = parseChanOptions(bad);
    assert.deepEqual(p.ok ? [] : p.issues, [{ path: [], message: "options must be an object" }], JSON.stringify(bad));
  }
  assert.ok(parseChanOptions({ seg_algo: "chan" }).ok, "seg_algo chan");
  const seg = parseChanOptions({ seg_algo: "break" });
  assert.deepEqual(seg.ok ? [] : seg.issues, [{ path: ["seg_algo"], message: 'must be "chan" (chan.py\'s "1+1" and "break" are deprecated and not offered)' }]);
  const over = parseChanOptions({ one_bi_zs: true, zs_algo: "over_seg" });
  assert.deepEqual(over.ok ? [] : over.issues, [{ path: ["one_bi_zs"], message: 'one-stroke pivots are not available with zs_algo "over_seg"' }]);
  assert.ok(parseChanOptions({ one_bi_zs: true, zs_algo: "auto" }).ok && parseChanOptions({ one_bi_zs: false, zs_algo: "over_seg" }).ok, "either alone");
});

test("each named-value key lands in its own field, every other field keeping its default (chan.py's CChanConfig arguments)", () => {
  // chan.py: bi_algo → CBiConfig.bi_algo, bi_fx_check → CBiConfig.bi_fx_check, left_seg_method →
  // CSegConfig.left_method, zs_combine_mode → CZSConfig.zs_combine_mode, zs_algo → CZSConfig.zs_algo
  const FIELD: [string, readonly string[], (c: ChanConfig, v: string) => ChanConfig][] = [
    ["bi_algo", ["normal", "fx", "czsc"], (c, v) => ({ ...c, bi: { ...c.bi, algo: v } }) as ChanConfig],
    ["bi_fx_check", ["strict", "half", "loss", "totally"], (c, v) => ({ ...c, bi: { ...c.bi, fxCheck: v } }) as ChanConfig],
    ["left_seg_method", ["peak", "all"], (c, v) => ({ ...c, seg: { leftMethod: v } }) as ChanConfig],
    ["zs_combine_mode", ["zs", "peak"], (c, v) => ({ ...c, zs: { ...c.zs, combineMode: v } }) as ChanConfig],
    ["zs_algo", ["normal", "over_seg", "auto"], (c, v) => ({ ...c, zs: { ...c.zs, algo: v } }) as ChanConfig],
  ];
  const defaults = parseChanOptions({});
  assert.ok(defaults.ok, "no options");
  for (const [key, values, place] of FIELD) {
    for (const v of values) {
      const p = parseChanOptions({ [key]: v });
      assert.ok(p.ok, `${key}: ${v}`);
      assert.deepEqual(p.config, place(defaults.config, v), `${key}: ${v} held in its field alone`);
    }
  }
});

test("a refused value is reported once, on its key, also when it is a segment level's force measure", () => {
  for (const key of ["macd_algo-seg", "macd_algo-segbuy", "macd_algo-segsell", "macd_algo-buy", "macd_algo"]) {
    const p = parseChanOptions({ [key]: 5 });
    assert.deepEqual(p.ok ? [] : p.issues.map((i) => i.path), [[key]], `${key}: 5`);
  }
});

test("the segment-level force measure is reported on the key that set it, whatever segment keys follow", () => {
  const cases: [Record<string, unknown>, string[]][] = [
    [{ "macd_algo-seg": "peak", "min_zs_cnt-segbuy": 2, "bs1_peak-segsell": false }, ["macd_algo-seg"]],
    [{ "macd_algo-segbuy": "area", "min_zs_cnt-seg": 2 }, ["macd_algo-segbuy"]],
    [{ "macd_algo-segsell": "diff", "divergence_rate-seg": 0.5 }, ["macd_algo-segsell"]],
  ];
  for (const [input, keys] of cases) assertSegIssues(input, keys);
});
