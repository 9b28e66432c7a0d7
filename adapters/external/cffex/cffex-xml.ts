/**
 * CFFEX `positionRank` XML → wide rows (adapters/external/README.md §3 "XML layout"): one
 * `<data>` element per (contract, ranking, rank) with `datatypeid` 0 volume,
 * 1 long open interest, 2 short open interest. The three rankings are set side
 * by side per contract and rank, as CFFEX's CSV shows them; a missing cell is
 * null. Tag names are matched case-insensitively (older files used camelCase).
 * The format is flat, so elements are read with patterns, not a DOM.
 */
import type { PositionRankRow } from "../../../ports/external-data.ts";
import { ProviderError } from "../provider-errors.ts";

const PROVIDER = "cffex";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e[0] === "#") return String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return ENTITIES[e] ?? m;
  });
}

/** Half-width brackets and no stray spaces, so one member reads the same in every file. */
export function normaliseMember(name: string): string {
  return name.replace(/（/g, "(").replace(/）/g, ")").replace(/\s+/g, "");
}

/** CFFEX serves missing or unpublished days as an HTML error page (its marker `gray_404`), sometimes with 200. */
export function isCffexErrorPage(text: string): boolean {
  const head = text.trimStart().slice(0, 200).toLowerCase();
  return head.startsWith("<!doctype html") || head.startsWith("<html") || /gray_404|error_404/.test(text);
}

const int = (s: string | undefined) => (s !== undefined && /^-?\d+$/.test(s.trim()) ? Number(s.trim()) : null);

type Cell = { member: string; value: number | null; chg: number | null };
const KINDS = ["vol", "long", "short"] as const;

export function parsePositionRankXml(text: string): PositionRankRow[] {
  if (!/<positionRank[\s>]/i.test(text)) throw new ProviderError(PROVIDER, "cffex answered with a document that is not a positionRank file");
  const cells = new Map<string, Cell>();
  const meta = new Map<string, { day: string; product: string; ranks: Set<number> }>();
  for (const [, body] of text.matchAll(/<data\b[^>]*>([\s\S]*?)<\/data>/gi)) {
    const f = new Map<string, string>();
    // Both patterns' groups are not optional: a match has them all.
    for (const [, tag, value] of body!.matchAll(/<(\w+)>([^<]*)<\/\1>/g)) f.set(tag!.toLowerCase(), unescapeXml(value!).trim());
    const instrument = f.get("instrumentid");
    const kind = int(f.get("datatypeid"));
    const rank = int(f.get("rank"));
    if (!instrument || kind === null || kind < 0 || kind > 2 || rank === null) continue;
    cells.set(`${instrument}|${kind}|${rank}`, { member: normaliseMember(f.get("shortname") ?? ""), value: int(f.get("volume")), chg: int(f.get("varvolume")) });
    let m = meta.get(instrument);
    if (!m) meta.set(instrument, (m = { day: f.get("tradingday") ?? "", product: f.get("productid") ?? "", ranks: new Set() }));
    m.ranks.add(rank);
  }
  const rows: PositionRankRow[] = [];
  for (const instrument of [...meta.keys()].sort()) {
    const m = meta.get(instrument)!;
    for (const rank of [...m.ranks].sort((a, b) => a - b)) {
      const [v, l, s] = KINDS.map((_, k) => cells.get(`${instrument}|${k}|${rank}`));
      rows.push({
        trading_day: m.day,
        product: m.product,
        instrument,
        rank,
        vol_member: v?.member ?? null,
        vol: v?.value ?? null,
        vol_chg: v?.chg ?? null,
        long_member: l?.member ?? null,
        long_pos: l?.value ?? null,
        long_chg: l?.chg ?? null,
        short_member: s?.member ?? null,
        short_pos: s?.value ?? null,
        short_chg: s?.chg ?? null,
      });
    }
  }
  return rows;
}
