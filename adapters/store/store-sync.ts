/**
 * `tdx-forge sync` and `POST /api/v1/store/sync` (issue 21): brings the market
 * store up to date from quote servers, incrementally and resumably.
 *
 * Universe: every SH/SZ/BJ security whose code is a stock (A and B shares on
 * every board), an exchange index (SSE/CSI, SZSE, BSE; not TDX's 88xxxx board
 * indices) or a fund (ETF, LOF, REIT); bonds and other codes are left out. Each
 * gets its daily bars (`.day`), ex-rights records and, for stocks, the finance
 * snapshot; the securities of `minutes` also get 5- and/or 1-minute bars.
 *
 * Requests per security: its bars (one request once the file exists), its
 * ex-rights records (every index aside) whenever it has a closed session to add:
 * a new record can only be known by asking, and the adjusted prices of the new
 * bars depend on it; and, for stocks, the finance snapshot only when the stored
 * one is a week old or the ex-rights records changed (share counts move with
 * them): nothing in the store reads the snapshot to decide bars, and its
 * figures change with quarterly reports.
 *
 * Per security and file: an empty file pages back through the whole history (800
 * bars a request); otherwise one request asks for about as many bars as days have
 * passed since the last stored bar, overlapping it by one. The overlapping bar
 * must encode to the stored record byte for byte, else (and when the server's
 * ex-rights records changed on or before the stored history) the file is fetched
 * whole again and rewritten. Bars of a session that has not closed are left for
 * the next sync. A security already complete at this moment (fetched since the
 * last close, even during a session: its moving bar is never stored) costs no request at all, so a sync killed and started again
 * repeats only the security it was in.
 *
 * Order of writes: file data is fsync'd (store-files.ts), then the security's
 * ex-rights, finance and sync state are committed, {@link BATCH} securities a
 * transaction (the sync state and ex-rights of every security are read once, at
 * the start). A crash in between leaves files the state does not vouch for: one
 * whose record count differs from the state's (bars appended, or a torn tail cut)
 * or that the state has never known is fetched whole again, so whether its
 * records are exact is known again; a kill repeats at most a batch.
 *
 * Politeness: at most `perSource` requests in flight per source (a source is one
 * host's connection pool), securities spread over the sources, each request
 * retried on the next source after a backoff (`retry.baseMs` doubling). A
 * security that still fails is reported and left for the next sync. More
 * securities than request slots are worked on at once ({@link LANES_PER_SLOT}),
 * so file writes and commits overlap the requests instead of idling a slot.
 */
import { marketTimeOf, yyyymmdd, classifySecurity, type Market, allocSeries, concatSeries, sliceSeries, DAY_MS } from "../../core/bars/index.ts";
import { barIsFinal, noCloseSince } from "../../core/market/index.ts";
import type { MarketId, SecurityRef, XdxrEntry } from "../../core/quotes/index.ts";
import type { Clock } from "../../ports/clock.ts";
import type { SyncFailure, SyncOptions, SyncReport } from "../../ports/market-store.ts";
import type { QuoteSource } from "../../ports/quote-source.ts";
import { MARKET_FOLDER, type MarketStore } from "./market-store.ts";
import { barFilePath, type BarFileKind, encodeBars, type FetchedBars, openStoredFile, recordTime, replaceFile, volumesFit } from "./store-files.ts";
import type { StoreSchema } from "./store-database.ts";
import { acquireSyncLock } from "./store-lock.ts";

const PAGE = 800;
const LIST_PAGE = 1000;
const CATEGORY: Readonly<Record<BarFileKind, number>> = { day: 4, lc5: 0, lc1: 8 };
const BARS_PER_DAY: Readonly<Record<BarFileKind, number>> = { day: 1, lc5: 48, lc1: 240 };
const MARKET_NAME: Readonly<Record<number, Market>> = { 0: "SZ", 1: "SH", 2: "BJ" };
const IN_UNIVERSE = new Set(["stock", "fund"]);
/** Securities whose writes are committed in one transaction. */
const BATCH = 64;
/** Securities worked on at once per request slot. */
const LANES_PER_SLOT = 4;
/** Rows a multi-row insert carries (7 values a row, far under SQLite's bound on variables). */
const INSERT_ROWS = 500;
/** A finance snapshot this old is fetched again. */
const FINANCE_TTL_MS = 7 * DAY_MS;

