/** Painting the formula checker's diagnostics under the editor's text. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { type Diagnostic, markSegments, offsetOf } from "../../apps/web/src/formula/diagnostic-marks.ts";

const err = (line: number, column: number, message = "m"): Diagnostic => ({ line, column, message, severity: "error" });

test("line and column are 1-based and clamped to the line", () => {
  const text = "AB:1;\nCD:=X;";
  assert.equal(offsetOf(text, 1, 1), 0);
  assert.equal(offsetOf(text, 2, 4), 9);
  assert.equal(offsetOf(text, 1, 99), 5, "end of line 1");
  assert.equal(offsetOf(text, 9, 1), text.length);
});

test("a diagnostic marks the word at its position", () => {
  const text = "MA5:MA(CLOSE,N);\nFOO(1);";
  const segs = markSegments(text, [err(1, 14, "unknown N"), err(2, 1, "unknown FOO")]);
  assert.deepEqual(
    segs.filter((s) => s.severity).map((s) => [s.text, s.message]),
    [
      ["N", "unknown N"],
      ["FOO", "unknown FOO"],
    ],
  );
  assert.equal(segs.map((s) => s.text).join(""), text);
});

test("an error at the end of the formula is drawn as one marked blank", () => {
  const text = "X:=CROSS(C,MA5";
  const segs = markSegments(text, [err(1, 15)]);
  assert.deepEqual(segs.at(-1), { text: " ", severity: "error", message: "m", synthetic: true });
  assert.equal(
    segs
      .slice(0, -1)
      .map((s) => s.text)
      .join(""),
    text,
  );
});

test("overlapping marks keep the error", () => {
  const segs = markSegments("ABC", [{ line: 1, column: 2, message: "w", severity: "warning" }, err(1, 1)]);
  assert.deepEqual(
    segs.map((s) => [s.text, s.severity]),
    [["ABC", "error"]],
  );
});

test("whatever the diagnostics, the segments spell the text and mark at most one span each", () => {
  fc.assert(
    fc.property(
      fc.string({ unit: fc.constantFrom("A", "1", "(", ";", "\n", " ", "中"), maxLength: 60 }),
      fc.array(fc.record({ line: fc.integer({ min: 1, max: 6 }), column: fc.integer({ min: 1, max: 20 }) }), { maxLength: 6 }),
      (text, where) => {
        const segs = markSegments(
          text,
          where.map((w) => err(w.line, w.column)),
        );
        assert.equal(
          segs
            .filter((s) => !s.synthetic)
            .map((s) => s.text)
            .join(""),
          text,
        );
        assert.ok(segs.filter((s) => s.severity).length <= where.length, "segs.filter((s) => s.severity).length <= where.length");
      },
    ),
    { numRuns: 300 },
  );
});
