/**
 * The CLI's text rules, checked against independent statements of them: display
 * width against UAX #11 examples, CSV output read back by the test's own RFC
 * 4180 reader, and the batch word splitter against POSIX single-quoting (any
 * words, quoted the way a shell quotes them, split back into the same words).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { splitWords } from "../../../apps/cli/cli-batch.ts";
import { render } from "../../../apps/cli/cli-output.ts";
import { displayWidth } from "../../../apps/cli/cli-width.ts";
import { parseCsv } from "../../support/cli.ts";

describe("CLI text rules", () => {
  test("display width: wide and fullwidth characters take two columns (UAX #11)", () => {
    assert.equal(displayWidth("平安银行"), 8, "CJK ideographs (W)");
    assert.equal(displayWidth("ＡＢ"), 4, "fullwidth Latin (F)");
    assert.equal(displayWidth("ｱｲ"), 2, "halfwidth katakana (H) stay narrow");
    assert.equal(displayWidth("한국"), 4, "Hangul syllables (W)");
    assert.equal(displayWidth("é"), 1, "a combining accent adds nothing");
    assert.equal(displayWidth("（上证）"), 8, "fullwidth parentheses");
  });

  test("CSV output reads back to the same cells (commas, quotes, newlines, CJK)", () => {
    const text = fc.string({ unit: fc.constantFrom("a", ",", '"', "\n", "中", " ", "1") });
    fc.assert(
      fc.property(fc.array(fc.tuple(text, fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }))), { minLength: 1, maxLength: 5 }), (rows) => {
        const csv = render({ kind: "rows", columns: ["s", "x"], rows: rows.map(([s, x]) => ({ s, x })) }, "csv");
        assert.deepEqual(parseCsv(csv), [["s", "x"], ...rows.map(([s, x]) => [s, x === null ? "" : String(x)])], "cells round-trip");
      }),
    );
  });

  test("JSON lines: one object per row; a record is one line", () => {
    const out = render({ kind: "rows", columns: ["a"], rows: [{ a: 1 }, { a: "中" }] }, "json");
    assert.deepEqual(out.split("\n"), ['{"a":1}', '{"a":"中"}', ""]);
    assert.equal(render({ kind: "record", value: { a: [1, 2] } }, "json"), '{"a":[1,2]}\n');
  });

  test("batch lines split like a POSIX shell splits single-quoted words", () => {
    const quote = (w: string) => `'${w.replace(/'/g, `'\\''`)}'`;
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom("a", " ", "'", '"', "\\", "中", "$", "-") }), { maxLength: 6 }), (words) => {
        assert.deepEqual(splitWords(words.map(quote).join(" ")), words, "same words back");
      }),
    );
    assert.deepEqual(splitWords(`quote "SZ 000001,SH 600519" --table`), ["quote", "SZ 000001,SH 600519", "--table"]);
    assert.deepEqual(splitWords(`a\\ b "c\\"d" e`), ["a b", 'c"d', "e"], "backslash escapes outside and inside double quotes");
    assert.throws(() => splitWords(`a "b`), /unclosed/, "an unclosed quote is refused");
  });
});
