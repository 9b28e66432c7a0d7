import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import * as ti from "technicalindicators";
import { compileFormula, evaluatePlan } from "../../../core/formula/index.ts";
import { resolveIndicatorRequests } from "../../../core/indicators/indicator-spec.ts";
import { formulaIndicators, indicators } from "../../../plugins/indicators/index.ts";
import { readFixtureText, skipUnless } from "../../support/fixtures.ts";
import { assertSeries } from "../../core/formula/helpers.ts";
import { barsArbitrary, randomWalk } from "./market.ts";

const byId = new Map(formulaIndicators.map((p) => [p.id, p]));
const get = (id: string) => byId.get(id)!;

test("the set covers the required indicators with unique ids and TDX defaults", () => {
  const required = ["MACD", "KDJ", "RSI", "BOLL", "WR", "BIAS", "CCI", "DMI", "ATR", "OBV", "ROC", "MTM", "PSY", "VR", "TRIX", "DMA", "EMV", "BRAR", "CR", "ASI", "SAR", "MFI", "MA", "EMA", "VOL"];
  for (const id of required) assert.ok(byId.has(id), id);
  assert.equal(new Set(indicators.map((p) => p.id)).size, indicators.length);
  const defaults = (id: string) => Object.fromEntries(get(id).params.map((p) => [p.name, p.default]));
  assert.deepEqual(defaults("MACD"), { SHORT: 12, LONG: 26, MID: 9 });
  assert.deepEqual(defaults("KDJ"), { N: 9, M1: 3, M2: 3 });
  assert.deepEqual(defaults("RSI"), { N1: 6, N2: 12, N3: 24 });
  assert.deepEqual(defaults("DMI"), { N: 14, M: 6 });
  assert.deepEqual(defaults("CR"), { N: 26, M1: 10, M2: 20, M3: 40, M4: 62 });
  assert.deepEqual(defaults("SAR"), { N: 10, S: 2, M: 20 });
});

test("every indicator's descriptor matches what it computes", () => {
  const s = randomWalk(300);
  for (const p of indicators) {
    assert.equal(p.kind, "indicator");
    assert.equal(p.id, p.id.toUpperCase());
    for (const q of p.params) assert.ok(q.default >= (q.min ?? -Infinity) && q.default <= (q.max ?? Infinity), `${p.id}.${q.name}`);
    const out = p.compute(s, {});
    assert.deepEqual(Object.keys(out), [...p.outputs], p.id);
    for (const [name, v] of Object.entries(out)) {
      assert.equal(v.length, s.length, `${p.id}.${name}`);
      assert.ok(
        v.every((x) => Number.isNaN(x) || Number.isFinite(x)),
        `${p.id}.${name} has an infinity`,
      );
      assert.ok(Number.isFinite(v[s.length - 1]!), `${p.id}.${name} has no value on the last bar`);
    }
  }
});

test("parameters override the defaults, by name in any case", () => {
  const s = randomWalk(120);
  const fast = get("MACD").compute(s, { SHORT: 5, LONG: 10, MID: 4 });
  const byFormula = evaluatePlan(compileFormula("DIF:EMA(C,5)-EMA(C,10);DEA:EMA(DIF,4);").plan!, s);
  assertSeries(fast.DIF!, Array.from(byFormula[0]!.values), 1e-12);
  assertSeries(fast.DEA!, Array.from(byFormula[1]!.values), 1e-12);
  assert.notDeepEqual(get("MACD").compute(s, {}).DIF, fast.DIF);
  assert.throws(() => get("MACD").compute(s, { FAST: 5 }), /no parameter FAST/);
});

