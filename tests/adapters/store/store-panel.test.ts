/**
 * The store panel (adapters/store/store-panel.ts) against the quote source: the
 * demo market synced from the simulator over real TCP (a fixed Saturday), loaded
 * into one panel, and every stock's and fund's row, cut to the newest bars and
 * adjusted (NONE, QFQ, HFQ), equals what /bars' pipeline (BarService) serves
 * from the simulator itself for the same request, bar for bar. A row the panel
 * holds cut short cannot answer for more bars than it keeps; indices and files
 * with clamped volumes are not in the panel. A worker's panel, and the rows it
 * adjusted, serve jobs until a sync writes (a new store version); then the panel
 * is loaded again and a screen sees the new session's bars, as /bars does.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { BarService } from "../../../core/app/bars/bar-service.ts";
import { defaultSqliteOpener } from "../../../adapters/sqlite/sqlite-opener.ts";
import { MarketStore } from "../../../adapters/store/market-store.ts";
import { loadStorePanel, storePanel } from "../../../adapters/store/store-panel.ts";
import { StorePanels } from "../../../adapters/store/store-panels.ts";
import { syncStore } from "../../../adapters/store/store-sync.ts";
import { TdxClient } from "../../../adapters/tdx/tdx-client.ts";
import { TdxPool } from "../../../adapters/tdx/tdx-pool.ts";
import { DemoMarket } from "../../../apps/tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../../../apps/tdx-sim/demo/demo-source.ts";
import { type Simulator, startSimulator } from "../../../apps/tdx-sim/sim-server.ts";
import { type AdjustedRows, adjustedWindow, adjustRow, type BarPanel, panelRows, panelWindow } from "../../../core/bars/bar-panel.ts";
import { screenFromPanel } from "../../../core/app/market/market-jobs.ts";
import { formatDate, marketTimeOf, yyyymmdd } from "../../../core/bars/market-time.ts";
import { classifySecurity, type Market } from "../../../core/bars/security-kind.ts";
import type { BarSeries } from "../../../core/bars/series.ts";
import type { PanelRef } from "../../../ports/market-panel.ts";
import { FakeClock, silentLog } from "../../support/server.ts";

const SATURDAY = Date.UTC(2026, 10, 21, 2, 0, 0);
const MONDAY_AFTER_CLOSE = Date.UTC(2026, 10, 23, 8, 0, 0);
const FIELDS = ["time", "open", "high", "low", "close", "vol", "amount"] as const;
const plain = (s: BarSeries) => Object.fromEntries(FIELDS.map((f) => [f, Array.from(s[f])]));

describe("store panel", () => {
  const clock = new FakeClock(SATURDAY);
  let dir: string;
  let sim: Simulator;
  let pool: TdxPool;
  let client: TdxClient;
  let store: MarketStore;
  let panel: BarPanel;
  let upstream: BarService;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "tdx-forge-panel-"));
    sim = await startSimulator({ source: new DemoSource(new DemoMarket(20260101)), clock });
    pool = new TdxPool([{ name: "sim", host: sim.host, port: sim.port }], { size: 2 });
    client = new TdxClient(pool);
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

  test("every row, cut and adjusted (once per row, kept and sliced), equals /bars' answer from the quote source", async () => {
    let adjusted = 0;
    // one keep for the whole panel, as a worker holds it: the first count adjusts each row whole, the second slices it
    const kept: AdjustedRows = new Map();
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
          const sliced = adjustedWindow(panel, i, { count }, mode, kept);
          assert.ok(sliced, `${symbol}: the kept rows answer ${count} bars`);
          assert.deepEqual(plain(sliced), plain(want.series), `${symbol} ${count} bars ${mode}, sliced from the kept row`);
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

  // last: it syncs one more session into the store
  test("a worker keeps its panel and adjusted rows until a sync writes; then it loads the new bars", async () => {
    const asOf = yyyymmdd(marketTimeOf(SATURDAY));
    const saturday = { dir, version: await store.version(), asOf, window: 800 };
    const held = await storePanel(saturday);
    assert.equal(await storePanel({ ...saturday }), held, "the same store version: the same panel object");
    const symbols = held.symbols.filter((s) => classifySecurity(...(s.split(":") as [Market, string])).kind === "stock").slice(0, 30);
    const job = (ref: PanelRef) => ({ ref, text: "M:MA(C,5);B:C>0;", params: {}, signal: "B", items: symbols.map((symbol) => ({ symbol, name: "" })), count: 120, adjust: "QFQ" as const });
    const before = await screenFromPanel(storePanel, job(saturday));
    assert.deepEqual(new Set(before.map((o) => ("date" in o ? o.date : o.error))), new Set(["2026-11-20T00:00:00"]), "screened through Friday");

    clock.t = MONDAY_AFTER_CLOSE;
    await syncStore({ store, sources: [client], perSource: 2, clock });
    const version = await store.version();
    assert.notEqual(version, saturday.version, "the sync wrote: a new store version");
    const reloaded = await storePanel({ ...saturday, version });
    assert.notEqual(reloaded, held, "a new version: the panel is loaded again");
    const i = panelRows(reloaded).get(symbols[0]!)!;
    assert.equal(formatDate(reloaded.time[reloaded.start[i + 1]! - 1]!), "2026-11-23", "the reloaded panel holds Monday's bar");

    const monday = { ...saturday, version, asOf: yyyymmdd(marketTimeOf(MONDAY_AFTER_CLOSE)) };
    const after = await screenFromPanel(storePanel, job(monday));
    const live = new BarService(client, clock, silentLog);
    for (const o of after) {
      assert.ok("date" in o, `${o.symbol}: screened (${"error" in o ? o.error : ""})`);
      const [market, code] = o.symbol.split(":") as [Market, string];
      const want = (await live.bars({ market, code, category: "DAY", start: 0, count: 120, barTime: "start" }, "QFQ")).series;
      const n = want.length;
      assert.equal(o.date, "2026-11-23T00:00:00", `${o.symbol}: screened through Monday`);
      assert.equal(o.close, want.close[n - 1], `${o.symbol}: Monday's forward-adjusted close, as /bars serves it`);
      const ma5 = (want.close[n - 1]! + want.close[n - 2]! + want.close[n - 3]! + want.close[n - 4]! + want.close[n - 5]!) / 5;
      assert.ok(Math.abs(o.values.M! - ma5) < 1e-9, `${o.symbol}: MA(C,5) ${o.values.M} over /bars' closes ${ma5}`);
    }
  });
});
