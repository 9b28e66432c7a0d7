/**
 * Two front doors agree on real data: `tdx-forge/tdx`'s client, over real TCP
 * to the simulator serving a real vipdoc tree (../shared/fixtures), answers the
 * daily bars that `tdx-forge/vipdoc` reads from the same `.day` file (volume
 * as the float32 the protocol carries), and an index's quote, minute bars and
 * minute line in the units a TDX server sends them.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { BAR_CATEGORIES } from "tdx-forge/bars";
import { TdxClient, TdxPool } from "tdx-forge/tdx";
import { indexBreadth, readDayFile, readMinuteFile } from "tdx-forge/vipdoc";
import { startSimulator } from "../../../apps/tdx-sim/sim-server.ts";
import { VipdocSource } from "../../../apps/tdx-sim/vipdoc/vipdoc-source.ts";
import { fixture, skipUnless } from "../../support/fixtures.ts";

const TREE = "tdx-public/vipdoc-a";

test("the TDX client's daily bars are the .day file's", { skip: skipUnless(`${TREE}/sz/lday/sz000001.day`) }, async () => {
  const sim = await startSimulator({ source: await VipdocSource.open(fixture(TREE)!), clock: { now: () => Date.UTC(2026, 10, 20, 6) } });
  const pool = new TdxPool([{ name: "sim", host: sim.host, port: sim.port }]);
  try {
    const file = await readDayFile(fixture(`${TREE}/sz/lday/sz000001.day`)!);
    const bars = await new TdxClient(pool).bars({ market: 0, code: "000001" }, BAR_CATEGORIES.DAY.request, 0, 100);
    assert.equal(bars.length, 100);
    const from = file.length - 100;
    for (const f of ["time", "open", "high", "low", "close"] as const) {
      assert.deepEqual([...bars[f]], [...file[f].subarray(from)], `${f} of the newest 100 bars`);
    }
    // The protocol sends volume as a float32.
    assert.deepEqual([...bars.vol], [...file.vol.subarray(from)].map(Math.fround), "volume, as a float32");
  } finally {
    await pool.close();
    await sim.close();
  }
});

test("an index over the wire: the quote's volume is the day's lots, minute bars carry the file's counts, the minute line no volume", {
  skip: skipUnless(`${TREE}/sh/fzline/sh000001.lc5`),
}, async () => {
  const sim = await startSimulator({ source: await VipdocSource.open(fixture(TREE)!), clock: { now: () => Date.UTC(2026, 10, 20, 6) } });
  const pool = new TdxPool([{ name: "sim", host: sim.host, port: sim.port }]);
  try {
    const client = new TdxClient(pool);
    const day = await readDayFile(fixture(`${TREE}/sh/lday/sh000001.day`)!);
    const [quote] = await client.quotes([{ market: 1, code: "000001" }]);
    assert.equal(quote!.vol, day.vol[day.length - 1], "lots, as the .day file keeps an index's volume");
    const lc5 = await readMinuteFile(fixture(`${TREE}/sh/fzline/sh000001.lc5`)!);
    const bars = await client.indexBars({ market: 1, code: "000001" }, BAR_CATEGORIES.MIN_5.request, 0, 100);
    const { up, down } = indexBreadth(lc5);
    const from = lc5.length - 100;
    assert.deepEqual([...bars.up], [...up.subarray(from)], "advancing counts of the newest 100 bars");
    assert.deepEqual([...bars.down], [...down.subarray(from)], "declining counts");
    assert.ok(
      bars.vol.every((v) => Number.isNaN(v)),
      "index minute bars carry no volume",
    );
    const line = await client.minute({ market: 1, code: "000043" });
    assert.ok(line.length > 0);
    assert.ok(
      line.vol.every((v) => v === 0),
      "the minute line of an index: no volume in the files, 0 on the wire",
    );
  } finally {
    await pool.close();
    await sim.close();
  }
});
