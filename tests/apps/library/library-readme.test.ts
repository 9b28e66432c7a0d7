/**
 * The README's "Library" example, run as written through the package's own
 * subpaths (`tdx-forge/vipdoc`, `/formula`, `/backtest`), on the real vipdoc
 * file it names. Its figures are checked against the file (32-byte records)
 * and against golden crosses counted here with plain moving averages: every
 * closed trade starts at one, and only a few can be refused (limit-up opens)
 * or left open at the end.
 */
import assert from "node:assert/strict";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { REPO } from "../../support/cli.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { codeBlocks, runExample } from "../../support/readme.ts";

const [example] = codeBlocks(readFileSync(join(REPO, "README.md"), "utf8"), "Library", "ts");
const dayFile = /readDayFile\("([^"]+)"\)/.exec(example ?? "")?.[1];

/** Golden crosses of MA5 over MA20 in the file's closes (u32 at offset 16 of each record, in cents for SZ shares). */
function goldenCrosses(path: string): number {
  const bytes = readFileSync(path);
  const close: number[] = [];
  for (let o = 0; o + 32 <= bytes.length; o += 32) close.push(bytes.readUInt32LE(o + 16));
  const ma = (i: number, n: number) => close.slice(i - n + 1, i + 1).reduce((a, b) => a + b, 0) / n;
  let crosses = 0;
  for (let i = 20; i < close.length; i++) if (ma(i - 1, 5) <= ma(i - 1, 20) && ma(i, 5) > ma(i, 20)) crosses++;
  return crosses;
}

test("the README's Library example runs as written", { skip: skipUnless("tdx-public/vipdoc-a/sz/lday/sz000001.day") }, async () => {
  assert.ok(example && dayFile, "the section has a ts example reading a .day file");
  for (const sub of ["vipdoc", "formula", "backtest"]) assert.ok(example.includes(`from "tdx-forge/${sub}"`), `imports tdx-forge/${sub}`);
  assert.ok(example.trim().split("\n").length <= 12, "about ten lines");
  const r = await runExample("lib.mts", example);
  assert.equal(r.code, 0, r.stderr);
  const m = /^(\d+) bars, (\d+) trades, total return (-?[\d.e-]+)\n$/.exec(r.stdout);
  assert.ok(m, `the summary line: ${r.stdout}`);
  const path = join(REPO, dayFile);
  assert.equal(Number(m[1]), statSync(path).size / 32, "one bar per 32-byte record");
  const crosses = goldenCrosses(path);
  const trades = Number(m[2]);
  assert.ok(trades <= crosses && trades >= crosses * 0.9, `${trades} trades for ${crosses} golden crosses`);
  assert.ok(Number.isFinite(Number(m[3])), "a total return");
});
