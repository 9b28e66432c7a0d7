/**
 * The demo market written out as a TDX `vipdoc` tree (`{sh,sz,bj}/lday/*.day`), so
 * offline readers — the strength scan above all — work against the simulator the
 * way they work against a TDX install. Only finished sessions are written (TDX
 * itself updates `.day` files after the close); a marker file remembers the last
 * day written, so the tree is rewritten only when the market has moved on. Board
 * indices are left out: nothing offline reads them and they are most of the files.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { encodeDayFile } from "../../../adapters/vipdoc/vipdoc-day.ts";
import { dayPriceDivisor, type VipdocMarket } from "../../../adapters/vipdoc/vipdoc-price-scale.ts";
import { yyyymmdd, dayStart } from "../../../core/bars/index.ts";
import { DemoMarket } from "./demo-market.ts";

const MARKER = ".demo-last-day";
const U32_MAX = 0xffffffff;

/** The last trading day whose session is over at market time `now` (YYYYMMDD). */
export function lastFinishedDay(now: number): number {
  const s = DemoMarket.session(now);
  return s.tradingDay && s.minutesDone < 240 ? yyyymmdd(dayStart(now) - 86_400_000) : s.day;
}

/** Writes (or refreshes) the tree under `dir`; returns `dir`. */
export async function exportDemoVipdoc(market: DemoMarket, dir: string, now: number): Promise<string> {
  const last = lastFinishedDay(now);
  const stamp = `${market.seed}:${last}`;
  const previous = await readFile(join(dir, MARKER), "utf8").catch(() => "");
  if (previous === stamp) return dir;
  for (const m of ["sh", "sz", "bj"] as const) await mkdir(join(dir, m, "lday"), { recursive: true });
  for (const s of market.universe) {
    if (market.board(s.code)) continue;
    const folder = s.market.toLowerCase() as VipdocMarket;
    const h = market.history(s, last);
    // A history holds one up and one down count per bar.
    const reserved = Float64Array.from(h.up, (u, i) => u + h.down[i]! * 0x10000);
    // The file's volume word is a u32; the demo's largest caps can exceed it on wild days.
    const vol = h.bars.vol.map((v) => Math.min(v, U32_MAX));
    const bytes = encodeDayFile({ ...h.bars, vol, reserved }, dayPriceDivisor(folder, s.code));
    await writeFile(join(dir, folder, "lday", `${folder}${s.code}.day`), bytes);
  }
  await writeFile(join(dir, MARKER), stamp);
  return dir;
}
