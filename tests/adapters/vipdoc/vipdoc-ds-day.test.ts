import { test } from "node:test";
import assert from "node:assert/strict";
import { readDsDayFile } from "../../../adapters/vipdoc/vipdoc-ds-day.ts";
import { formatDate } from "../../../core/bars/market-time.ts";
import { fixture, skipUnless } from "../../support/fixtures.ts";

const DS = "tdx/vipdoc/ds/lday/";

const cases = [
  ["4#CF7D0LAO.day", ["2021-06-01", 206, 213, 200, 200, 266, 45, 210], ["2021-06-03", 151, 151, 151, 151, 284, 2, 151]],
  ["4#CF7D0LLS.day", ["2021-06-01", 245, 245, 245, 245, 157, 10, 245], ["2021-06-03", 179, 179, 179, 179, 206, 10, 179]],
] as const;

for (const [file, first, last] of cases) {
  test(`ds ${file}: 3 records with settlement prices`, { skip: skipUnless(DS + file) }, async () => {
    const d = await readDsDayFile(fixture(DS + file)!);
    assert.equal(d.length, 3);
    const row = (i: number) => [formatDate(d.time[i]!), d.open[i], d.high[i], d.low[i], d.close[i], d.amount[i], d.vol[i], d.settlement[i]];
    assert.deepEqual(row(0), first);
    assert.deepEqual(row(2), last);
  });
}

test("ds LLS 2021-06-02: O 216 H 225 L 207 C 217 settlement 221", { skip: skipUnless(`${DS}4#CF7D0LLS.day`) }, async () => {
  const d = await readDsDayFile(fixture(`${DS}4#CF7D0LLS.day`)!);
  assert.deepEqual([d.open[1], d.high[1], d.low[1], d.close[1], d.settlement[1]], [216, 225, 207, 217, 221]);
});
