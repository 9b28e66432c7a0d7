/**
 * The main thread's side of the store panel (ports/market-panel.ts): which
 * symbols a market-wide job may read from the panel its workers load
 * (store-panel.ts). A symbol is covered when the store holds its daily bars
 * complete now ({@link MarketStore.covers}, the rule /bars follows) and it is a
 * stock or fund. The panel keeps at least the newest {@link PANEL_MIN_BARS}
 * bars, more when a job asks for more, at most {@link PANEL_MAX_BARS} (the
 * largest `count` a request may give).
 */
import { resolve } from "node:path";
import { marketTimeOf, yyyymmdd, type Market } from "../../core/bars/index.ts";
import type { Clock } from "../../ports/clock.ts";
import type { MarketPanels, PanelCover } from "../../ports/market-panel.ts";
import type { MarketStore } from "./market-store.ts";
import { inPanel } from "./store-panel.ts";

export const PANEL_MIN_BARS = 800;
export const PANEL_MAX_BARS = 2000;
const MARKET_ID: Readonly<Record<string, number>> = { SZ: 0, SH: 1, BJ: 2 };

export class StorePanels implements MarketPanels {
  constructor(
    private readonly store: MarketStore,
    private readonly clock: Clock,
  ) {}

  async cover(symbols: readonly string[], bars: number): Promise<PanelCover | undefined> {
    if (!(bars >= 1 && bars <= PANEL_MAX_BARS)) return undefined;
    const covered = new Set<string>();
    const covers = await this.store.coverage(4);
    for (const symbol of symbols) {
      const [market, code] = symbol.split(":") as [Market, string];
      const id = MARKET_ID[market];
      if (id === undefined || !code || !inPanel(market, code)) continue;
      if (covers({ market: id as 0 | 1 | 2, code })) covered.add(symbol);
    }
    if (covered.size === 0) return undefined;
    const asOf = yyyymmdd(marketTimeOf(this.clock.now()));
    return { ref: { dir: resolve(this.store.dir), version: await this.store.version(), asOf, window: Math.max(PANEL_MIN_BARS, bars) }, covered };
  }
}
