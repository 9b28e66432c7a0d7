/**
 * Two front doors agree on real data: `tdx-forge/tdx`'s client, over real TCP
 * to the simulator serving a real vipdoc tree (../shared/fixtures), answers the
 * daily bars that `tdx-forge/vipdoc` reads from the same `.day` file (volume
 * as the float32 the protocol carries).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { BAR_CATEGORIES } from "tdx-forge/bars";
import { TdxClient, TdxPool } from "tdx-forge/tdx";
import { readDayFile } from "tdx-forge/vipdoc";
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
