/**
 * Pydantic's lax mode (adapters/http/validation/lax-values.ts), which FastAPI
 * validates the original service's requests with: the text rules against a
 * table of pydantic 2.13.4's own answers (each row run through
 * `BaseModel.model_validate` with an `int`, `float` or `bool` field), a
 * property of the rules against numbers written out by hand in the forms a
 * client may use, and over real HTTP: a body whose numbers and booleans are
 * strings gets the same answer as the typed body, on a route with a JSON body
 * and on one whose records are read into columns, a bound broken by a
 * converted value echoes the string as sent, and what pydantic refuses is a
 * 422 with pydantic's type name.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { boolFromText, intFromText, laxBool, laxNumber, numberFromText } from "../../adapters/http/validation/lax-values.ts";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";

// pydantic 2.13.4: the value an `int` field takes from the text, or null for int_parsing
const INT_ROWS: readonly [string, number | null][] = [
  ["50", 50],
  [" 50 ", 50],
  ["\t50\n", 50],
  ["\u00a050", 50],
  ["\u300050", 50],
  ["+50", 50],
  ["-5", -5],
  ["0050", 50],
  ["-0", 0],
  ["50.0", 50],
  ["50.00", 50],
  ["-50.000", -50],
  ["1_000", 1000],
  ["1_0.0", 10],
  ["50.5", null],
  ["50.01", null],
  ["50.", null],
  [".0", null],
  ["5e1", null],
  ["50.0e0", null],
  ["1__0", null],
  ["_10", null],
  ["10_", null],
  ["50.0_0", null],
  ["", null],
  ["0x10", null],
  ["+-5", null],
  ["5 0", null],
  ["٥٠", null],
  ["inf", null],
  ["nan", null],
];
// pydantic 2.13.4: the value a `float` field takes from the text, or null for float_parsing
const NUMBER_ROWS: readonly [string, number | null][] = [
  ["1.5", 1.5],
  [" 1.5 ", 1.5],
  ["\u00a01.5", 1.5],
  ["+1.5", 1.5],
  ["1e3", 1000],
  [".5", 0.5],
  ["5.", 5],
  ["5.e1", 50],
  ["-0.0", -0],
  ["1_000.000_1", 1000.0001],
  ["1e1_0", 1e10],
  ["", null],
  ["0x1", null],
  ["0x1p3", null],
  ["1__0", null],
  ["_1", null],
  ["1_", null],
  ["e5", null],
  ["1.5f", null],
  ["١", null],
];
// pydantic 2.13.4: the value a `bool` field takes from the text, or null for bool_parsing
const BOOL_ROWS: readonly [string, boolean | null][] = [
  ["true", true],
  ["True", true],
  ["TRUE", true],
  ["yes", true],
  ["on", true],
  ["1", true],
  ["t", true],
  ["y", true],
  ["0", false],
  ["f", false],
  ["n", false],
  ["off", false],
  ["no", false],
  ["false", false],
  [" true", null],
  ["2", null],
  ["", null],
];

describe("lax values: pydantic's text rules", () => {
  test("integers, numbers and booleans from text: pydantic 2.13's answers", () => {
    for (const [text, want] of INT_ROWS) assert.equal(intFromText(text) ?? null, want, JSON.stringify(text));
    for (const [text, want] of NUMBER_ROWS) assert.equal(numberFromText(text) ?? null, want, JSON.stringify(text));
    for (const [text, want] of BOOL_ROWS) assert.equal(boolFromText(text) ?? null, want, JSON.stringify(text));
  });

  test("non-text values: booleans are 1 and 0 in a number field; 1 and 0 are booleans in a boolean field", () => {
    // pydantic 2.13: int ← True = 1, float ← True = 1.0; bool ← 1 / 0 / 1.0; bool ← 2 is bool_parsing, 0.5 bool_type
    assert.equal(laxNumber(true, true), 1);
    assert.equal(laxNumber(false, false), 0);
    assert.equal(laxBool(1), true);
    assert.equal(laxBool(0), false);
    assert.equal(laxBool(2), 2);
    assert.equal(laxBool(0.5), 0.5);
    assert.equal(laxNumber(null, true), null);
    assert.equal(laxBool(null), null);
  });

  test("an integer reads back from its digits grouped by underscores, signed, zero-decimalled and padded", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.nat(3), fc.boolean(), fc.constantFrom("", " ", "\t"), (n, zeros, plus, pad) => {
        const digits = (n < 0n ? -n : n).toString();
        // groups of three from the right, as a person writes them
        let grouped = "";
        for (let i = 0; i < digits.length; i++) grouped += (i > 0 && (digits.length - i) % 3 === 0 ? "_" : "") + digits[i];
        const sign = n < 0n ? "-" : plus ? "+" : "";
        const text = `${pad}${sign}${grouped}${zeros > 0 ? `.${"0".repeat(zeros)}` : ""}${pad}`;
        assert.equal(intFromText(text), Number(n), text);
        assert.equal(numberFromText(text), Number(n), text);
      }),
    );
  });

  test("a finite number reads back from the text JavaScript writes for it", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        // String(-0) is "0"
        assert.ok(numberFromText(String(x)) === x, String(x));
      }),
    );
  });
});

describe("lax values over HTTP", () => {
  let s: TestServer;
  // Friday 2026-11-20 14:00 in Shanghai.
  before(async () => (s = await startTestServer({ clock: new FakeClock(Date.UTC(2026, 10, 20, 6, 0)) })));
  after(() => s.dispose());
  const post = (path: string, json: unknown) => call(s.url, "POST", path, { json });

  test("a JSON body with its numbers and booleans as text gets the typed body's answer", async () => {
    const text = "DIF:EMA(CLOSE,12)-EMA(CLOSE,26);\nDEA:EMA(DIF,9);";
    const typed = await post("/api/v1/formula/compute", { text, symbol: "SZ:000001", count: 300, tail: 3, plot: true, params: { N: 5 } });
    const lax = await post("/api/v1/formula/compute", { text, symbol: "SZ:000001", count: "300", tail: " 3.0 ", plot: "yes", params: { N: "5" } });
    assert.equal(typed.status, 200);
    assert.equal(typed.body.count, 300);
    assert.deepEqual(lax.body, typed.body);
    const flags = await post("/api/v1/formula/compute", { text, symbol: "SZ:000001", count: 300, tail: true, plot: 1 });
    assert.deepEqual(flags.body, (await post("/api/v1/formula/compute", { text, symbol: "SZ:000001", count: 300, tail: 1, plot: true })).body);
  });

  test("inline records read into columns: the rest of the body is lax too", async () => {
    const ohlcv = Array.from({ length: 60 }, (_, i) => {
      const c = 10 + Math.sin(i / 5);
      return { date: new Date(Date.UTC(2024, 0, 2 + i)).toISOString().slice(0, 10), open: c, high: c + 0.2, low: c - 0.2, close: c, vol: 1000 + i };
    });
    const body = { strategy: "ma_cross", ohlcv, initial_cash: 100_000 };
    const typed = await post("/api/v1/backtest/run", body);
    assert.equal(typed.status, 200, JSON.stringify(typed.body).slice(0, 300));
    const lax = await post("/api/v1/backtest/run", { ...body, initial_cash: "100_000.0" });
    assert.deepEqual(lax.body, typed.body);
  });

  test("a bound broken by a converted value echoes the text as sent", async () => {
    const r = await post("/api/v1/formula/compute", { text: "A:C;", symbol: "SZ:000001", count: "5000" });
    assert.equal(r.status, 422);
    assert.equal(r.body.detail.length, 1);
    const { type, loc, msg, input } = r.body.detail[0];
    assert.deepEqual({ type, loc, msg, input }, { type: "less_than_equal", loc: ["body", "count"], msg: "Input should be less than or equal to 2000", input: "5000" });
  });

  test("what pydantic refuses is a 422 with its type name", async () => {
    const item = async (json: Record<string, unknown>) => (await post("/api/v1/formula/compute", { text: "A:C;", symbol: "SZ:000001", ...json })).body.detail[0];
    assert.equal((await item({ count: "300.5" })).type, "int_parsing");
    assert.equal((await item({ count: "3e2" })).type, "int_parsing");
    assert.equal((await item({ count: 300.5 })).type, "int_from_float");
    assert.equal((await item({ plot: "maybe" })).type, "bool_parsing");
    assert.equal((await item({ plot: " true" })).type, "bool_parsing");
    assert.equal((await item({ plot: 2 })).type, "bool_parsing");
    assert.equal((await item({ plot: 0.5 })).type, "bool_type");
    assert.equal((await item({ symbol: 1 })).type, "string_type");
  });

  test("query values: the same text rules", async () => {
    const typed = await call(s.url, "GET", "/api/v1/bars?market=SZ&code=000001&count=120");
    assert.equal(typed.status, 200);
    assert.deepEqual((await call(s.url, "GET", "/api/v1/bars?market=SZ&code=000001&count=1_20.0")).body, typed.body);
    const bad = await call(s.url, "GET", "/api/v1/bars?market=SZ&code=000001&count=12e1");
    assert.equal(bad.status, 422);
    assert.equal(bad.body.detail[0].type, "int_parsing");
  });
});
