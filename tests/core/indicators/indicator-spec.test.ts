import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { parseIndicatorCall, parseIndicatorList, resolveIndicatorParams, resolveIndicatorRequests, type ParamDecl } from "../../../core/indicators/indicator-spec.ts";

const MACD: readonly ParamDecl[] = [
  { name: "SHORT", default: 12, min: 1, max: 200 },
  { name: "LONG", default: 26, min: 1, max: 200 },
  { name: "MID", default: 9, min: 1, max: 200 },
];

test("the TDX call form: NAME or NAME(a,b,...)", () => {
  assert.deepEqual(parseIndicatorCall("MACD(12,26,9)"), { ok: true, value: { name: "MACD", args: [12, 26, 9] } });
  assert.deepEqual(parseIndicatorCall(" kdj "), { ok: true, value: { name: "KDJ", args: [] } });
  assert.deepEqual(parseIndicatorCall("BOLL( 20 )"), { ok: true, value: { name: "BOLL", args: [20] } });
  assert.deepEqual(parseIndicatorCall("SAR(10,2.5,20)"), { ok: true, value: { name: "SAR", args: [10, 2.5, 20] } });
  assert.deepEqual(parseIndicatorCall("RSI()"), { ok: true, value: { name: "RSI", args: [] } });
  assert.equal(parseIndicatorCall("MACD(12,x)").ok, false);
  assert.equal(parseIndicatorCall("MACD(12,26").ok, false);
  assert.equal(parseIndicatorCall("").ok, false);
});

test("lists split on commas and semicolons outside parentheses", () => {
  const r = parseIndicatorList("MACD(12,26,9), KDJ; BOLL(20)");
  assert.ok(r.ok, "r.ok");
  assert.deepEqual(
    r.value.map((c) => c.name),
    ["MACD", "KDJ", "BOLL"],
  );
  assert.deepEqual(r.value[0]!.args, [12, 26, 9]);
  const bad = parseIndicatorList("MACD(a), KDJ(9,x)");
  assert.equal(bad.ok, false);
  if (!bad.ok)
    assert.deepEqual(
      bad.errors.map((e) => e.path),
      [[0], [1]],
    );
});

test("positional values fill parameters in order, the rest keep their defaults", () => {
  assert.deepEqual(resolveIndicatorParams("MACD", MACD, [5]), { ok: true, value: { SHORT: 5, LONG: 26, MID: 9 } });
  assert.deepEqual(resolveIndicatorParams("MACD", MACD), { ok: true, value: { SHORT: 12, LONG: 26, MID: 9 } });
});

test("named values (any case) override positional ones", () => {
  assert.deepEqual(resolveIndicatorParams("MACD", MACD, [5, 10, 4], { mid: 7 }), { ok: true, value: { SHORT: 5, LONG: 10, MID: 7 } });
});

const messages = (r: { ok: boolean; errors?: readonly { message: string }[] }) => (r.errors ?? []).map((e) => e.message).join("\n");

test("too many values, unknown names, non-finite and out-of-range values are errors, located", () => {
  const r = resolveIndicatorParams("MACD", MACD, [1, 2, 3, 4], { FAST: 3, LONG: Infinity, mid: 0 });
  assert.equal(r.ok, false);
  if (!r.ok) {
    assert.match(messages(r), /MACD takes 3 parameters \(SHORT,LONG,MID\) but was given 4/);
    assert.match(messages(r), /MACD has no parameter FAST/);
    assert.match(messages(r), /MACD.LONG must be a finite number/);
    assert.match(messages(r), /MACD.MID must be between 1 and 200, not 0/);
    assert.deepEqual(
      r.errors.map((e) => e.path),
      [[], ["FAST"], ["LONG"], ["mid"]],
    );
  }
  const positional = resolveIndicatorParams("MACD", MACD, [0]);
  assert.ok(!positional.ok && positional.errors[0]!.path.length === 0, "!positional.ok && positional.errors[0]!.path.length === 0");
});

test("requests: string forms and the structured map resolve together", () => {
  const lookup = (id: string) => (id === "MACD" ? { params: MACD } : id === "KDJ" ? { params: [] } : undefined);
  const ok = resolveIndicatorRequests(["MACD(5)", "kdj"], { MACD: { LONG: 30 } }, lookup);
  assert.deepEqual(ok, {
    ok: true,
    value: [
      { id: "MACD", params: { SHORT: 5, LONG: 30, MID: 9 } },
      { id: "KDJ", params: {} },
    ],
  });
  const bad = resolveIndicatorRequests(["FOO", "MACD(1,2,3,4)", "macd"], { RSI: { N1: 3 }, Macd: { Fast: 2 } }, lookup);
  assert.equal(bad.ok, false);
  if (!bad.ok) {
    assert.match(messages(bad), /unknown indicator FOO/);
    assert.match(messages(bad), /MACD is requested twice/);
    assert.match(messages(bad), /params given for RSI, which is not among the requested indicators/);
    assert.deepEqual(
      bad.errors.map((e) => e.path),
      [
        ["indicators", 0],
        ["indicators", 1],
        ["params", "Macd", "Fast"],
        ["indicators", 2],
        ["params", "RSI"],
      ],
    );
  }
});

test("the call form round-trips any valid positional list", () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 1, max: 200 }), { maxLength: 3 }), (args) => {
      const text = args.length ? `macd(${args.join(", ")})` : "macd";
      const call = parseIndicatorCall(text);
      assert.ok(call.ok, "call.ok");
      const r = resolveIndicatorParams(call.value.name, MACD, call.value.args);
      assert.ok(r.ok, "r.ok");
      assert.deepEqual(Object.values(r.value), [args[0] ?? 12, args[1] ?? 26, args[2] ?? 9]);
    }),
    { numRuns: 100, seed: 3 },
  );
});
