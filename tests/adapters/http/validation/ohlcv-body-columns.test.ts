/**
 * The column reader of large bodies against the ordinary path it stands in
 * for (the depth check, JSON.parse, the schema's bounds and parseOhlcvRecords):
 * on random bodies, plain and spoiled, it either gives exactly the same bars
 * and the same other fields, or declines; it never throws and never accepts
 * what the ordinary path refuses.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { type ColumnField, readColumnBody } from "../../../../adapters/http/validation/ohlcv-body-columns.ts";
import { jsonDeeperThan, MAX_JSON_DEPTH } from "../../../../adapters/http/validation/json-depth.ts";
import { parseOhlcvRecords } from "../../../../core/app/bars/ohlcv-records.ts";
import type { BarSeries } from "../../../../core/bars/series.ts";

const FIELD: ColumnField = { name: "ohlcv", min: 2, max: 40 };

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** The reader on `text` sent as UTF-8 (a lone surrogate goes as U+FFFD, as TextEncoder writes it). */
const read = (text: string, field: ColumnField = FIELD) => readColumnBody(encoder.encode(text), field);
const COLUMNS = ["time", "open", "high", "low", "close", "vol", "amount"] as const;

/** What the ordinary path makes of `text`: the bars when it accepts the records, with the body; else why not. */
function ordinary(text: string, field: ColumnField): { body: Record<string, unknown>; series: BarSeries } | string {
  if (jsonDeeperThan(text, MAX_JSON_DEPTH)) return "too deep";
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "not JSON";
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) return "not an object";
  const rows = (body as Record<string, unknown>)[field.name];
  if (!Array.isArray(rows) || rows.length < field.min || rows.length > field.max) return "no records in bounds";
  const r = parseOhlcvRecords(rows, field.name);
  return r.ok ? { body: body as Record<string, unknown>, series: r.series } : "records refused";
}

/** Checks the reader on `text`; returns whether it took the body. */
function check(text: string, field: ColumnField = FIELD): boolean {
  return checkBytes(encoder.encode(text), field);
}

/** {@link check} of a body's bytes, against the ordinary path on their text (decoded as the request's text is). */
function checkBytes(bytes: Uint8Array, field: ColumnField = FIELD): boolean {
  const fast = readColumnBody(bytes, field);
  if (fast === undefined) return false;
  const text = decoder.decode(bytes);
  const ref = ordinary(text, field);
  assert.ok(typeof ref !== "string", `the reader took a body the ordinary path refuses (${ref}): ${text.slice(0, 300)}`);
  assert.equal(fast.series.length, ref.series.length, "bar count");
  for (const col of COLUMNS) for (let i = 0; i < ref.series.length; i++) assert.ok(Object.is(fast.series[col][i], ref.series[col][i]), `${col}[${i}]: ${fast.series[col][i]} vs ${ref.series[col][i]}`);
  assert.deepEqual(JSON.parse(fast.rest), { ...ref.body, [field.name]: [null, null] }, "the other fields as JSON.parse reads them");
  return true;
}

