/**
 * A columnar in-memory copy of the recent daily bars of every `.day` file in a
 * vipdoc tree (see core/market/strength.ts `DailyPanel`), for whole-market scans.
 *
 * Only what a scan reads is kept: each file's record count, last date, and its
 * last `window` closes and amounts, read from the file's tail (a scan never needs
 * the deep history, so a cold load reads a few KB per file, not the whole file).
 * The panel follows the files: a directory watcher notes which `lday` files
 * changed, and without a working watcher it re-checks sizes and modification
 * times at most every `recheckMs` (with one, every minute in case an event was
 * lost). Files whose size and mtime are unchanged are not read again, and a
 * changed file's row (with its strength terms) is rewritten in place, so one new
 * file costs one stat, one small read and one row, not a new panel; only a file
 * added or removed lays the panel out afresh. A panel returned earlier therefore
 * reflects such in-place updates: read it synchronously.
 */
import { closeSync, openSync, readdirSync, readSync, statSync, watch, type FSWatcher } from "node:fs";
import { join } from "node:path";
import { MIN_BARS, strengthFeatures, writeStrengthFeatures } from "../../core/market/index.ts";
import type { StrengthPanel as VipdocPanel, PanelSecurity } from "../../ports/strength-panels.ts";
import { dayPriceDivisor, type VipdocMarket } from "./vipdoc-price-scale.ts";
import { RECORD_SIZE } from "./vipdoc-records.ts";

export interface PanelOptions {
  readonly markets?: readonly VipdocMarket[];
  /** Which files to keep, by market and code (e.g. A-shares only). */
  readonly accept?: (market: VipdocMarket, code: string) => boolean;
  readonly window: number;
  /** Longest time a panel is trusted without a re-check when no watcher fires (default 2 s). */
  readonly recheckMs?: number;
  /** Watch the folders (default true); without, every `recheckMs` re-checks the files. */
  readonly watch?: boolean;
}

const WATCHED_RECHECK_MS = 60_000;
const DAY_FILE = /^(sh|sz|bj)(\d{6})\.day$/i;

interface Entry {
  readonly sec: PanelSecurity;
  size: number;
  mtimeMs: number;
  bars: number;
  lastDate: number;
  close: Float64Array;
  amount: Float64Array;
}

export class VipdocDailyPanel {
  readonly root: string;
  readonly #opts: Required<PanelOptions>;
  readonly #entries = new Map<string, Entry>();
  readonly #watchers: FSWatcher[] = [];
  #panel: VipdocPanel | undefined;
  /** Row of each entry in `#panel`. */
  #rows = new Map<string, number>();
  /** Files the watcher reported since the last look, as `market/name`. */
  readonly #pending = new Set<string>();
  #checkedAt = -Infinity;
  #stale = true;
  #watching = false;

  constructor(root: string, opts: PanelOptions) {
    this.root = root;
    this.#opts = { markets: ["sh", "sz"], accept: () => true, recheckMs: 2000, watch: true, ...opts };
  }