test("string and structured parameter forms resolve to the same values", () => {
  const lookup = (id: string) => byId.get(id);
  const a = resolveIndicatorRequests(["MACD(5,10,4)", "kdj"], undefined, lookup);
  const b = resolveIndicatorRequests(["MACD", "KDJ"], { macd: { short: 5, LONG: 10, Mid: 4 } }, lookup);
  assert.ok(a.ok && b.ok, "a.ok && b.ok");
  assert.deepEqual(a.value, b.value);
  assert.deepEqual(a.value[0], { id: "MACD", params: { SHORT: 5, LONG: 10, MID: 4 } });
  const s = randomWalk(80);
  const r = a.value[0]!;
  assert.deepEqual(get(r.id).compute(s, r.params), get("MACD").compute(s, { SHORT: 5, LONG: 10, MID: 4 }));
});

// Properties on random valid bars, flat stretches included.
const props = { numRuns: 150, seed: 42 };
const within = (v: Float64Array, lo: number, hi: number) => v.every((x) => Number.isNaN(x) || (x >= lo - 1e-9 && x <= hi + 1e-9));

test("RSI, WR, PSY and MFI stay within 0..100", () => {
  fc.assert(
    fc.property(barsArbitrary, (s) => {
      for (const [id, cols] of [
        ["RSI", ["RSI1", "RSI2", "RSI3"]],
        ["WR", ["WR1", "WR2"]],
        ["PSY", ["PSY"]],
        ["MFI", ["MFI"]],
      ] as const) {
        const out = get(id).compute(s, {});
        for (const c of cols) assert.ok(within(out[c]!, 0, 100), `${id}.${c}`);
      }
    }),
    props,
  );
});

test("BOLL's middle line is MA(C,M) and the bands are symmetric", () => {
  fc.assert(
    fc.property(barsArbitrary, fc.integer({ min: 2, max: 30 }), (s, m) => {
      const b = get("BOLL").compute(s, { M: m });
      const mid = get("MA").compute(s, { M1: m }).MA1!;
      assertSeries(b.BOLL!, Array.from(mid), 1e-12);
      for (let i = 0; i < s.length; i++) {
        if (Number.isNaN(b.BOLL![i]!)) continue;
        assert.ok(Math.abs(b.UB![i]! - b.BOLL![i]! - (b.BOLL![i]! - b.LB![i]!)) < 1e-9, "Math.abs(b.UB![i]! - b.BOLL![i]! - (b.BOLL![i]! - b.LB![i]!)) < 1e-9");
        assert.ok(b.UB![i]! >= b.LB![i]!, "b.UB![i]! >= b.LB![i]!");
      }
    }),
    props,
  );
});

test("KDJ: J = 3K − 2D, and K, D stay within 0..100", () => {
  fc.assert(
    fc.property(barsArbitrary, (s) => {
      const { K, D, J } = get("KDJ").compute(s, {});
      for (let i = 0; i < s.length; i++) {
        const j = 3 * K![i]! - 2 * D![i]!;
        assert.ok(Number.isNaN(j) ? Number.isNaN(J![i]!) : Math.abs(J![i]! - j) < 1e-9, "Number.isNaN(j) ? Number.isNaN(J![i]!) : Math.abs(J![i]! - j) < 1e-9");
      }
      assert.ok(within(K!, 0, 100) && within(D!, 0, 100), "within(K!, 0, 100) && within(D!, 0, 100)");
    }),
    props,
  );
});

test("OBV only moves by the bar's volume; ATR and DMI lines are non-negative", () => {
  fc.assert(
    fc.property(barsArbitrary, (s) => {
      const { OBV } = get("OBV").compute(s, {});
      for (let i = 2; i < s.length; i++) assert.ok([0, s.vol[i], -s.vol[i]!].includes(OBV![i]! - OBV![i - 1]!), "[0, s.vol[i], -s.vol[i]!].includes(OBV![i]! - OBV![i - 1]!)");
      const { MTR, ATR } = get("ATR").compute(s, {});
      assert.ok(within(MTR!, 0, Infinity) && within(ATR!, 0, Infinity), "within(MTR!, 0, Infinity) && within(ATR!, 0, Infinity)");
      const dmi = get("DMI").compute(s, {});
      for (const c of ["PDI", "MDI", "ADX", "ADXR"]) assert.ok(within(dmi[c]!, 0, Infinity), c);
    }),
    props,
  );
});