/** `arb` once in `k + 1` draws, else undefined. */
const rarely = <T>(arb: fc.Arbitrary<T>, k: number) => fc.oneof({ weight: k, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

/** Whitespace JSON allows between tokens (mostly none). */
const ws = fc.oneof({ weight: 6, arbitrary: fc.constant("") }, fc.constantFrom(" ", "\n", "\t", "\r\n  "));

/** A number as clients write it, in one of JSON's spellings; `Number` of the text is its value. */
const numberText = fc.oneof(
  fc.integer({ min: 1, max: 99_999 }).map((k) => String(k / 100)),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.double({ min: 1e-3, max: 1e6, noNaN: true }).chain((x) => fc.integer({ min: 0, max: 20 }).map((k) => x.toExponential(k))),
  fc.double({ min: 0, max: 1e6, noNaN: true }).chain((x) => fc.integer({ min: 0, max: 20 }).map((k) => x.toFixed(k))),
  fc.double({ min: 0, max: 1e6, noNaN: true }).chain((x) => fc.integer({ min: 1, max: 21 }).map((k) => x.toPrecision(k))),
  fc.constantFrom(
    "0",
    "-0",
    "-0.0",
    "0e5",
    "1E+2",
    "1e-400",
    "12.5e-1",
    "0.000000000000000000000001",
    "123456789012345678901234567890",
    "9007199254740993",
    "1.7976931348623157e308",
    "5e-324",
    "2.2250738585072011e-308",
  ),
);

/** Texts that are not a plain finite number: refused by the reader, and some by JSON too. */
const spoiledValue = fc.constantFrom('"10.5"', "null", "true", "[]", "{}", "1e400", "-1e999", "01", "1.", ".5", "+1", "0x10", "NaN", "Infinity", "1e", "--1", '"1"');

interface Row {
  entries: [string, string][];
}

const SPOILS = [
  "drop-open",
  "drop-time",
  "low-above-high",
  "volume-alias",
  "extra-key",
  "second-time-key",
  "duplicate-key",
  "escaped-key",
  "escaped-date",
  "slash-date",
  "compact-date",
  "time-of-day",
  "date-as-number",
] as const;
const anySpoil = fc.oneof(
  fc.constantFrom(...SPOILS),
  spoiledValue.map((v) => `value:${v}`),
);

/** A random record: one time key, prices in order, optional vol and amount, then the spoiling change if one is given. */
const rowArb = (timeKey: string, day: number, spoilArb: fc.Arbitrary<string | undefined>) =>
  fc
    .record({
      lo: numberText,
      span: fc.integer({ min: 0, max: 500 }),
      open: numberText,
      close: numberText,
      vol: fc.option(numberText, { nil: undefined }),
      amount: fc.option(numberText, { nil: undefined }),
      spoil: spoilArb,
      order: fc.integer({ min: 0, max: 5 }),
    })
    .map(({ lo, span, open, close, vol, amount, spoil, order }) => {
      const low = Number(lo);
      const high = Number.isFinite(low) ? String(low + span / 100) : lo;
      const date = new Date(Date.UTC(2001, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
      const e: [string, string][] = [
        [timeKey, JSON.stringify(date)],
        ["open", open],
        ["high", spoil === "low-above-high" ? String(low - Math.max(1, Math.abs(low) / 2)) : high],
        ["low", lo],
        ["close", close],
      ];
      if (vol !== undefined) e.push(["vol", vol]);
      if (amount !== undefined) e.push(["amount", amount]);
      for (let k = 0; k < order; k++) e.push(e.shift()!);
      const at = (key: string) => e.findIndex(([k]) => k === key);
      switch (spoil) {
        case undefined:
        case "low-above-high": // done above
          break;
        case "drop-open":
          e.splice(at("open"), 1);
          break;
        case "drop-time":
          e.splice(at(timeKey), 1);
          break;
        case "volume-alias":
          e.push(["volume", "100"]);
          break;
        case "extra-key":
          e.push(["note", '"中文\\u4e2d"']);
          break;
        case "second-time-key":
          e.push([timeKey === "date" ? "datetime" : "date", JSON.stringify(date)]);
          break;
        case "duplicate-key":
          e.push(["close", "1"]);
          break;
        case "escaped-key":
          e[at("open")]![0] = "op\\u0065n";
          break;
        case "escaped-date":
          e[at(timeKey)]![1] = JSON.stringify(date).replace("-", "\\u002d");
          break;
        case "slash-date":
          e[at(timeKey)]![1] = JSON.stringify(date.replaceAll("-", "/"));
          break;
        case "compact-date":
          e[at(timeKey)]![1] = JSON.stringify(date.replaceAll("-", ""));
          break;
        case "time-of-day":
          e[at(timeKey)]![1] = JSON.stringify(`${date} 09:30`);
          break;
        case "date-as-number":
          e[at(timeKey)]![1] = date.replaceAll("-", "");
          break;
        default:
          e[at("close")]![1] = spoil.slice("value:".length);
      }
      return { row: { entries: e } as Row, plain: spoil === undefined };
    });

/** Any JSON value for the other fields, nested up to `depth`. */
const junk = (depth: number): fc.Arbitrary<unknown> =>
  depth === 0
    ? fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), fc.constant('\u2028\ud800 \\ " /'))
    : fc.oneof(junk(0), fc.array(junk(depth - 1), { maxLength: 3 }), fc.dictionary(fc.string(), junk(depth - 1), { maxKeys: 3 }));

/** A top-level key the reader declines (any key with an escape): this one reads as "ohlcv". */
const ESCAPED_KEY = "ohl\\u0063v";

/** `v` inside `n` arrays. */
const nest = (n: number, v: string) => "[".repeat(n) + v + "]".repeat(n);

const bodyArb = fc
  .record({
    timeKey: fc.constantFrom("datetime", "date", "trade_date", "time"),
    steps: fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 0, maxLength: 45 }),
    // at most one record spoilt, at most one step out of order: a body is often plain, and when not, one thing decides
    spoilAt: fc.option(fc.double({ min: 0, max: 0.999, noNaN: true }), { freq: 2, nil: undefined }),
    disorderAt: rarely(fc.record({ at: fc.nat(50), step: fc.constantFrom(0, -1, -30) }), 3),
  })
  .chain(({ timeKey, steps, spoilAt, disorderAt }) => {
    if (disorderAt !== undefined && disorderAt.at < steps.length) steps[disorderAt.at] = disorderAt.step;
    let day = 0;
    const days = steps.map((s) => (day += s));
    return fc.record({
      rows: fc.tuple(...days.map((d, i) => rowArb(timeKey, d, spoilAt !== undefined && i === Math.floor(spoilAt * days.length) ? anySpoil : fc.constant(undefined)))),
      ordered: fc.constant(steps.every((s) => s > 0)),
      others: fc.dictionary(fc.constantFrom("strategy", "params", "cash", "symbol", "note", "x", ESCAPED_KEY), junk(3), { maxKeys: 4 }),
      deep: rarely(fc.integer({ min: MAX_JSON_DEPTH - 3, max: MAX_JSON_DEPTH + 2 }), 5),
      place: fc.integer({ min: 0, max: 5 }),
      twice: fc.integer({ min: 0, max: 19 }).map((k) => k === 0),
      ws,
      ws2: ws,
      cut: rarely(fc.double({ min: 0, max: 1, noNaN: true }), 10),
      tail: rarely(fc.constantFrom("x", ",", " {}", "\u0000", "]"), 15),
      bom: fc.integer({ min: 0, max: 19 }).map((k) => k === 0),
    });
  })
  .map(({ rows, ordered, others, deep, place, twice, ws: w, ws2, cut, tail, bom }) => {
    const records = `[${w}${rows.map(({ row }) => `{${w}${row.entries.map(([k, v]) => `"${k}"${ws2}:${w}${v}`).join(`,${ws2}`)}${w}}`).join(`,${w}`)}${ws2}]`;
    const parts = Object.entries(others).map(([k, v]) => `"${k}":${JSON.stringify(v)}`);
    if (deep !== undefined) parts.push(`"nested":${nest(deep - 1, "1")}`); // deep − 1 arrays inside the body's object: depth `deep`
    parts.splice(Math.min(place, parts.length), 0, `"ohlcv"${w}:${ws2}${records}`);
    if (twice) parts.push(`"ohlcv":${records}`);
    let text = `${bom ? "\ufeff" : ""}${w}{${ws2}${parts.join(`,${w}`)}${w}}${ws2}`;
    if (cut !== undefined) text = text.slice(0, Math.floor(cut * text.length));
    if (tail !== undefined) text += tail;
    const plain = rows.every((r) => r.plain) && ordered && rows.length >= FIELD.min && rows.length <= FIELD.max;
    const clean = plain && !(ESCAPED_KEY in others) && (deep === undefined || deep <= MAX_JSON_DEPTH) && !twice && cut === undefined && tail === undefined && !bom;
    return { text, clean };
  });

