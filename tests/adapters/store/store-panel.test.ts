/**
 * The store panel (adapters/store/store-panel.ts) against the quote source: the
 * demo market synced from the simulator over real TCP (a fixed Saturday), loaded
 * into one panel, and every stock's and fund's row, cut to the newest bars and
 * adjusted (NONE, QFQ, HFQ), equals what /bars' pipeline (BarService) serves
 * from the simulator itself for the same request, bar for bar. A row the panel
 * holds cut short cannot answer for more bars than it keeps; indices and files
 * with clamped volumes are not in the panel.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { BarService } from "../../../core/app/bars/bar-service.ts";
import { defaultSqliteOpener } from "../../../adapters/sqlite/sqlite-opener.ts";
import { MarketStore } from "../../../adapters/store/market-store.ts";
import { loadStorePanel } from "../../../adapters/store/store-panel.ts";
import { StorePanels } from "../../../adapters/store/store-panels.ts";
import { syncStore } from "../../../adapters/store/store-sync.ts";
import { TdxClient } from "../../../adapters/tdx/tdx-client.ts";
import { TdxPool } from "../../../adapters/tdx/tdx-pool.ts";
import { DemoMarket } from "../../../apps/tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../../../apps/tdx-sim/demo/demo-source.ts";
import { type Simulator, startSimulator } from "../../../apps/tdx-sim/sim-server.ts";
import { adjustRow, type BarPanel, panelRows, panelWindow } from "../../../core/bars/bar-panel.ts";
import { marketTimeOf, yyyymmdd } from "../../../core/bars/market-time.ts";
import { classifySecurity, type Market } from "../../../core/bars/security-kind.ts";
import type { BarSeries } from "../../../core/bars/series.ts";
import { FakeClock, silentLog } from "../../support/server.ts";

const SATURDAY = Date.UTC(2026, 10, 21, 2, 0, 0);
const FIELDS = ["time", "open", "high", "low", "close", "vol", "amount"] as const;
const plain = (s: BarSeries) => Object.fromEntries(FIELDS.map((f) => [f, Array.from(s[f])]));

describe("store panel", () => {
  const clock = new FakeClock(SATURDAY);
  let dir: string;
  let sim: Simulator;
  let pool: TdxPool;
  let store: MarketStore;
  let panel: BarPanel;
  let upstream: BarService;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "tdx-forge-panel-"));
    sim = await startSimulator({ source: new DemoSource(new DemoMarket(20260101)), clock });
    pool = new TdxPool([{ name: "sim", host: sim.host, port: sim.port }], { size: 2 });
    const client = new TdxClient(pool);
    store = await MarketStore.open(dir, defaultSqliteOpener(), clock);
    await syncStore({ store, sources: [client], perSource: 2, clock });
    upstream = new BarService(client, clock, silentLog);
    panel = await loadStorePanel({ dir, version: await store.version(), asOf: yyyymmdd(marketTimeOf(SATURDAY)), window: 800 });
  });

  after(async () => {
    await store?.close();
    await pool?.close();
    await sim?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("holds every stock and fund the store vouches for exactly, and no index", async () => {
    const vouched = await store.db.selectFrom("sync_state").select(["market", "code"]).where("kind", "=", "day").where("exact", "=", 1).where("records", ">", 0).execute();
    const want = vouched
      .map((r) => ({ market: r.market.toUpperCase() as Market, code: r.code }))
      .filter((r) => classifySecurity(r.market, r.code).kind !== "index")
      .map((r) => `${r.market}:${r.code}`)
      .sort();
    assert.ok(want.length > 150, `the demo market's stocks and funds (${want.length})`);
    assert.deepEqual([...panel.symbols].sort(), want, "one row per vouched stock or fund");
  });

  test("every row, cut and adjusted, equals /bars' answer from the quote source", async () => {
    let adjusted = 0;
    for (const symbol of panel.symbols) {
      const [market, code] = symbol.split(":") as [Market, string];
      const i = panelRows(panel).get(symbol)!;
      for (const count of [120, 800]) {
        const raw = panelWindow(panel, i, { count });
        assert.ok(raw, `${symbol}: the panel answers ${count} bars`);
        for (const mode of ["NONE", "QFQ", "HFQ"] as const) {
          const want = await upstream.bars({ market, code, category: "DAY", start: 0, count, barTime: "start" }, mode);
          const got = adjustRow(panel, i, raw, mode);
          assert.deepEqual(plain(got), plain(want.series), `${symbol} ${count} bars ${mode}`);
          if (mode !== "NONE" && JSON.stringify(plain(got)) !== JSON.stringify(plain(raw))) adjusted++;
        }
      }
    }
    assert.ok(adjusted > 20, `adjustment really moved prices (${adjusted} cases)`);
  });

  test("a row cut short answers no more bars than it keeps; a whole one answers any count", () => {
    const rows = panelRows(panel);
    const cut = panel.symbols.find((_, i) => panel.records[i]! > 800)!;
    const whole = panel.symbols.find((_, i) => panel.records[i]! < 800);
    assert.ok(cut, "some security has more than 800 bars");
    assert.equal(panelWindow(panel, rows.get(cut)!, { count: 801 }), undefined, "801 bars of a row cut at 800");
    if (whole) {
      const i = rows.get(whole)!;
      assert.equal(panelWindow(panel, i, { count: 5000 })?.length, panel.records[i], "a whole history answers any count with all it has");
    }
  });

  test("StorePanels covers the stocks the store holds complete, not indices or unknown codes", async () => {
    const panels = new StorePanels(store, clock);
    const cover = await panels.cover(["SZ:000001", "SH:000001", "SH:688999", "SH:600519"], 800);
    assert.ok(cover, "the store covers something");
    assert.deepEqual([...cover.covered].sort(), ["SH:600519", "SZ:000001"], "stocks held; the SSE index and an unknown code not");
    assert.equal(cover.ref.window, 800, "the panel keeps at least 800 bars");
    assert.equal(await panels.cover(["SZ:000001"], 2001), undefined, "more bars than a panel keeps: no cover");
  });
});
