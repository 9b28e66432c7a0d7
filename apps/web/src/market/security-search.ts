/**
 * Ranking of securities for the search box: an exact code first, then code
 * prefixes, then names (or their pinyin initials, for a query of letters:
 * "pfyh" finds 浦发银行) that start with the query, then names containing it.
 * A query that is itself a valid symbol (`SH000001`, `600519`) always offers it,
 * so securities missing from the loaded list stay reachable.
 */
import { type NamedSymbol, parseSymbol, symbolKey } from "./symbols.ts";

export function searchSecurities(all: readonly NamedSymbol[], query: string, limit = 12, initialsOf?: (name: string) => string): NamedSymbol[] {
  const q = query.trim().toUpperCase().replace(":", "");
  if (q === "") return [];
  const codeLike = /^(SH|SZ|BJ)?\d{1,6}$/.test(q);
  const initials = /^[A-Z][A-Z0-9]*$/.test(q) ? initialsOf : undefined;
  const scored: { s: NamedSymbol; score: number }[] = [];
  for (const s of all) {
    const key = symbolKey(s);
    const name = s.name.toUpperCase();
    let score = -1;
    if (key === q || s.code === q) score = 0;
    else if (codeLike && (key.startsWith(q) || s.code.startsWith(q))) score = 1;
    else if (name.startsWith(q)) score = 2;
    else if (initials?.(s.name).startsWith(q)) score = 2;
    else if (name.includes(q) || initials?.(s.name).includes(q)) score = 3;
    if (score >= 0) scored.push({ s, score });
  }
  scored.sort((a, b) => a.score - b.score || a.s.code.localeCompare(b.s.code) || a.s.market.localeCompare(b.s.market));
  const out = scored.slice(0, limit).map((x) => x.s);
  const exact = parseSymbol(q);
  if (exact && !out.some((s) => s.market === exact.market && s.code === exact.code)) out.unshift({ ...exact, name: "" });
  return out.slice(0, limit);
}