test("random bodies: the reader's bars and fields are the ordinary path's, or it declines; plain bodies are taken", () => {
  let taken = 0;
  fc.assert(
    fc.property(bodyArb, ({ text, clean }) => {
      const took = check(text);
      if (clean) assert.ok(took, `a plain body was declined: ${text.slice(0, 300)}`);
      if (took) taken++;
    }),
    { numRuns: 3000, endOnFailure: true },
  );
  assert.ok(taken > 300, `the reader took only ${taken} of 3000 bodies`);
});

test("numbers in every JSON spelling read as JSON.parse reads them", () => {
  fc.assert(
    fc.property(numberText, numberText, (a, b) => {
      const text = `{"ohlcv":[{"date":"2020-01-01","open":1,"high":1,"low":1,"close":1,"vol":${a},"amount":${b}},{"date":"2020-01-02","open":1,"high":1,"low":1,"close":1,"vol":${b}}]}`;
      const took = check(text);
      assert.equal(took, Number.isFinite(JSON.parse(a)) && Number.isFinite(JSON.parse(b)), `${a}, ${b}`);
    }),
    { numRuns: 20_000 },
  );
});

const plainBody = (n: number) =>
  JSON.stringify({ strategy: "ma_cross", ohlcv: Array.from({ length: n }, (_, i) => ({ date: `2020-01-${String(i + 1).padStart(2, "0")}`, open: 1.5, high: 2, low: 1, close: 1.25, vol: 100 })) });