test("cross-check with technicalindicators: exact where the definitions agree", () => {
  const s = randomWalk(400, 9);
  const [close, high, low, volume] = [s.close, s.high, s.low, s.vol].map((a) => Array.from(a)) as [number[], number[], number[], number[]];
  /** Theirs is shorter (no warm-up values): align the ends; `scale` flips WR's sign, `from` skips warm-up. */
  const check = (label: string, ours: Float64Array, theirs: number[], tol: number, scale = 1, from = 0) => {
    const off = ours.length - theirs.length;
    for (let i = Math.max(off, from); i < ours.length; i++) {
      assert.ok(Math.abs(ours[i]! - scale * theirs[i - off]!) <= tol, `${label} bar ${i}: ${ours[i]} vs ${scale * theirs[i - off]!}`);
    }
  };
  check("MA", get("MA").compute(s, { M1: 7 }).MA1!, ti.SMA.calculate({ values: close, period: 7 }), 1e-9);
  check("CCI", get("CCI").compute(s, {}).CCI!, ti.CCI.calculate({ high, low, close, period: 14 }), 1e-8);
  check("ROC", get("ROC").compute(s, {}).ROC!, ti.ROC.calculate({ values: close, period: 12 }), 1e-9);
  check("WR", get("WR").compute(s, {}).WR1!, ti.WilliamsR.calculate({ high, low, close, period: 10 }), 1e-9, -1);
  check("OBV", get("OBV").compute(s, {}).OBV!, ti.OBV.calculate({ close, volume }), 1e-6);
  // technicalindicators rounds RSI and MFI to 2 decimals, and counts an unchanged typical price as outflow
  // (TDX as TA-Lib counts it as neither), so MFI is compared on bars without such ties
  const untied = { ...s, close: s.close.map((v, i) => v + Math.sin(i) * 1e-6) };
  const untiedClose = Array.from(untied.close);
  check("MFI", get("MFI").compute(untied, {}).MFI!, ti.MFI.calculate({ high, low, close: untiedClose, volume, period: 14 }), 0.006);
  // RSI and MACD differ only in their warm-up seeds
  check("RSI", get("RSI").compute(s, {}).RSI1!, ti.RSI.calculate({ values: close, period: 6 }), 0.006, 1, 100);
  const macd = ti.MACD.calculate({ values: close, fastPeriod: 12, slowPeriod: 26, signalPeriod: 9, SimpleMAOscillator: false, SimpleMASignal: false });
  check(
    "MACD",
    get("MACD").compute(s, {}).DIF!,
    macd.map((m) => m.MACD!),
    1e-6,
    1,
    200,
  );
  check("TRIX", get("TRIX").compute(s, {}).TRIX!, ti.TRIX.calculate({ values: close, period: 12 }), 1e-9, 1, 200);
});

const ORACLE = "oracle/hqchart_macd_kdj_60bars.json";
test("MACD and KDJ plugins reproduce the stored HQChart values (KDJ after warm-up)", { skip: skipUnless(ORACLE) }, () => {
  const o = JSON.parse(readFixtureText(ORACLE)) as { bars: Record<string, number>[]; hqchart: Record<string, number[]> };
  const col = (k: string) => Float64Array.from(o.bars, (b) => b[k]!);
  const s = { length: o.bars.length, time: col("date"), open: col("open"), high: col("high"), low: col("low"), close: col("close"), vol: col("vol"), amount: col("amount") };
  const macd = get("MACD").compute(s, {});
  const kdj = get("KDJ").compute(s, {});
  for (const k of ["DIF", "DEA", "MACD"]) assertSeries(macd[k]!, o.hqchart[k]!, 1e-12, k);
  for (const k of ["K", "D", "J"]) assertSeries(kdj[k]!.slice(45), o.hqchart[k]!.slice(45), 1e-4, k);
});
