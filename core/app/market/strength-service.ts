/**
 * `/market/strength`: the whole market ranked by core/market/strength.ts over
 * the offline daily files, through the market panels port (each tree's panel
 * lives as long as the service and follows the files, so after the first scan a
 * request is a few passes over memory). Names come from the quote server's security list
 * when it answers (offline files carry none) and are blank otherwise.
 */
import type { Market } from "../../bars/index.ts";
import { type PoolMember, rankStrength, type StrengthPreset, strengthWeights, type StrengthWeights } from "../../market/index.ts";
import type { StrengthPanel, StrengthPanels } from "../../../ports/strength-panels.ts";
import { InvalidRequestError } from "../app-errors.ts";

export type StrengthUniverse = "all" | "sh" | "sz" | "core";

export interface StrengthQuery {
  readonly preset: StrengthPreset;
  readonly custom: Partial<StrengthWeights>;
  readonly topN: number;
  readonly universe: StrengthUniverse;
  readonly minListedDays: number;
  readonly minAmount: number;
  readonly vipdoc?: string;
}

export interface StrengthRow {
  readonly rank: number;
  readonly code: string;
  readonly market: Market;
  readonly name: string;
  readonly last_close: number;
  readonly last_date: number;
  readonly ret_5: number;
  readonly ret_20: number;
  readonly ret_60: number;
  readonly vol_20: number;
  readonly strength: number;
}

export interface StrengthAnswer {
  readonly rows: readonly StrengthRow[];
  readonly weights: StrengthWeights;
  /** Securities scanned (before filters). */
  readonly scanned: number;
  readonly vipdoc: string;
}

export class StrengthService {
  readonly #panels: StrengthPanels;
  readonly #pool: readonly PoolMember[];
  readonly #names: (market: Market, code: string) => Promise<string | undefined>;

  constructor(panels: StrengthPanels, pool: readonly PoolMember[], names: (market: Market, code: string) => Promise<string | undefined>) {
    this.#panels = panels;
    this.#pool = pool;
    this.#names = names;
  }

  async scan(q: StrengthQuery): Promise<StrengthAnswer> {
    const weights = strengthWeights(q.preset, q.custom);
    if (!(weights.w5 + weights.w20 + weights.w60 > 0)) throw new InvalidRequestError("w5 + w20 + w60 must be positive");
    const root = await this.#panels.locate(q.vipdoc);
    const panel = this.#panels.panel(root);
    const include = this.#universe(panel, q.universe);
    const ranking = rankStrength(panel, weights, { minListedDays: q.minListedDays, minAmount: q.minAmount, include }, q.topN);
    const rows: StrengthRow[] = [];
    for (let k = 0; k < ranking.length; k++) {
      const i = ranking.row[k]!;
      const sec = panel.securities[i]!;
      const market = sec.market === "sh" ? "SH" : "SZ";
      rows.push({
        rank: k + 1,
        code: sec.code,
        market,
        name: "",
        last_close: panel.close[i * panel.window + panel.window - 1]!,
        last_date: panel.lastDate[i]!,
        ret_5: ranking.ret5[k]!,
        ret_20: ranking.ret20[k]!,
        ret_60: ranking.ret60[k]!,
        vol_20: ranking.vol20[k]!,
        strength: ranking.strength[k]!,
      });
    }
    const names = await Promise.all(rows.map((r) => this.#names(r.market, r.code).catch(() => undefined)));
    return { rows: rows.map((r, k) => ({ ...r, name: names[k] ?? "" })), weights, scanned: panel.n, vipdoc: this.#panels.shown(root) };
  }

  close(): void {
    this.#panels.close();
  }

  #universe(panel: StrengthPanel, u: StrengthUniverse): Uint8Array | undefined {
    if (u === "all") return undefined;
    const core = new Set(this.#pool.map((m) => `${m.market.toLowerCase()}${m.code}`));
    return Uint8Array.from(panel.securities, (s) => ((u === "core" ? core.has(s.market + s.code) : s.market === u) ? 1 : 0));
  }
}