export interface SyncDeps {
  readonly store: MarketStore;
  /** One quote source per host (its own connection pool); requests spread over them. */
  readonly sources: readonly QuoteSource[];
  /** Requests in flight per source. */
  readonly perSource: number;
  readonly clock: Clock;
  readonly retry?: { readonly attempts: number; readonly baseMs: number };
  readonly signal?: AbortSignal;
  onProgress?(fraction: number, message: string): void;
}

interface Security {
  readonly ref: SecurityRef;
  readonly market: Market;
  readonly code: string;
  readonly kind: string;
  readonly kinds: readonly BarFileKind[];
}

/** Whether a code belongs to the synced universe. */
export function inSyncUniverse(market: Market, code: string): boolean {
  const c = classifySecurity(market, code);
  return IN_UNIVERSE.has(c.kind) || (c.kind === "index" && c.board === "INDEX");
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });

export async function syncStore(deps: SyncDeps, opts: SyncOptions = {}): Promise<SyncReport> {
  const release = acquireSyncLock(deps.store.lockPath);
  const db = deps.store.db;
  const startedAt = deps.clock.now();
  const run = await db.insertInto("sync_run").values({ started_at: startedAt, finished_at: null, status: "running", summary: "{}" }).returning("id").executeTakeFirstOrThrow();
  const counts = { skipped: 0, updated: 0, rewritten: 0, repaired: 0, bars_added: 0, requests: 0 };
  const failed: SyncFailure[] = [];
  let status = "failed";
  let total = 0;
  const report = (): SyncReport => ({ run_id: run.id, securities: total, ...counts, failed });
  const job = new SyncJob(deps, counts);
  try {
    const list = await job.universe(opts);
    total = list.length;
    await job.loadStored();
    let done = 0;
    const lanes = Math.max(1, deps.sources.length * deps.perSource * LANES_PER_SLOT);
    let next = 0;
    const lane = async (home: number) => {
      while (next < list.length) {
        deps.signal?.throwIfAborted();
        const s = list[next++]!;
        try {
          await job.security(s, home);
        } catch (e) {
          if (deps.signal?.aborted) throw e;
          failed.push({ symbol: `${s.market}:${s.code}`, error: (e as Error).message });
        }
        done++;
        deps.onProgress?.(done / list.length, `${done}/${list.length} ${s.market}:${s.code}`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(lanes, list.length) }, (_, i) => lane(i % deps.sources.length)));
    status = failed.length ? "partial" : "done";
  } catch (e) {
    status = deps.signal?.aborted ? "cancelled" : "failed";
    failed.push({ symbol: "*", error: (e as Error).message });
    throw e;
  } finally {
    try {
      // what finished before a cancel or failure is kept: its files are on disk already
      await job.commit();
    } finally {
      await db
        .updateTable("sync_run")
        .set({ finished_at: deps.clock.now(), status, summary: JSON.stringify(report()) })
        .where("id", "=", run.id)
        .execute();
      deps.store.refresh();
      release();
    }
  }
  return report();
}

type StateRow = StoreSchema["sync_state"];

/** A security's writes waiting for their batch's transaction. */
interface Done {
  /** Only when the server's records differ from the stored ones (rewriting every security's JSON each sync was most of a commit). */
  readonly xdxr?: StoreSchema["xdxr"];
  readonly finance?: StoreSchema["finance"];
  readonly states: readonly StateRow[];
}

/** At most `slots` holders at once; the others wait in order. */
class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];
  constructor(slots: number) {
    this.#free = slots;
  }
  async hold<T>(f: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await f();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}

class SyncJob {
  readonly #slots: Slots[];
  /** Sync state rows by `<market><code>`, ex-rights JSON and finance fetch times by `<market><code>`: read once. */
  #states = new Map<string, StateRow[]>();
  #xdxr = new Map<string, string>();
  #financeAt = new Map<string, number>();
  #pending: Done[] = [];
  #committing: Promise<void> = Promise.resolve();

