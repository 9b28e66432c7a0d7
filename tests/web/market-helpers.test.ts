/** Symbol parsing and search, number formats, route matching and the label tables. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { en, zh } from "../../apps/web/src/app/messages.ts";
import { matchPath } from "../../apps/web/src/app/route-match.ts";
import { compact, fixed, fractionPct, pct, signed, tick, trend } from "../../apps/web/src/market/format.ts";
import { searchSecurities } from "../../apps/web/src/market/security-search.ts";
import { inferMarket, isIndex, MAJOR_INDICES, parseSymbol } from "../../apps/web/src/market/symbols.ts";

test("symbols are read in every usual spelling; a bare code goes to the market where it trades", () => {
  assert.deepEqual(parseSymbol("SZ000001"), { market: "SZ", code: "000001" });
  assert.deepEqual(parseSymbol(" sh:600519 "), { market: "SH", code: "600519" });
  assert.deepEqual(parseSymbol("000001.SH"), { market: "SH", code: "000001" });
  assert.deepEqual(parseSymbol("000001"), { market: "SZ", code: "000001" }, "Ping An Bank, not the SSE Composite");
  assert.deepEqual(parseSymbol("600000"), { market: "SH", code: "600000" });
  assert.deepEqual(parseSymbol("399006"), { market: "SZ", code: "399006" });
  assert.equal(parseSymbol("60000"), null);
  assert.equal(parseSymbol("HK00700"), null);
  assert.equal(inferMarket("510300"), "SH");
  assert.equal(inferMarket("920001"), "BJ");
  assert.ok(MAJOR_INDICES.every(isIndex), "MAJOR_INDICES.every(isIndex)");
  assert.equal(isIndex({ market: "SZ", code: "000001" }), false);
});

test("search ranks exact codes, then code prefixes, then names, and always offers a typed symbol", () => {
  const all = [
    { market: "SH" as const, code: "000001", name: "上证指数" },
    { market: "SZ" as const, code: "000001", name: "平安银行" },
    { market: "SZ" as const, code: "000002", name: "万科A" },
    { market: "SH" as const, code: "601318", name: "中国平安" },
  ];
  assert.deepEqual(
    searchSecurities(all, "000001").map((s) => `${s.market}${s.code}`),
    ["SH000001", "SZ000001"],
  );
  assert.deepEqual(
    searchSecurities(all, "sz00").map((s) => s.code),
    ["000001", "000002"],
  );
  assert.deepEqual(
    searchSecurities(all, "平安").map((s) => s.name),
    ["平安银行", "中国平安"],
  );
  assert.deepEqual(searchSecurities(all, "600519"), [{ market: "SH", code: "600519", name: "" }]);
  assert.deepEqual(searchSecurities(all, "  "), []);
  assert.equal(searchSecurities(all, "0", 2).length, 2);
});

test("numbers: fixed decimals, signed percent, compact magnitudes in both languages, dash for missing", () => {
  assert.equal(fixed(12.345, 2), "12.35");
  assert.equal(fixed(null), "–");
  assert.equal(fixed(Number.NaN), "–");
  assert.equal(pct(1.234), "+1.23%");
  assert.equal(pct(-0.5), "-0.50%");
  assert.equal(fractionPct(0.0463), "+4.63%");
  assert.equal(signed(0), "0.00");
  assert.equal(compact(123_456_789, "zh"), "1.23亿");
  assert.equal(compact(45_678, "zh"), "4.57万");
  assert.equal(compact(123_456_789, "en"), "123M");
  assert.equal(compact(-2_500, "en"), "-2.50K");
  assert.equal(compact(999, "en"), "999");
  assert.equal(trend(0.1), "up");
  assert.equal(trend(-3), "down");
  assert.equal(trend(undefined), "flat");
});

test("routes: fixed segments, optional parameters, decoded values, nothing else", () => {
  const defs = [{ path: "/" }, { path: "/symbol/:symbol?" }, { path: "/formula" }];
  assert.deepEqual(matchPath(defs, "/"), { def: defs[0], params: {} });
  assert.deepEqual(matchPath(defs, "/symbol"), { def: defs[1], params: {} });
  assert.deepEqual(matchPath(defs, "/symbol/SZ000001"), { def: defs[1], params: { symbol: "SZ000001" } });
  assert.deepEqual(matchPath(defs, "/symbol/a%20b"), { def: defs[1], params: { symbol: "a b" } });
  assert.equal(matchPath(defs, "/symbol/a/b"), null);
  assert.equal(matchPath(defs, "/nope"), null);
  assert.equal(matchPath(defs, "/symbol/%E0%A4%A"), null, "malformed escapes match nothing");
});

test("every label exists in both languages with the same placeholders", () => {
  const vars = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const key of Object.keys(en) as (keyof typeof en)[]) {
    assert.ok(zh[key].trim() !== "", `zh ${key} empty`);
    assert.deepEqual(vars(zh[key]), vars(en[key]), key);
  }
  assert.deepEqual(Object.keys(zh).sort(), Object.keys(en).sort());
});

test("pinyin initials read polyphonic characters in context, as TDX's keyboard wizard does", async () => {
  const { initialsOf } = await import("../../apps/web/src/market/pinyin-initials.ts");
  const known: Record<string, string> = {
    浦发银行: "PFYH", // 行 is hang in 银行, not xing
    平安银行: "PAYH",
    长江电力: "CJDL", // 长 is chang, not zhang
    重庆啤酒: "CQPJ", // 重 is chong, not zhong
    中国银行: "ZGYH",
    贵州茅台: "GZMT",
    万科A: "WKA",
    "*ST国华": "STGH",
  };
  for (const [name, initials] of Object.entries(known)) assert.equal(initialsOf(name), initials, name);
});

test("search finds names by pinyin initials in any case, after code and name matches", async () => {
  const { initialsOf } = await import("../../apps/web/src/market/pinyin-initials.ts");
  const all = [
    { market: "SH" as const, code: "600000", name: "浦发银行" },
    { market: "SZ" as const, code: "000001", name: "平安银行" },
    { market: "SH" as const, code: "601318", name: "中国平安" },
    { market: "SH" as const, code: "600016", name: "民生银行" },
  ];
  const keys = (q: string) => searchSecurities(all, q, 12, initialsOf).map((s) => s.name);
  assert.deepEqual(keys("pfyh"), ["浦发银行"]);
  assert.deepEqual(keys("PAYH"), ["平安银行"]);
  assert.deepEqual(keys("pa"), ["平安银行", "中国平安"], "initials that start with the query rank before those containing it");
  assert.deepEqual(keys("YH"), ["平安银行", "浦发银行", "民生银行"], "contained initials, by code");
  assert.deepEqual(
    searchSecurities(all, "pfyh").map((s) => s.name),
    [],
    "without the initials there is no pinyin match",
  );
});

test("axis ticks drop the zeros compact numbers pad with, so one axis reads 50万, 100万, 150万", () => {
  assert.deepEqual(
    [5e5, 1e6, 1.5e6].map((v) => tick(compact(v, "zh"))),
    ["50万", "100万", "150万"],
  );
  assert.deepEqual(
    [5e5, 1e6, 1.5e6].map((v) => tick(compact(v, "en"))),
    ["500K", "1M", "1.5M"],
  );
  assert.deepEqual(["34.95万", "-0.30", "0.6", "10", "2.90亿"].map(tick), ["34.95万", "-0.3", "0.6", "10", "2.9亿"]);
});
