/** The columnar panel over a vipdoc tree: right-aligned tails, A-share filter, and following file changes. */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { encodeDayFile } from "../../../adapters/vipdoc/vipdoc-day.ts";
import { VipdocDailyPanel } from "../../../adapters/vipdoc/vipdoc-daily-panel.ts";
import { allocSeries } from "../../../core/bars/series.ts";
import { fromYyyymmdd } from "../../../core/bars/market-time.ts";

const root = mkdtempSync(join(tmpdir(), "panel-"));
after(() => rmSync(root, { recursive: true, force: true }));

function write(market: "sh" | "sz", code: string, closes: number[]): void {
  const s = allocSeries(closes.length);
  closes.forEach((c, i) => {
    s.time[i] = fromYyyymmdd(20250101) + i * 86_400_000;
    s.open[i] = s.high[i] = s.low[i] = s.close[i] = c;
    s.vol[i] = 1000 + i;
    s.amount[i] = c * 1000;
  });
  mkdirSync(join(root, market, "lday"), { recursive: true });
  writeFileSync(join(root, market, "lday", `${market}${code}.day`), encodeDayFile(s, 100));
}

test("tails are right-aligned, short histories padded with NaN, other files ignored", () => {
  write(
    "sh",
    "600000",
    Array.from({ length: 100 }, (_, i) => 10 + i / 100),
  );
  write("sz", "000001", [5, 6, 7]);
  write("sz", "399001", [1, 2, 3]);
  writeFileSync(join(root, "sz", "lday", "notes.txt"), "x");
  const p = new VipdocDailyPanel(root, { window: 4, recheckMs: 0, accept: (_m, code) => !code.startsWith("39") });
  const s = p.current();
  assert.deepEqual(s.securities, [
    { market: "sh", code: "600000" },
    { market: "sz", code: "000001" },
  ]);
  assert.deepEqual([...s.bars], [100, 3]);
  assert.deepEqual([...s.close.subarray(0, 4)], [10.96, 10.97, 10.98, 10.99]);
  assert.deepEqual([...s.close.subarray(4, 8)], [NaN, 5, 6, 7]);
  assert.deepEqual([...s.amount.subarray(5, 8)], [5000, 6000, 7000]);
  assert.deepEqual([...s.lastDate], [20250410, 20250103]);
  p.close();
});

test("a changed, added or removed file shows in the next panel; an unchanged one keeps the same panel", () => {
  const p = new VipdocDailyPanel(root, { window: 4, recheckMs: 0, watch: false, accept: (_m, code) => !code.startsWith("39") });
  const first = p.current();
  assert.equal(p.current(), first, "nothing changed: same panel object");
  write("sz", "000001", [5, 6, 7, 8, 9]);
  write("sz", "000002", [1, 1, 1]);
  let s = p.current();
  assert.deepEqual([...s.bars], [100, 5, 3]);
  assert.equal(s.close[4 + 3], 9);
  unlinkSync(join(root, "sz", "lday", "sz000002.day"));
  s = p.current();
  assert.deepEqual(
    s.securities.map((x) => x.code),
    ["600000", "000001"],
  );
});

test("with a watcher, a change is seen without waiting for the re-check interval", async () => {
  const p = new VipdocDailyPanel(root, { window: 4, recheckMs: 3_600_000, accept: (_m, code) => !code.startsWith("39") });
  const before = p.current();
  assert.equal(p.current(), before, "trusted while nothing fires");
  write("sh", "600000", [1, 2, 3]);
  // The watcher's event arrives asynchronously; the changed row is rewritten in place.
  for (let i = 0; i < 200 && p.current().bars[0] !== 3; i++) await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual([...p.current().bars], [3, 5]);
  assert.equal(p.current(), before, "a changed file updates its row, not a new panel");
  p.close();
});
