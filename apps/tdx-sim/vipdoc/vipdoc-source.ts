/**
 * A local TDX `vipdoc` directory as a simulator data set (`npm run sim -- --vipdoc DIR`),
 * so other TDX clients can be pointed at a user's files. The service itself reads
 * such a directory directly (adapters/vipdoc/vipdoc-quote-source.ts); both read
 * through {@link VipdocTree}. Offline files carry no ticks, F10 text, finance or
 * ex-rights records: the xdxr command answers with an empty body ("unavailable").
 */
import { VipdocTree } from "../../../adapters/vipdoc/vipdoc-tree.ts";
import type { BarSeries } from "../../../core/bars/index.ts";
import { emptyAuction, emptyTicks, type IndexBarSeries, type SecurityRef } from "../../../core/quotes/index.ts";
import type { SimSource } from "../sim-source.ts";

const known = (a: Float64Array) => a.map((v) => (Number.isNaN(v) ? 0 : v));

export class VipdocSource implements SimSource {
  readonly name = "vipdoc";

  private constructor(readonly tree: VipdocTree) {}

  static async open(root: string): Promise<VipdocSource> {
    return new VipdocSource(await VipdocTree.open(root));
  }

  securities(market: number) {
    return this.tree.securities(market);
  }

  decimals(ref: SecurityRef): number {
    return this.tree.decimals(ref);
  }

  isIndex(ref: SecurityRef): boolean {
    return this.tree.isIndex(ref);
  }

  quote(ref: SecurityRef, now: number) {
    return this.tree.quote(ref, now);
  }

  /** Index replies always carry breadth words: where the files keep none (weekly and longer bars) they are sent as 0. */
  bars(ref: SecurityRef, category: number, start: number, count: number): BarSeries | IndexBarSeries {
    if (!this.tree.isIndex(ref)) return this.tree.bars(ref, category, start, count);
    const s = this.tree.indexBars(ref, category, start, count);
    return { ...s, up: known(s.up), down: known(s.down) };
  }

  /** An index's minute line has no volume in the files: sent as 0, the wire having no word for none. */
  minute(ref: SecurityRef) {
    const m = this.tree.minute(ref);
    return { ...m, vol: known(m.vol) };
  }

  historyMinute(ref: SecurityRef, date: number) {
    const h = this.tree.historyMinute(ref, date);
    return { ...h, series: { ...h.series, vol: known(h.series.vol) } };
  }

  ticks() {
    return emptyTicks();
  }

  historyTicks() {
    return { preClose: 0, ticks: emptyTicks() };
  }

  auction() {
    return emptyAuction();
  }

  xdxr(): undefined {
    return undefined;
  }

  finance() {
    return undefined;
  }

  companyCategory() {
    return [];
  }

  companyText() {
    return undefined;
  }

  file() {
    return undefined;
  }
}
