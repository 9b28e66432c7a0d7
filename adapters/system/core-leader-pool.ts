/**
 * The core-leader pool `/market/core-leaders` answers for: the project's default
 * (core/market/core-leaders.ts, 159 securities) unless the data directory holds a
 * `core-leaders.csv` with the same columns (`group,code,market,name`, header line
 * first). A malformed file stops start-up with the line that is wrong.
 */
import { readFile } from "node:fs/promises";
import { CORE_LEADERS, type PoolMember } from "../../core/market/index.ts";

export const CORE_LEADERS_FILE = "core-leaders.csv";

export function parsePool(text: string, source: string): PoolMember[] {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .map((l) => l.trim());
  const header = lines[0]?.split(",").map((h) => h.trim().toLowerCase()) ?? [];
  const at = (k: string) => header.indexOf(k);
  if (["group", "code", "market", "name"].some((k) => at(k) < 0)) throw new Error(`${source}: header must name group,code,market,name`);
  const out: PoolMember[] = [];
  lines.slice(1).forEach((line, i) => {
    if (!line) return;
    const p = line.split(",").map((x) => x.trim());
    const market = p[at("market")]?.toUpperCase();
    const code = p[at("code")] ?? "";
    if ((market !== "SH" && market !== "SZ" && market !== "BJ") || !/^\d{6}$/.test(code)) {
      throw new Error(`${source}: line ${i + 2} needs a market SH/SZ/BJ and a six-digit code: "${line}"`);
    }
    out.push({ group: p[at("group")] ?? "", market, code, name: p[at("name")] ?? "" });
  });
  return out;
}

/** The pool from `path` when that file exists, else the default. */
export async function loadCoreLeaderPool(path: string): Promise<readonly PoolMember[]> {
  const text = await readFile(path, "utf8").catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") return undefined;
    throw e;
  });
  return text === undefined ? CORE_LEADERS : parsePool(text, path);
}
