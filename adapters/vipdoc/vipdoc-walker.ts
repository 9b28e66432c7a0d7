/**
 * Lists what a TDX `vipdoc` directory holds, so the vipdoc quote source and the
 * simulator know which securities they can serve without opening every file.
 *
 * Layout: `<root>/{sh,sz,bj}/lday/<market><code>.day`, `.../minline/<market><code>.lc1`,
 * `.../fzline/<market><code>.lc5`, and `<root>/ds/lday/<ext market>#<code>.day` for the
 * extended markets. Folders that do not exist are skipped; names that do not match
 * their folder are ignored (TDX writes lowercase names; matching is case-insensitive).
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { VipdocMarket } from "./vipdoc-price-scale.ts";

export interface VipdocFiles {
  readonly day?: string;
  readonly lc1?: string;
  readonly lc5?: string;
}

export interface VipdocSecurity {
  /** The market folder; "ds" for the extended markets. */
  readonly market: VipdocMarket | "ds";
  /** Six-digit code, or for "ds" the file stem such as "4#CF7D0LAO". */
  readonly code: string;
  /** Absolute paths of the files present. */
  readonly files: VipdocFiles;
}

const MARKETS: readonly VipdocMarket[] = ["sh", "sz", "bj"];
const KINDS = [
  { folder: "lday", ext: ".day", key: "day" },
  { folder: "minline", ext: ".lc1", key: "lc1" },
  { folder: "fzline", ext: ".lc5", key: "lc5" },
] as const;

/** Every security with at least one bar file under `root`, sorted by market and code. */
export async function listVipdoc(root: string): Promise<VipdocSecurity[]> {
  const found = new Map<string, { market: VipdocMarket | "ds"; code: string; files: Record<string, string> }>();
  const add = (market: VipdocMarket | "ds", code: string, key: string, path: string) => {
    const id = `${market}:${code}`;
    let entry = found.get(id);
    if (!entry) found.set(id, (entry = { market, code, files: {} }));
    entry.files[key] = path;
  };
  for (const market of MARKETS) {
    for (const { folder, ext, key } of KINDS) {
      const dir = join(root, market, folder);
      for (const name of await names(dir)) {
        const lower = name.toLowerCase();
        if (!lower.startsWith(market) || !lower.endsWith(ext)) continue;
        const code = name.slice(market.length, name.length - ext.length);
        if (code.length > 0) add(market, code, key, join(dir, name));
      }
    }
  }
  const dsDir = join(root, "ds", "lday");
  for (const name of await names(dsDir)) {
    if (name.toLowerCase().endsWith(".day") && name.includes("#")) add("ds", name.slice(0, -4), "day", join(dsDir, name));
  }
  return [...found.values()].sort((a, b) => (a.market === b.market ? cmp(a.code, b.code) : cmp(a.market, b.market))).map(({ market, code, files }) => ({ market, code, files: files as VipdocFiles }));
}

async function names(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((d) => d.isFile()).map((d) => d.name);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT" || (e as NodeJS.ErrnoException).code === "ENOTDIR") return [];
    throw e;
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
