/**
 * How a security is named in the web app: `SZ000001` in addresses, `SZ:000001`
 * on the WebSocket, `{market, code}` in API calls. Classification (index or not,
 * price decimals) comes from the service's own pure rules in core/.
 */
import { classifySecurity, priceDecimals } from "../../../../core/bars/index.ts";
import type { Market } from "../api/types.ts";

export interface SymbolRef {
  readonly market: Market;
  readonly code: string;
}

const MARKETS: readonly Market[] = ["SH", "SZ", "BJ"];

export const symbolKey = (s: SymbolRef): string => `${s.market}${s.code}`;
export const wsCode = (s: SymbolRef): string => `${s.market}:${s.code}`;

export const isIndex = (s: SymbolRef): boolean => classifySecurity(s.market, s.code).kind === "index";
export const decimalsOf = (s: SymbolRef): number => priceDecimals(s.market, s.code);

/**
 * The market a bare 6-digit code most likely belongs to: the first market where
 * it is a tradable security (stock, fund, bond), else where it is an index.
 * `000001` is Ping An Bank (SZ); the SSE Composite must be written `SH000001`.
 */
export function inferMarket(code: string): Market | null {
  const kinds = MARKETS.map((m) => [m, classifySecurity(m, code).kind] as const);
  const tradable = kinds.find(([, k]) => k === "stock" || k === "fund" || k === "bond");
  if (tradable) return tradable[0];
  return kinds.find(([, k]) => k === "index")?.[0] ?? null;
}

/** Reads `SZ000001`, `sz:000001`, `000001.SZ` or a bare `000001`; null when it is none of them. */
export function parseSymbol(text: string): SymbolRef | null {
  const s = text.trim().toUpperCase();
  let m = /^(SH|SZ|BJ)[:.]?(\d{6})$/.exec(s);
  if (m) return { market: m[1] as Market, code: m[2]! };
  m = /^(\d{6})\.(SH|SZ|BJ)$/.exec(s);
  if (m) return { market: m[2] as Market, code: m[1]! };
  if (/^\d{6}$/.test(s)) {
    const market = inferMarket(s);
    return market ? { market, code: s } : null;
  }
  return null;
}

export interface NamedSymbol extends SymbolRef {
  readonly name: string;
}

/** The headline indices on the overview and in search (names are the exchanges' own). */
export const MAJOR_INDICES: readonly NamedSymbol[] = [
  { market: "SH", code: "000001", name: "上证指数" },
  { market: "SZ", code: "399001", name: "深证成指" },
  { market: "SZ", code: "399006", name: "创业板指" },
  { market: "SH", code: "000688", name: "科创50" },
  { market: "SH", code: "000300", name: "沪深300" },
  { market: "BJ", code: "899050", name: "北证50" },
];
