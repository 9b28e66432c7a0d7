/**
 * TDX's GBK text tables of industries and board indices (adapters/tdx/README.md 8.5,
 * adapters/tdx/mac/README.md 4.1), both directions where the simulator serves them:
 *
 * - `tdxhy.cfg`: `market|code|TDX industry T-code|||research industry X-code`
 *   (e.g. `0|000001|T1001|||X500102`), one security per line.
 * - `tdxzs.cfg` / `tdxzs3.cfg`: `name|board index code|type|level|flag|ref`, where
 *   type 2 = TDX industry (ref a T-code), 3 = region, 4 = concept and 5 = style
 *   (ref the board name as the block files spell it), 12 = research industry (ref
 *   an X-code); level 1 or 2.
 * - `incon.dat`: name tables in sections opened by `#NAME` and closed by `######`
 *   (one real section, #SBHY_TZ, is closed only by the next header).
 *
 * Lines end in LF or CRLF; blank and malformed lines are skipped.
 */
import { decodeGbkText, encodeGbk } from "../tdx-gbk.ts";

export interface IndustryLine {
  readonly market: number;
  readonly code: string;
  /** TDX industry code, e.g. "T1001" (may be empty). */
  readonly tdx: string;
  /** Research (SW-style) industry code, e.g. "X500102" (may be empty). */
  readonly research: string;
}

export interface BoardIndexLine {
  readonly name: string;
  /** Six-digit board index code (880xxx, 881xxx), quoted on market SH. */
  readonly code: string;
  readonly type: number;
  readonly level: number;
  readonly flag: number;
  readonly ref: string;
}

/** Board index types of tdxzs*.cfg. */
export const BoardIndexType = { TDX_INDUSTRY: 2, REGION: 3, CONCEPT: 4, STYLE: 5, RESEARCH_INDUSTRY: 12 } as const;

const lines = (bytes: Uint8Array) => decodeGbkText(bytes).split(/\r?\n/);
const joinLines = (rows: readonly string[]) => encodeGbk(rows.map((r) => `${r}\r\n`).join(""));

export function decodeTdxhy(bytes: Uint8Array): IndustryLine[] {
  const out: IndustryLine[] = [];
  for (const line of lines(bytes)) {
    const p = line.split("|");
    if (p.length < 3 || p[1]!.length !== 6 || !/^\d+$/.test(p[0]!)) continue;
    out.push({ market: Number(p[0]), code: p[1]!, tdx: p[2]!, research: p[5] ?? "" });
  }
  return out;
}

export function encodeTdxhy(rows: readonly IndustryLine[]): Uint8Array {
  return joinLines(rows.map((r) => `${r.market}|${r.code}|${r.tdx}|||${r.research}`));
}

export function decodeTdxzs(bytes: Uint8Array): BoardIndexLine[] {
  const out: BoardIndexLine[] = [];
  for (const line of lines(bytes)) {
    const p = line.split("|");
    if (p.length < 6 || !/^\d{6}$/.test(p[1]!)) continue;
    out.push({ name: p[0]!, code: p[1]!, type: Number(p[2]), level: Number(p[3]), flag: Number(p[4]), ref: p[5]! });
  }
  return out;
}

export function encodeTdxzs(rows: readonly BoardIndexLine[]): Uint8Array {
  return joinLines(rows.map((r) => `${r.name}|${r.code}|${r.type}|${r.level}|${r.flag}|${r.ref}`));
}

/** `incon.dat`: section name (without `#`) → code → name, in file order. */
export function decodeIncon(bytes: Uint8Array): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  let section: Map<string, string> | undefined;
  for (const line of lines(bytes)) {
    if (line.startsWith("######")) {
      section = undefined;
    } else if (line.startsWith("#")) {
      section = new Map();
      out.set(line.slice(1).trim(), section);
    } else if (section) {
      const bar = line.indexOf("|");
      if (bar > 0) section.set(line.slice(0, bar), line.slice(bar + 1).trim());
    }
  }
  return out;
}
