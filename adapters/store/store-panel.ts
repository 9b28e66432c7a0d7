/**
 * Loads the market store's daily bars into one panel (core/bars/bar-panel.ts):
 * every stock and fund `.day` file the sync state vouches for exactly, read
 * whole once to compute its adjustment basis (core/bars/adjust.ts
 * `adjustBasis`, as /bars does from the whole history) and cut to its newest
 * `window` bars, with its stored ex-rights records. Indices are left out (/bars
 * refuses them; market-wide jobs read them the old way, with the same answer).
 *
 * A worker thread keeps one panel (`storePanel`): the same reference, or one
 * for the same store, version and day with a window no wider, reuses it; a new
 * version (a sync wrote), a new day or a wider window loads it again. The main
 * thread never loads it: it only decides which symbols are covered
 * (store-panels.ts).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  adjustBasis,
  packPanel,
  type BarPanel,
  type PanelRow,
  fromYyyymmdd,
  priceEvents,
  classifySecurity,
  type Market,
  priceDecimals,
  copySeries,
  DAY_MS,
  type XdxrRecord,
} from "../../core/bars/index.ts";
import type { PanelRef } from "../../ports/market-panel.ts";
import { defaultSqliteOpener } from "../sqlite/sqlite-opener.ts";
import { decodeDayFile } from "../vipdoc/vipdoc-day.ts";
import { dayPriceDivisor, type VipdocMarket } from "../vipdoc/vipdoc-price-scale.ts";
import { openStoreDatabase } from "./store-database.ts";
import { barFilePath } from "./store-files.ts";

const MARKET: Readonly<Record<string, Market>> = { sh: "SH", sz: "SZ", bj: "BJ" };
/** Files read at once while loading. */
const READS = 16;

/** Whether market-wide jobs read `code` from the panel (stocks and funds, not indices). */
export const inPanel = (market: Market, code: string): boolean => classifySecurity(market, code).kind !== "index";

export async function loadStorePanel(ref: PanelRef): Promise<BarPanel> {
  const db = await openStoreDatabase(join(ref.dir, "market.sqlite"), defaultSqliteOpener());
  let files: { market: string; code: string }[];
  let xdxr: Map<string, string>;
  try {
    files = await db.selectFrom("sync_state").select(["market", "code"]).where("kind", "=", "day").where("records", ">", 0).where("exact", "=", 1).orderBy("market").orderBy("code").execute();
    xdxr = new Map((await db.selectFrom("xdxr").select(["market", "code", "records"]).execute()).map((r) => [`${r.market}${r.code}`, r.records]));
  } finally {
    await db.destroy();
  }
  const wanted = files.filter((f) => MARKET[f.market] && inPanel(MARKET[f.market]!, f.code));
  const asOfDay = Math.floor(fromYyyymmdd(ref.asOf) / DAY_MS);
  const vipdoc = join(ref.dir, "vipdoc");
  const rows = new Array<PanelRow | undefined>(wanted.length);
  let next = 0;
  const lane = async () => {
    while (next < wanted.length) {
      const k = next++;
      const { market, code } = wanted[k]!;
      const m = MARKET[market]!;
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await readFile(barFilePath(vipdoc, market as VipdocMarket, code, "day")));
      } catch {
        continue; // vouched for but gone (a store edited by hand): its jobs report it missing from the panel
      }
      const history = decodeDayFile(bytes.subarray(0, bytes.length - (bytes.length % 32)), dayPriceDivisor(market as VipdocMarket, code));
      const events = priceEvents(JSON.parse(xdxr.get(market + code) ?? "[]") as XdxrRecord[]);
      const decimals = priceDecimals(m, code);
      rows[k] = {
        symbol: `${m}:${code}`,
        // a copy of the window, so the whole history is garbage at once (holding every history until packing is GBs)
        bars: copySeries(history, Math.max(0, history.length - ref.window)),
        records: history.length,
        basis: adjustBasis(history, events, asOfDay, decimals),
        events,
        decimals,
      };
    }
  };
  await Promise.all(Array.from({ length: READS }, lane));
  return packPanel(
    rows.filter((r) => r !== undefined),
    ref.window,
    ref.asOf,
  );
}

let held: { readonly ref: PanelRef; readonly panel: Promise<BarPanel> } | undefined;

/** This thread's panel for `ref` (see the header). */
export function storePanel(ref: PanelRef): Promise<BarPanel> {
  const h = held;
  if (h && h.ref.dir === ref.dir && h.ref.version === ref.version && h.ref.asOf === ref.asOf && h.ref.window >= ref.window) return h.panel;
  const wider = h && h.ref.dir === ref.dir && h.ref.version === ref.version && h.ref.asOf === ref.asOf ? Math.max(h.ref.window, ref.window) : ref.window;
  const mine = { ref: { ...ref, window: wider }, panel: loadStorePanel({ ...ref, window: wider }) };
  held = mine;
  mine.panel.catch(() => {
    if (held === mine) held = undefined;
  });
  return mine.panel;
}