  /** The panel as of the files now (re-read only where they changed). */
  current(): VipdocPanel {
    const now = performance.now();
    const trust = this.#watching ? WATCHED_RECHECK_MS : this.#opts.recheckMs;
    if (this.#panel && !this.#stale && now - this.#checkedAt < trust && this.#patchPending()) return this.#panel;
    this.#stale = false;
    this.#checkedAt = now;
    this.#pending.clear();
    const changed = this.#refresh();
    if (changed === "layout" || !this.#panel) this.#panel = this.#build();
    else for (const key of changed) this.#patchRow(key);
    this.#watch();
    return this.#panel;
  }

  close(): void {
    for (const w of this.#watchers.splice(0)) w.close();
    this.#watching = false;
  }

  /**
   * Applies the files the watcher reported to the panel in place; false when
   * one was added or removed (the caller then lays the panel out afresh).
   */
  #patchPending(): boolean {
    if (this.#pending.size === 0) return true;
    const buf = new Uint8Array(this.#opts.window * RECORD_SIZE);
    for (const item of this.#pending) {
      const [market, name] = item.split("/") as [VipdocMarket, string];
      const m = DAY_FILE.exec(name);
      if (!m || m[1]!.toLowerCase() !== market || !this.#opts.accept(market, m[2]!)) continue;
      const key = market + m[2];
      const path = join(this.root, market, "lday", name);
      const old = this.#entries.get(key);
      let st;
      try {
        st = statSync(path);
      } catch {
        if (old) return false;
        continue;
      }
      if (!old) return false;
      if (old.size === st.size && old.mtimeMs === st.mtimeMs) continue;
      this.#entries.set(key, this.#read(path, old.sec, st, buf));
      this.#patchRow(key);
    }
    this.#pending.clear();
    return true;
  }

  /** Rewrites entry `key`'s row of the panel and its strength terms. */
  #patchRow(key: string): void {
    const p = this.#panel!;
    const e = this.#entries.get(key)!;
    const i = this.#rows.get(key)!;
    p.close.set(e.close, i * p.window);
    p.amount.set(e.amount, i * p.window);
    p.bars[i] = e.bars;
    p.lastDate[i] = e.lastDate;
    if (p.features) writeStrengthFeatures(p, i, p.features);
  }

  /** Re-reads changed files: the keys of those changed, or "layout" when a file was added or removed. */
  #refresh(): string[] | "layout" {
    const seen = new Set<string>();
    const changed: string[] = [];
    let layout = false;
    const buf = new Uint8Array(this.#opts.window * RECORD_SIZE);
    for (const market of this.#opts.markets) {
      const dir = join(this.root, market, "lday");
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      for (const name of names) {
        const m = DAY_FILE.exec(name);
        if (!m || m[1]!.toLowerCase() !== market || !this.#opts.accept(market, m[2]!)) continue;
        const key = market + m[2];
        const path = join(dir, name);
        let st;
        try {
          st = statSync(path);
        } catch {
          continue;
        }
        seen.add(key);
        const old = this.#entries.get(key);
        if (old && old.size === st.size && old.mtimeMs === st.mtimeMs) continue;
        this.#entries.set(key, this.#read(path, old?.sec ?? { market, code: m[2]! }, st, buf));
        if (old) changed.push(key);
        else layout = true;
      }
    }
    for (const key of this.#entries.keys()) {
      if (!seen.has(key)) {
        this.#entries.delete(key);
        layout = true;
      }
    }
    return layout ? "layout" : changed;
  }

  #read(path: string, sec: PanelSecurity, st: { size: number; mtimeMs: number }, buf: Uint8Array): Entry {
    const size = st.size;
    const w = this.#opts.window;
    const bars = Math.floor(size / RECORD_SIZE);
    const take = Math.min(bars, w);
    const close = new Float64Array(w).fill(NaN);
    const amount = new Float64Array(w).fill(NaN);
    let lastDate = 0;
    if (take > 0) {
      const fd = openSync(path, "r");
      try {
        readSync(fd, buf, 0, take * RECORD_SIZE, (bars - take) * RECORD_SIZE);
      } finally {
        closeSync(fd);
      }
      const v = new DataView(buf.buffer, buf.byteOffset, take * RECORD_SIZE);
      const divisor = dayPriceDivisor(sec.market, sec.code);
      for (let k = 0; k < take; k++) {
        const o = k * RECORD_SIZE;
        close[w - take + k] = v.getUint32(o + 16, true) / divisor;
        amount[w - take + k] = v.getFloat32(o + 20, true);
      }
      lastDate = v.getUint32((take - 1) * RECORD_SIZE, true);
    }
    return { sec, size, mtimeMs: st.mtimeMs, bars, lastDate, close, amount };
  }

  #build(): VipdocPanel {
    const w = this.#opts.window;
    const list = [...this.#entries.values()].sort((a, b) => (a.sec.market === b.sec.market ? (a.sec.code < b.sec.code ? -1 : 1) : a.sec.market < b.sec.market ? -1 : 1));
    const n = list.length;
    const close = new Float64Array(n * w);
    const amount = new Float64Array(n * w);
    const bars = new Float64Array(n);
    const lastDate = new Int32Array(n);
    this.#rows = new Map();
    list.forEach((e, i) => {
      close.set(e.close, i * w);
      amount.set(e.amount, i * w);
      bars[i] = e.bars;
      lastDate[i] = e.lastDate;
      this.#rows.set(e.sec.market + e.sec.code, i);
    });
    const panel = { n, window: w, bars, close, amount, lastDate, securities: list.map((e) => e.sec) };
    // a window too short for the formula (tests of the panel itself) keeps no terms
    return w >= MIN_BARS ? { ...panel, features: strengthFeatures(panel) } : panel;
  }

  #watch(): void {
    if (this.#watching || !this.#opts.watch) return;
    try {
      for (const market of this.#opts.markets) {
        const w = watch(join(this.root, market, "lday"), { persistent: false }, (_event, name) => {
          // without a name (some platforms) everything is re-checked
          if (name) this.#pending.add(`${market}/${name}`);
          else this.#stale = true;
        });
        w.on("error", () => this.close());
        this.#watchers.push(w);
      }
      this.#watching = this.#watchers.length > 0;
    } catch {
      // A missing folder or a platform without watchers: fall back to timed re-checks.
      this.close();
    }
  }
}