test("a truncated body, at every length, is declined (the ordinary path answers it)", () => {
  const text = plainBody(3);
  assert.ok(check(text), "the whole body is taken");
  for (let k = 0; k < text.length; k++) assert.equal(read(text.slice(0, k), FIELD), undefined, `prefix of ${k}`);
});

test("each spoiling change to one record of a plain body is declined", () => {
  const records = (rows: Row[]) => `{"ohlcv":[${rows.map((r) => `{${r.entries.map(([k, v]) => `"${k}":${v}`).join(",")}}`).join(",")}]}`;
  for (const spoil of [...SPOILS, ...["null", '"10.5"', "1e400", "true", "{}"].map((v) => `value:${v}`)])
    fc.assert(
      fc.property(rowArb("date", 0, fc.constant(undefined)), rowArb("date", 1, fc.constant(spoil)), (a, b) => {
        assert.ok(check(records([a.row, a.row].map((r, i) => ({ entries: r.entries.map(([k, v]) => [k, k === "date" ? `"2000-01-0${i + 1}"` : v]) })))), "the plain pair is taken");
        const text = records([a.row, b.row]);
        check(text);
        assert.equal(read(text, FIELD), undefined, `${spoil}: ${text}`);
      }),
      { numRuns: 50 },
    );
});

test("hostile bodies are declined without throwing or hanging", () => {
  const rows = '[{"date":"2020-01-01","open":1,"high":1,"low":1,"close":1},{"date":"2020-01-02","open":1,"high":1,"low":1,"close":1}]';
  const hostile = [
    `{"ohlcv":${rows},"x":${"[".repeat(100_000)}}`,
    `{"ohlcv":${rows},"x":${nest(MAX_JSON_DEPTH, "1")}}`,
    `{"ohlcv":${rows.replace('"open":1', `"open":${"9".repeat(100_000)}`)}}`,
    `{"ohlcv":${rows.replace('"open":1', '"open":1e99999999999999999999')}}`,
    `{"ohlcv":${rows.replace('"x"', "")},"s":"\\u12"}`,
    `{"ohlcv":${rows},"s":"${"\\".repeat(3)}"}`,
    `{"ohlcv":${rows},"s":"a\u0001b"}`,
    `{"ohlcv":${rows}}}`,
    `{"ohlcv":${rows}`,
    `{"ohlcv":${rows.slice(0, -1)}`,
    `{"ohlcv":${rows},}`,
    `{"ohlcv":${rows.replace("},{", "},,{")}}`,
    `{"ohlcv":${rows.replace("},{", "}{")}}`,
    `{"ohlcv":${rows.replace('"2020-01-02"', '"2020-01-0')}}`,
    `{"ohlcv":${rows.replace('"2020-01-02"', '"2020-02-30"')}}`,
    `{"ohlcv":${rows.replace('"2020-01-02"', '"2020-01-02\\"')}}`,
    '{"ohlcv":[{"date":"2020-01-01","open":1,"high":1,"low":1,"close":1}]}',
    '{"ohlcv":[]}',
    '{"ohlcv":null}',
    `{"ohl\\u0063v":${rows}}`,
    `[${rows}]`,
    rows,
    "",
    "{",
    "{}",
  ];
  for (const text of hostile) check(text);
  for (const text of hostile.slice(0, 5)) assert.equal(read(text, FIELD), undefined, text.slice(0, 80));
});