  constructor(
    private readonly d: SyncDeps,
    private readonly counts: { skipped: number; updated: number; rewritten: number; repaired: number; bars_added: number; requests: number },
  ) {
    this.#slots = d.sources.map(() => new Slots(Math.max(1, d.perSource)));
  }

  /** One request, retried on the next sources with a doubling backoff. */
  async #call<T>(home: number, ask: (src: QuoteSource) => Promise<T>): Promise<T> {
    const { sources, retry = { attempts: 3, baseMs: 250 }, signal } = this.d;
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      this.counts.requests++;
      const at = (home + attempt) % sources.length;
      try {
        return await this.#slots[at]!.hold(() => ask(sources[at]!));
      } catch (e) {
        if (attempt + 1 >= retry.attempts || signal?.aborted) throw e;
        await sleep(retry.baseMs * 2 ** attempt, signal);
      }
    }
  }

  /** The universe from the servers' security lists, recorded in the `security` table. */
  async universe(opts: SyncOptions): Promise<Security[]> {
    const minute = new Set(opts.minutes ?? []);
    const minuteKinds = opts.minuteKinds ?? ["lc5"];
    const out: Security[] = [];
    const rows: StoreSchema["security"][] = [];
    for (const id of [0, 1, 2] as MarketId[]) {
      const market = MARKET_NAME[id]!;
      const n = await this.#call(0, (s) => s.securityCount(id));
      for (let start = 0; start < n; start += LIST_PAGE) {
        const page = await this.#call(0, (s) => s.securityList(id, start));
        for (const info of page) {
          if (!inSyncUniverse(market, info.code)) continue;
          const c = classifySecurity(market, info.code);
          const symbol = `${market}:${info.code}`;
          out.push({ ref: { market: id, code: info.code }, market, code: info.code, kind: c.kind, kinds: ["day", ...(minute.has(symbol) ? minuteKinds : [])] });
          rows.push({ market: MARKET_FOLDER[id]!, code: info.code, name: info.name, kind: c.kind, board: c.board, decimals: info.decimals });
        }
        if (page.length === 0) break;
      }
    }
    await this.d.store.db.transaction().execute(async (tx) => {
      for (let i = 0; i < rows.length; i += INSERT_ROWS) {
        await tx
          .insertInto("security")
          .values(rows.slice(i, i + INSERT_ROWS))
          .onConflict((oc) =>
            oc
              .columns(["market", "code"])
              .doUpdateSet((eb) => ({ name: eb.ref("excluded.name"), kind: eb.ref("excluded.kind"), board: eb.ref("excluded.board"), decimals: eb.ref("excluded.decimals") })),
          )
          .execute();
      }
    });
    return out;
  }

  /** Reads the sync state, ex-rights records and finance fetch times of the whole store once. */
  async loadStored(): Promise<void> {
    const db = this.d.store.db;
    for (const r of await db.selectFrom("sync_state").selectAll().execute()) {
      const key = r.market + r.code;
      const rows = this.#states.get(key);
      if (rows) rows.push(r);
      else this.#states.set(key, [r]);
    }
    this.#xdxr = new Map((await db.selectFrom("xdxr").selectAll().execute()).map((r) => [r.market + r.code, r.records]));
    this.#financeAt = new Map((await db.selectFrom("finance").select(["market", "code", "fetched_at"]).execute()).map((r) => [r.market + r.code, r.fetched_at]));
  }

  async security(s: Security, home: number): Promise<void> {
    const now = marketTimeOf(this.d.clock.now());
    const folder = MARKET_FOLDER[s.ref.market]!;
    const key = folder + s.code;
    const states = this.#states.get(key) ?? [];
    if (s.kinds.every((k) => states.some((r) => r.kind === k && noCloseSince(r.fetched_at, now)))) {
      this.counts.skipped++;
      return;
    }
    const index = s.kind === "index";
    const xdxr = index ? [] : await this.#call(home, (src) => src.xdxr(s.ref));
    const xdxrJson = JSON.stringify(xdxr);
    const stored = this.#xdxr.get(key);
    const xdxrChanged = stored !== xdxrJson;
    const financeAt = this.#financeAt.get(key);
    const financeDue = s.kind === "stock" && (xdxrChanged || financeAt === undefined || now - financeAt >= FINANCE_TTL_MS);
    const finance = financeDue ? await this.#call(home, (src) => src.finance(s.ref)) : undefined;
    const changed = stored !== undefined && xdxrChanged ? firstChange(JSON.parse(stored) as XdxrEntry[], xdxr) : undefined;
    const written: StateRow[] = [];
    for (const kind of s.kinds) {
      const state = states.find((r) => r.kind === kind);
      const w = await this.#file(s, kind, home, now, kind === "day" ? changed : undefined, state);
      // appended bars keep a file exact only if it was
      written.push({ market: folder, code: s.code, kind, records: w.records, last_time: w.last, fetched_at: now, exact: w.exact && (w.whole || state?.exact === 1) ? 1 : 0 });
    }
    const done: Done = {
      ...(xdxrChanged ? { xdxr: { market: folder, code: s.code, records: xdxrJson } } : {}),
      ...(finance ? { finance: { market: folder, code: s.code, snapshot: JSON.stringify(finance), fetched_at: now } } : {}),
      states: written,
    };
    this.#pending.push(done);
    if (this.#pending.length >= BATCH) await this.commit();
  }

  /** Commits the finished securities' rows in one transaction (their files are fsync'd already); one commit at a time. */
  commit(): Promise<void> {
    const done = this.#pending;
    this.#pending = [];
    const run = async () => {
      if (done.length === 0) return;
      const xdxr = done.flatMap((d) => (d.xdxr ? [d.xdxr] : []));
      const finance = done.flatMap((d) => (d.finance ? [d.finance] : []));
      const states = done.flatMap((d) => d.states);
      await this.d.store.db.transaction().execute(async (tx) => {
        for (let i = 0; i < xdxr.length; i += INSERT_ROWS) {
          await tx
            .insertInto("xdxr")
            .values(xdxr.slice(i, i + INSERT_ROWS))
            .onConflict((oc) => oc.columns(["market", "code"]).doUpdateSet((eb) => ({ records: eb.ref("excluded.records") })))
            .execute();
        }
        for (let i = 0; i < finance.length; i += INSERT_ROWS) {
          await tx
            .insertInto("finance")
            .values(finance.slice(i, i + INSERT_ROWS))
            .onConflict((oc) => oc.columns(["market", "code"]).doUpdateSet((eb) => ({ snapshot: eb.ref("excluded.snapshot"), fetched_at: eb.ref("excluded.fetched_at") })))
            .execute();
        }
        for (let i = 0; i < states.length; i += INSERT_ROWS) {
          await tx
            .insertInto("sync_state")
            .values(states.slice(i, i + INSERT_ROWS))
            .onConflict((oc) =>
              oc
                .columns(["market", "code", "kind"])
                .doUpdateSet((eb) => ({ records: eb.ref("excluded.records"), last_time: eb.ref("excluded.last_time"), fetched_at: eb.ref("excluded.fetched_at"), exact: eb.ref("excluded.exact") })),
            )
            .execute();
        }
      });
      this.counts.updated += done.length;
    };
    this.#committing = this.#committing.then(run);
    return this.#committing;
  }

  /**
   * Brings one file up to date; returns what it holds, whether it was written whole, and whether what was
   * written fits it exactly. `changedFrom`: a changed ex-rights date (YYYYMMDD). `state`: what the sync
   * state says of the file; a file it does not vouch for (never known, or holding another number of records:
   * a sync killed between writing a file and committing its state) is fetched whole again, since nothing
   * says whether what it holds is exact.
   */
  async #file(
    s: Security,
    kind: BarFileKind,
    home: number,
    now: number,
    changedFrom: number | undefined,
    state: StateRow | undefined,
  ): Promise<{ records: number; last: number; whole: boolean; exact: boolean }> {
    const folder = MARKET_FOLDER[s.ref.market]!;
    const path = barFilePath(this.d.store.vipdoc, folder, s.code, kind);
    const file = await openStoredFile(path);
    try {
      if (file.repaired) this.counts.repaired++;
      const encode = (b: FetchedBars) => encodeBars(kind, folder, s.code, b);
      const final = (b: FetchedBars) => {
        let n = b.length;
        while (n > 0 && !barIsFinal(b.time[n - 1]!, now)) n--;
        return n === b.length ? b : slice(b, 0, n);
      };
      const whole = async () => {
        const all = final(await this.#pages(s, kind, home, -Infinity, PAGE));
        await file.close(); // before the rename over it
        if (all.length > 0) await replaceFile(path, encode(all));
        this.counts.bars_added += Math.max(0, all.length - file.records);
        return { records: all.length, last: all.length ? all.time[all.length - 1]! : 0, whole: true, exact: volumesFit(all) };
      };
      if (!file.last) return whole();
      const last = recordTime(kind, folder, s.code, file.last);
      const lastDay = Math.floor(last / DAY_MS) * DAY_MS;
      const vouched = state !== undefined && state.records === file.records;
      if (!vouched || (changedFrom !== undefined && changedFrom <= yyyymmdd(lastDay))) {
        this.counts.rewritten++;
        return whole();
      }
      const days = Math.max(1, Math.ceil((now - lastDay) / DAY_MS) + 1);
      const recent = await this.#pages(s, kind, home, last, Math.min(PAGE, days * BARS_PER_DAY[kind] + 1));
      const at = recent.time.lastIndexOf(last);
      if (at < 0 || !same(encode(slice(recent, at, at + 1)), file.last)) {
        this.counts.rewritten++;
        return whole();
      }
      const fresh = final(slice(recent, at + 1, recent.length));
      if (fresh.length > 0) await file.append(encode(fresh));
      this.counts.bars_added += fresh.length;
      return { records: file.records + fresh.length, last: fresh.length ? fresh.time[fresh.length - 1]! : last, whole: false, exact: volumesFit(fresh) };
    } finally {
      await file.close();
    }
  }

  /** Pages back from the newest bar until a page reaches `until` (or the history ends). */
  async #pages(s: Security, kind: BarFileKind, home: number, until: number, first: number): Promise<FetchedBars> {
    const category = CATEGORY[kind];
    const pages: FetchedBars[] = [];
    for (let start = 0, count = first; ; start += count, count = PAGE) {
      const page: FetchedBars = await this.#call(home, (src) => (s.kind === "index" ? src.indexBars(s.ref, category, start, count) : src.bars(s.ref, category, start, count)));
      if (page.length > 0) pages.unshift(page);
      if (page.length < count || page.time[0]! <= until || start + count > 0xffff) break;
    }
    if (pages.length === 0) return allocSeries(0);
    const bars = concatSeries(pages);
    const up = pages[0]!.up && pages.every((p) => p.up) ? Float64Array.from(pages.flatMap((p) => [...p.up!])) : undefined;
    const down = up ? Float64Array.from(pages.flatMap((p) => [...p.down!])) : undefined;
    return up && down ? { ...bars, up, down } : bars;
  }
}

function slice(b: FetchedBars, from: number, to: number): FetchedBars {
  const s = sliceSeries(b, from, to);
  return b.up && b.down ? { ...s, up: b.up.subarray(from, to), down: b.down.subarray(from, to) } : s;
}

function same(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** The earliest date (YYYYMMDD) at which two ex-rights lists differ. */
function firstChange(before: readonly XdxrEntry[], after: readonly XdxrEntry[]): number | undefined {
  const key = (e: XdxrEntry) => JSON.stringify(e);
  const a = new Set(before.map(key));
  const b = new Set(after.map(key));
  const dates = [...before.filter((e) => !b.has(key(e))), ...after.filter((e) => !a.has(key(e)))].map((e) => e.date);
  return dates.length ? Math.min(...dates) : undefined;
}
