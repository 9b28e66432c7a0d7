/**
 * A held panel updated file by file equals a panel read afresh, and so does the
 * strength ranking over it: random sequences of changed, added and removed
 * `.day` files, followed by timed re-checks (no watcher) and by the watcher's
 * per-file events.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import fc from "fast-check";
import { encodeDayFile } from "../../../adapters/vipdoc/vipdoc-day.ts";
import { VipdocDailyPanel } from "../../../adapters/vipdoc/vipdoc-daily-panel.ts";
import type { StrengthPanel as VipdocPanel } from "../../../ports/strength-panels.ts";
import { fromYyyymmdd } from "../../../core/bars/market-time.ts";
import { allocSeries } from "../../../core/bars/series.ts";
import { PANEL_WINDOW, rankStrength, strengthWeights } from "../../../core/market/strength.ts";

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

const CODES = ["sh600000", "sh600001", "sh688001", "sz000001", "sz000002", "sz300001", "sz300002"];

/** A file's content: its bar count and a seed for its closes (in cents, so exact). */
const fileArb = fc.record({ bars: fc.integer({ min: 0, max: 90 }), seed: fc.integer({ min: 1, max: 1e6 }), amount: fc.integer({ min: 1, max: 9 }) });
const opArb = fc.record({ code: fc.constantFrom(...CODES), file: fc.option(fileArb, { nil: undefined }) });

let clock = 1_700_000_000;

function put(root: string, code: string, f: { bars: number; seed: number; amount: number } | undefined): void {
  const path = join(root, code.slice(0, 2), "lday", `${code}.day`);
  if (!f) {
    rmSync(path, { force: true });
    return;
  }
  const s = allocSeries(f.bars);
  let x = f.seed;
  let p = 1000;
  for (let i = 0; i < f.bars; i++) {
    x = (x * 48271) % 2147483647;
    p = Math.max(100, p + (x % 41) - 20);
    s.time[i] = fromYyyymmdd(20250102) + i * 86_400_000;
    s.open[i] = s.high[i] = s.low[i] = s.close[i] = p / 100;
    s.vol[i] = 1000;
    s.amount[i] = (x % 7) * f.amount * 1e6;
  }
  writeFileSync(path, encodeDayFile(s, 100));
  // distinct mtimes: file systems stamp writes coarsely, and a same-size rewrite in one tick would look unchanged
  clock += 1;
  utimesSync(path, clock, clock);
}

function newRoot(initial: readonly (readonly [string, { bars: number; seed: number; amount: number }])[]): string {
  const root = mkdtempSync(join(tmpdir(), "panel-inc-"));
  roots.push(root);
  for (const m of ["sh", "sz"]) mkdirSync(join(root, m, "lday"), { recursive: true });
  for (const [code, f] of initial) put(root, code, f);
  return root;
}

function snapshot(p: VipdocPanel) {
  const rank = (preset: "steady" | "breakout", minAmount: number, top: number) => {
    const r = rankStrength(p, strengthWeights(preset), { minListedDays: 65, minAmount }, top);
    return [Array.from(r.row), Array.from(r.strength), Array.from(r.vol20)];
  };
  return {
    securities: p.securities,
    bars: Array.from(p.bars),
    lastDate: Array.from(p.lastDate),
    close: Array.from(p.close),
    amount: Array.from(p.amount),
    ranks: [rank("steady", 0, Infinity), rank("breakout", 3e6, 3), rank("steady", 1e6, 2)],
  };
}

const fresh = (root: string) => {
  const p = new VipdocDailyPanel(root, { window: PANEL_WINDOW, watch: false });
  const s = snapshot(p.current());
  p.close();
  return s;
};

const initialArb = fc.uniqueArray(fc.tuple(fc.constantFrom(...CODES), fileArb), { selector: (x) => x[0], minLength: 1 });

test("re-checked without a watcher: rows patched in place equal a fresh panel after random changes", () => {
  fc.assert(
    fc.property(initialArb, fc.array(fc.array(opArb, { minLength: 1, maxLength: 3 }), { maxLength: 6 }), (initial, steps) => {
      const root = newRoot(initial);
      const held = new VipdocDailyPanel(root, { window: PANEL_WINDOW, watch: false, recheckMs: 0 });
      held.current();
      for (const ops of steps) {
        for (const op of ops) put(root, op.code, op.file);
        assert.deepEqual(snapshot(held.current()), fresh(root), JSON.stringify(ops));
      }
      held.close();
    }),
    { seed: 20261126, numRuns: 60 },
  );
});

test("with a watcher: the reported files are patched in place and equal a fresh panel", async () => {
  await fc.assert(
    fc.asyncProperty(initialArb, fc.array(opArb, { minLength: 1, maxLength: 4 }), async (initial, ops) => {
      const root = newRoot(initial);
      const held = new VipdocDailyPanel(root, { window: PANEL_WINDOW, recheckMs: 3_600_000 });
      held.current();
      for (const op of ops) put(root, op.code, op.file);
      const want = fresh(root);
      // events arrive asynchronously: poll until the held panel has caught up (or give up and compare)
      for (let i = 0; i < 100 && JSON.stringify(snapshot(held.current())) !== JSON.stringify(want); i++) await new Promise((r) => setTimeout(r, 10));
      assert.deepEqual(snapshot(held.current()), want, JSON.stringify(ops));
      held.close();
    }),
    { seed: 20261126, numRuns: 25 },
  );
});

test("a watched change to one file keeps the panel object and touches only that row", async () => {
  const root = newRoot([
    ["sh600000", { bars: 80, seed: 1, amount: 1 }],
    ["sz000001", { bars: 80, seed: 2, amount: 1 }],
  ]);
  const held = new VipdocDailyPanel(root, { window: PANEL_WINDOW, recheckMs: 3_600_000 });
  const before = held.current();
  const other = Array.from(before.close.subarray(0, PANEL_WINDOW));
  put(root, "sz000001", { bars: 85, seed: 3, amount: 2 });
  for (let i = 0; i < 200 && held.current().bars[1] !== 85; i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(held.current(), before, "same panel object");
  assert.equal(before.bars[1], 85, "the changed row was rewritten");
  assert.deepEqual(Array.from(before.close.subarray(0, PANEL_WINDOW)), other, "the other row is untouched");
  unlinkSync(join(root, "sh", "lday", "sh600000.day"));
  for (let i = 0; i < 200 && held.current().n !== 1; i++) await new Promise((r) => setTimeout(r, 10));
  assert.notEqual(held.current(), before, "a removed file lays the panel out afresh");
  assert.deepEqual(held.current().securities, [{ market: "sz", code: "000001" }]);
  held.close();
});
