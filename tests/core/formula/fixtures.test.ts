/**
 * Every shared real-world formula validates (or fails for the documented
 * reason), computes on the real SSE composite daily series, and gives HQChart's
 * numbers on its last 1,200 bars once past the warm-up (tests/core/formula/README.md: HQChart is a
 * third-party imitation of TDX whose conventions differ on the first bars).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { parseBarsCsv } from "../../../apps/cli/bars-csv.ts";
import { sliceSeries } from "../../../core/bars/series.ts";
import { compileFormula, evaluatePlan, validateFormula } from "../../../core/formula/index.ts";
import { fixture, readFixtureText, skipUnless } from "../../support/fixtures.ts";
import { hqchartAvailable, runHQChart } from "./hqchart-runner.ts";

/** Parameter tables from SOURCES.md (TDX keeps them outside the text). */
const PARAMS: Record<string, Record<string, number>> = {
  "02": { M: 10 },
  "24": { N1: 60, P: 60 },
  "29": { N: 7 },
  "30": { N: 10 },
};
const FUTURE: Record<string, string[]> = {
  "22": ["ZIG"],
  "28": ["CURRBARSCOUNT", "REFXV"],
  "29": ["ISLASTBAR", "BACKSET", "DRAWLINE"],
  "30": ["PEAK", "TROUGH"],
};
const NEEDS_DATA: Record<string, RegExp> = { "29": /HYBLOCK needs block \(板块\) names/ };
const NO_OUTPUT = new Set(["26", "28"]);
/** HQChart cannot run these: 08's empty style modifier is a syntax error there (tests/core/formula/README.md §6), 29 asks for block names. */
const HQCHART_FAILS = new Set(["08", "29"]);
/**
 * Cumulative sums (SUM(X,0)) over an X whose first bar reads REF(...,1): HQChart's REF
 * on the first bar differs (a convention, tests/core/formula/README.md §6), which shifts the
 * whole sum by a constant, so these compare bar-to-bar increments.
 */
const CUMULATIVE = new Set(["01", "14"]);
/** Bars after which the first-bar conventions (REF, SMA/EMA seeds, IF on no value) no longer show. */
const WARMUP = 200;

const files = fixture("formulas")
  ? readdirSync(fixture("formulas")!)
      .filter((f) => f.endsWith(".txt"))
      .sort()
  : [];
const csv = "chanlun/000001.SH_D.csv";

test("the formula fixtures are present", { skip: skipUnless("formulas") }, () => {
  assert.ok(files.length >= 20, "files.length >= 20");
});

for (const file of files) {
  const id = file.slice(0, 2);
  test(`fixture ${file} validates as documented`, () => {
    const text = readFixtureText(`formulas/${file}`);
    const v = validateFormula(text, { params: PARAMS[id] });
    if (NEEDS_DATA[id]) {
      assert.equal(v.ok, false);
      assert.match(v.errors[0]!.message, NEEDS_DATA[id]!);
      assert.ok(
        v.errors.every((e) => /needs/.test(e.message)),
        v.error ?? "",
      );
    } else assert.equal(v.ok, true, v.error ?? "");
    assert.deepEqual(v.future_functions, FUTURE[id] ?? []);
    assert.equal(v.outputs.length === 0, NO_OUTPUT.has(id) || Boolean(NEEDS_DATA[id]));
  });

  test(`fixture ${file} computes on the SSE daily series`, { skip: NEEDS_DATA[id] ? "needs data OHLCV bars lack" : skipUnless(csv) }, () => {
    const series = parseBarsCsv(readFixtureText(csv));
    const c = compileFormula(readFixtureText(`formulas/${file}`), { params: PARAMS[id], includeAssignments: true });
    assert.ok(c.plan, c.errors.map((e) => e.message).join("\n"));
    const cols = evaluatePlan(c.plan, series);
    assert.ok(cols.length > 0, "cols.length > 0");
    for (const col of cols) {
      assert.equal(col.values.length, series.length);
      let valid = 0;
      for (const v of col.values) {
        assert.ok(!Number.isFinite(v) ? Number.isNaN(v) : true, `${col.name} has an infinite value`);
        if (v === v) valid++;
        if (col.kind === "signal" && v === v) assert.ok(v === 0 || v === 1, `${col.name} is a signal but holds ${v}`);
      }
      // a quarter: IF(...,DRAWNULL) leaves gaps by design
      assert.ok(valid > series.length / 4, `${col.name} has a value on only ${valid} bars`);
    }
  });
}

for (const file of files) {
  const id = file.slice(0, 2);
  const skip = !hqchartAvailable ? "npm hqchart (a devDependency) is not installed" : HQCHART_FAILS.has(id) ? "HQChart cannot run it" : skipUnless(csv);
  test(`fixture ${file} gives HQChart's values after the warm-up`, { skip }, () => {
    const all = parseBarsCsv(readFixtureText(csv));
    const series = sliceSeries(all, all.length - 1200, all.length);
    const text = readFixtureText(`formulas/${file}`);
    const c = compileFormula(text, { params: PARAMS[id] });
    assert.ok(c.plan, c.errors.map((e) => e.message).join("\n"));
    const ours = evaluatePlan(c.plan, series);
    const theirs = runHQChart(text, series, PARAMS[id]);
    const theirKeys = Object.keys(theirs);
    for (const col of ours) {
      // an anonymous output is named by HQChart after its temporary variable
      const ref = theirs[col.name.toUpperCase()] ?? (ours.length === 1 && theirKeys.length === 1 ? theirs[theirKeys[0]!] : undefined);
      assert.ok(ref, `${file} ${col.name}: HQChart has no such output (${theirKeys.join(", ")})`);
      const step = (x: ArrayLike<number>, i: number) => (CUMULATIVE.has(id) ? x[i]! - x[i - 1]! : x[i]!);
      let compared = 0;
      for (let i = WARMUP; i < series.length; i++) {
        const a = step(col.values, i);
        const b = step(ref, i);
        if (a !== a || b !== b) {
          assert.ok(a !== a && b !== b, `${file} ${col.name} bar ${i}: ours ${a}, HQChart ${b}`);
          continue;
        }
        assert.ok(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)), `${file} ${col.name} bar ${i}: ours ${a}, HQChart ${b}`);
        compared++;
      }
      assert.ok(compared > 0 || NO_OUTPUT.has(id), `${file} ${col.name}: no bar with a value to compare`);
    }
  });
}
