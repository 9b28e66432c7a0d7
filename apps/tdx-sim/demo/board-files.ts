/**
 * The board files a TDX quote host serves, generated from the demo boards in their
 * real layouts: block_zs.dat (index constituents), block_gn.dat (concepts),
 * block_fg.dat (styles and regions), tdxzs3.cfg (board index catalogue) and
 * tdxhy.cfg (each stock's industry codes). Built once per market.
 */
import { encodeBlockFile } from "../../../adapters/tdx/files/block-dat.ts";
import { BoardIndexType, type BoardIndexLine, encodeTdxhy, encodeTdxzs } from "../../../adapters/tdx/files/tdx-cfg.ts";
import { TDX_MARKET } from "../../../core/bars/index.ts";
import type { BoardKind, DemoBoard } from "./boards.ts";

/** TDX writes type 2 in every block slot seen. */
const BLOCK_TYPE = 2;

const CATALOGUE_TYPE: Partial<Record<BoardKind, number>> = {
  HY: BoardIndexType.RESEARCH_INDUSTRY,
  HY2: BoardIndexType.RESEARCH_INDUSTRY,
  GN: BoardIndexType.CONCEPT,
  FG: BoardIndexType.STYLE,
  DQ: BoardIndexType.REGION,
};

function blockFile(boards: readonly DemoBoard[]): Uint8Array {
  return encodeBlockFile(boards.map((b) => ({ name: b.name, type: BLOCK_TYPE, count: b.members.length, codes: b.members.map((m) => m.code) })));
}

/** File name → bytes, for every board file of the market. */
export function boardFiles(boards: readonly DemoBoard[]): Map<string, Uint8Array> {
  const of = (...kinds: BoardKind[]) => boards.filter((b) => kinds.includes(b.kind));
  const catalogue: BoardIndexLine[] = boards
    .filter((b) => CATALOGUE_TYPE[b.kind] !== undefined)
    .map((b) => ({
      name: b.name,
      code: b.code,
      type: CATALOGUE_TYPE[b.kind]!,
      level: b.kind === "HY2" ? 2 : 1,
      flag: 0,
      ref: b.industryCode ?? b.name,
    }));
  const industry = of("HY2").flatMap((b) => b.members.map((s) => ({ market: TDX_MARKET[s.market], code: s.code, tdx: `T${b.industryCode!.slice(1)}`, research: b.industryCode! })));
  industry.sort((a, b) => a.market - b.market || a.code.localeCompare(b.code));
  return new Map([
    ["block_zs.dat", blockFile(of("ZS"))],
    ["block_gn.dat", blockFile(of("GN"))],
    ["block_fg.dat", blockFile(of("FG", "DQ"))],
    ["tdxzs3.cfg", encodeTdxzs(catalogue)],
    ["tdxhy.cfg", encodeTdxhy(industry)],
  ]);
}