test("the bounds: `max` records are taken, one more is declined; nesting to the depth limit is taken, one deeper declined", () => {
  const field: ColumnField = { name: "ohlcv", min: 2, max: 5 };
  assert.ok(check(plainBody(5), field), "5 of at most 5");
  assert.equal(read(plainBody(6), field), undefined, "6 of at most 5");
  assert.equal(read(plainBody(1), field), undefined, "1 of at least 2");
  const body = plainBody(2).slice(0, -1);
  assert.ok(check(`${body},"x":${nest(MAX_JSON_DEPTH - 1, "0")}}`), "depth 64 (the body's object and 63 arrays)");
  assert.equal(read(`${body},"x":${nest(MAX_JSON_DEPTH, "0")}}`, FIELD), undefined, "depth 65");
});

test("bytes that are not ASCII around the records (UTF-8 text, broken sequences) read as the ordinary path reads the body's text", () => {
  const rows = '[{"date":"2020-01-01","open":1,"high":1,"low":1,"close":1},{"date":"2020-01-02","open":1,"high":1,"low":1,"close":1}]';
  const cat = (...parts: (string | number[])[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...encoder.encode(p)] : p)));
  const broken = [[0xff], [0xc3], [0xe4, 0xb8], [0xf0, 0x9f, 0x98], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xef, 0xbb, 0xbf]];
  let taken = 0;
  for (const b of broken) {
    taken += Number(checkBytes(cat('{"s":"', b, '","ohlcv":', rows, ',"t":"', b, '"}')));
    checkBytes(cat('{"s', b, '":1,"ohlcv":', rows, "}"));
    assert.equal(readColumnBody(cat('{"ohlcv":', rows.replace('"open"', `"op${String.fromCharCode(b[0]!)}en"`), "}"), FIELD), undefined, `a key with byte ${b[0]}`);
  }
  assert.equal(taken, broken.length, "broken sequences inside strings around the records leave the body plain");
  assert.ok(checkBytes(encoder.encode(`{"名称":"平安银行 😀","ohlcv":${rows},"note":"é"}`)), "UTF-8 text around the records");
  assert.equal(readColumnBody(cat([0xef, 0xbb, 0xbf], `{"ohlcv":${rows}}`), FIELD), undefined, "a byte order mark: the ordinary path");
  const whole = cat('{"s":"', [0xf0, 0x9f, 0x98, 0x80], '","ohlcv":', rows, "}");
  for (let k = 0; k < whole.length; k++) checkBytes(whole.subarray(0, k));
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 12 }), fc.uint8Array({ maxLength: 12 }), (x, y) => {
      checkBytes(cat('{"a":"', [...x], '","ohlcv":', rows, ',"b":"', [...y], '"}'));
    }),
    { numRuns: 2000 },
  );
});

test("a key one byte away from one the reader takes (changed, dropped or added) is never read as that key", () => {
  const record = (keys: Record<string, string>, day: number) => {
    const time = keys.time ?? "date";
    const vals: Record<string, unknown> = { [time]: `2024-01-0${day}`, open: 10.5, high: 11.25, low: 9.75, close: 10, vol: 1200, amount: 12000 };
    return `{${Object.entries(vals)
      .map(([k, v]) => `${JSON.stringify(k === time ? time : (keys[k] ?? k))}:${JSON.stringify(v)}`)
      .join(",")}}`;
  };
  const body = (keys: Record<string, string>) => `{"ohlcv":[${record(keys, 1)},${record(keys, 2)}]}`;
  for (const time of ["date", "datetime", "trade_date", "time"]) assert.ok(check(body({ time })), `the plain body with ${time} is taken`);
  const variants = (k: string) => {
    const out = new Set<string>([k.slice(1), k.slice(0, -1), `${k}e`, `e${k}`]);
    for (let p = 0; p < k.length; p++) for (const c of ["x", "_", "A", String.fromCharCode(k.charCodeAt(p) + 1), String.fromCharCode(k.charCodeAt(p) - 1)]) out.add(k.slice(0, p) + c + k.slice(p + 1));
    out.delete(k);
    return [...out];
  };
  for (const key of ["open", "high", "low", "close", "vol", "amount"]) {
    for (const v of variants(key)) assert.equal(check(body({ [key]: v })), false, `${JSON.stringify(v)} read as ${key}`);
  }
  for (const time of ["date", "datetime", "trade_date", "time"]) {
    for (const v of variants(time)) {
      if (["date", "datetime", "trade_date", "time"].includes(v)) continue;
      assert.equal(check(body({ time: v })), false, `${JSON.stringify(v)} read as a time key`);
    }
  }
});
