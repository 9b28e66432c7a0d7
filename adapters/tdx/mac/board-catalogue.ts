/**
 * The boards and their members as the standard protocol's files describe them,
 * for the derived board source: `tdxzs3.cfg` lists the board indices (code, name,
 * type, reference), `tdxhy.cfg` each stock's research-industry code, and the block
 * files the concept, style and region memberships. Mapping (adapters/tdx/mac/README.md
 * 4.1, checked against the real fixtures' counts): type 12 with a 4-digit X-code is
 * an HY board, with a 6-digit one an HY2 board (members: stocks whose industry code
 * starts with it); type 4 is GN (members in block_gn.dat under the reference name),
 * 5 FG and 3 DQ (block_fg.dat, under the reference or the board's own name).
 * Members carry no market in block files; tdxhy.cfg supplies it, else the code does.
 */
import { exchangeOf } from "../../../core/market/index.ts";
import { TDX_MARKET } from "../../../core/bars/index.ts";
import type { BoardKind } from "../../../ports/board-source.ts";
import { decodeBlockFile } from "../files/block-dat.ts";
import { BoardIndexType, decodeTdxhy, decodeTdxzs } from "../files/tdx-cfg.ts";

export interface CatalogueBoard {
  readonly code: string;
  readonly name: string;
  readonly kind: Exclude<BoardKind, "ALL">;
  readonly members: readonly { readonly market: number; readonly code: string }[];
}

export interface CatalogueFiles {
  readonly tdxzs: Uint8Array;
  readonly tdxhy: Uint8Array;
  readonly blockGn: Uint8Array;
  readonly blockFg: Uint8Array;
}

export const CATALOGUE_FILE_NAMES = { tdxzs: "tdxzs3.cfg", tdxhy: "tdxhy.cfg", blockGn: "block_gn.dat", blockFg: "block_fg.dat" } as const;

export function buildCatalogue(files: CatalogueFiles): CatalogueBoard[] {
  const industry = decodeTdxhy(files.tdxhy);
  const marketOf = new Map(industry.map((r) => [r.code, r.market]));
  const ref = (code: string) => ({ market: marketOf.get(code) ?? TDX_MARKET[exchangeOf(code)], code });
  const blocks = new Map<string, readonly string[]>();
  for (const b of [...decodeBlockFile(files.blockGn), ...decodeBlockFile(files.blockFg)]) if (!blocks.has(b.name)) blocks.set(b.name, b.codes);
  const out: CatalogueBoard[] = [];
  for (const line of decodeTdxzs(files.tdxzs)) {
    let kind: CatalogueBoard["kind"] | undefined;
    let members: { market: number; code: string }[] = [];
    if (line.type === BoardIndexType.RESEARCH_INDUSTRY && (line.ref.length === 5 || line.ref.length === 7)) {
      kind = line.ref.length === 5 ? "HY" : "HY2";
      members = industry.filter((r) => r.research.startsWith(line.ref)).map((r) => ({ market: r.market, code: r.code }));
    } else if (line.type === BoardIndexType.CONCEPT || line.type === BoardIndexType.STYLE || line.type === BoardIndexType.REGION) {
      kind = line.type === BoardIndexType.CONCEPT ? "GN" : line.type === BoardIndexType.STYLE ? "FG" : "DQ";
      members = (blocks.get(line.ref) ?? blocks.get(line.name) ?? []).map(ref);
    }
    if (kind) out.push({ code: line.code, name: line.name, kind, members });
  }
  return out;
}
