/**
 * `npm run formula` (`tdx-forge formula --output csv`) as a user runs it, in a subprocess: a missing file or a CSV
 * without the needed columns is one clear line on stderr and a non-zero status,
 * never a stack trace; a pandas `to_csv` file (unnamed first column of dates)
 * reads its dates from that column. Values are checked against moving averages
 * worked out here.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

function formula(...args: string[]) {
  // what `npm run formula -- ARGS` runs (package.json)
  const r = spawnSync(process.execPath, ["apps/cli/tdx-forge.mjs", "formula", "--output", "csv", ...args], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** One line of text, no stack frames. */
function assertOneLine(stderr: string, pattern: RegExp) {
  const lines = stderr.trim().split("\n");
  assert.equal(lines.length, 1, `one line: ${stderr}`);
  assert.match(lines[0]!, pattern);
  assert.ok(!/\n\s+at /.test(stderr), `no stack trace: ${stderr}`);
}

describe("formula CLI", () => {
  let dir: string;
  const closes = [10.5, 10.8, 11, 11.4, 11.1];
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "tdx-forge-formula-cli-"));
    writeFileSync(join(dir, "ma.txt"), "M:MA(C,2);\n");
    const rows = closes.map((c, i) => `2024-01-0${i + 2},${c - 0.2},${c + 0.3},${c - 0.4},${c},${1000 + i}`);
    // pandas DataFrame.to_csv() with a DatetimeIndex: the index column has no name
    writeFileSync(join(dir, "pandas.csv"), `${[",open,high,low,close,vol", ...rows].join("\n")}\n`);
    // a RangeIndex instead: the unnamed column holds row numbers, not dates
    writeFileSync(join(dir, "numbered.csv"), `${[",open,high,low,close,vol", ...closes.map((c, i) => `${i},${c},${c},${c},${c},1`)].join("\n")}\n`);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("a missing formula file or CSV is one line and status 1", () => {
    const noFormula = formula("--file", join(dir, "missing.txt"), "--csv", join(dir, "pandas.csv"));
    assert.equal(noFormula.status, 1);
    assertOneLine(noFormula.stderr, /^tdx-forge formula: cannot read the formula file .*missing\.txt: no such file$/);
    const noCsv = formula("--file", join(dir, "ma.txt"), "--csv", join(dir, "missing.csv"));
    assert.equal(noCsv.status, 1);
    assertOneLine(noCsv.stderr, /^tdx-forge formula: cannot read the bars CSV .*missing\.csv: no such file$/);
    assert.equal(noCsv.stdout, "", "nothing on stdout");
  });

  test("a pandas to_csv file reads its dates from the unnamed first column", () => {
    const r = formula("--file", join(dir, "ma.txt"), "--csv", join(dir, "pandas.csv"), "--tail", "3");
    assert.equal(r.status, 0, r.stderr);
    const ma2 = (i: number) => Number(((closes[i]! + closes[i - 1]!) / 2).toFixed(6));
    assert.equal(r.stdout, `${["date,M", `2024-01-04,${ma2(2)}`, `2024-01-05,${ma2(3)}`, `2024-01-06,${ma2(4)}`].join("\n")}\n`);
  });

  test("an unnamed first column of row numbers is no date column: one line naming what is missing", () => {
    const r = formula("--file", join(dir, "ma.txt"), "--csv", join(dir, "numbered.csv"));
    assert.equal(r.status, 1);
    assertOneLine(r.stderr, /^tdx-forge formula: .*numbered\.csv: the CSV header lacks: date\/datetime$/);
  });

  test("an unknown option is a line and the usage, status 2", () => {
    const r = formula("--bogus");
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^tdx-forge formula: Unknown option '--bogus' \(see tdx-forge formula --help\)\n$/);
  });
});
