/**
 * `tdx-forge/tdx`: the TDX standard-protocol client (adapters/tdx): a
 * {@link TdxClient} over a {@link TdxPool} of TCP connections with fail-over
 * between hosts (the public list, or your own `host:port` list), answering
 * quotes, bars, minute series, ticks, xdxr, finance and company files.
 *
 *     import { BAR_CATEGORIES } from "tdx-forge/bars";
 *     const pool = new TdxPool(parseHostList("127.0.0.1:7709"));
 *     const tdx = new TdxClient(pool);
 *     const bars = await tdx.bars({ market: 0, code: "000001" }, BAR_CATEGORIES.DAY.request, 0, 100);
 *     await pool.close();
 */
export { TdxClient } from "../../adapters/tdx/tdx-client.ts";
export { TdxPool, type HostProbe, type PoolOptions } from "../../adapters/tdx/tdx-pool.ts";
export { DEFAULT_TDX_HOSTS, parseHostList, type TdxHost } from "../../adapters/tdx/tdx-hosts.ts";
export { ReplayTransport } from "../../adapters/replay/replay-transport.ts";
export type { TdxTransport } from "../../adapters/tdx/tdx-transport.ts";
export type { QuoteSource } from "../../ports/quote-source.ts";
export type { MarketId, Quote, SecurityInfo, SecurityRef, MinuteSeries, TickSeries, XdxrEntry, FinanceInfo } from "../../core/quotes/index.ts";
