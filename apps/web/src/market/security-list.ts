/**
 * The securities the search box knows: the service's A-share list plus the
 * headline indices, fetched once and kept in localStorage for the day (the list
 * changes only with listings, and the real list takes dozens of upstream reads).
 */
import { shallowRef } from "vue";
import { securityListAll } from "../api/endpoints.ts";
import { MAJOR_INDICES, type NamedSymbol } from "./symbols.ts";
import type { Market } from "../api/types.ts";

const KEY = "tf.securities";
/** Pages of 1000 per market; the server reads no more than each market has. */
const PAGES = 40;

type Packed = [Market, string, string][];

export const securities = shallowRef<readonly NamedSymbol[]>(MAJOR_INDICES);
let loading: Promise<void> | null = null;

const today = () => new Date().toISOString().slice(0, 10);

function fromCache(): NamedSymbol[] | null {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? "null") as { day: string; rows: Packed } | null;
    if (!raw || raw.day !== today() || !Array.isArray(raw.rows)) return null;
    return raw.rows.map(([market, code, name]) => ({ market, code, name }));
  } catch {
    return null;
  }
}

/** Loads the list once per page life; later calls share the first. */
export function loadSecurities(): Promise<void> {
  loading ??= (async () => {
    let rows = fromCache();
    if (!rows) {
      const frame = await securityListAll(PAGES);
      rows = frame.data.map(({ market, code, name }) => ({ market, code, name }));
      try {
        localStorage.setItem(KEY, JSON.stringify({ day: today(), rows: rows.map((r) => [r.market, r.code, r.name]) }));
      } catch {
        // Storage full: the list is simply fetched again next time.
      }
    }
    securities.value = [...MAJOR_INDICES, ...rows];
  })().catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}

/** The display name of a symbol, when the list has it. */
export function nameOf(market: Market, code: string): string {
  return securities.value.find((s) => s.market === market && s.code === code)?.name ?? "";
}
