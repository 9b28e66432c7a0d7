/** Market names of the API ↔ TDX market ids of the standard protocol. */
import { TDX_MARKET, type Market } from "../../bars/index.ts";

export const MARKETS = ["SZ", "SH", "BJ"] as const;
export const SZ_SH = ["SZ", "SH"] as const;

export const marketId = (m: Market): number => TDX_MARKET[m];

const NAMES: Record<number, Market> = { 0: "SZ", 1: "SH", 2: "BJ" };
export const marketName = (id: number): Market | undefined => NAMES[id];
