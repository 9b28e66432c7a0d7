/**
 * The local market store (issue 21): a TDX vipdoc tree plus a SQLite file, under
 * one directory (`MARKET_DIR`, default `DATA_DIR/market`):
 *
 *   <store>/vipdoc/{sh,sz,bj}/{lday,fzline,minline}/…   bar files (store-files.ts)
 *   <store>/market.sqlite                               list, ex-rights, finance, sync state
 *   <store>/sync.lock                                   while a sync runs (store-lock.ts)
 *
 * Readers ask {@link MarketStore.covers} whether the store holds a security's bars
 * complete at this moment (core/market/store-freshness.ts) and exactly (a volume
 * beyond the files' u32 word is not), and read them through
 * {@link MarketStore.source}: the project's vipdoc quote source over the tree,
 * with the stored ex-rights records. The tree is re-read when a sync (in this
 * process or another) has written since it was opened.
 */
import { join } from "node:path";
import { stillComplete } from "../../core/market/index.ts";
import type { XdxrEntry, SecurityRef } from "../../core/quotes/index.ts";
import type { Clock } from "../../ports/clock.ts";
import type { QuoteSource } from "../../ports/quote-source.ts";
import type { MarketStoreStatus, StoreState } from "../../ports/market-store.ts";
import type { SqliteOpener } from "../../ports/sqlite-connection.ts";
import { marketTimeOf } from "../../core/bars/index.ts";
import { VipdocQuoteSource } from "../vipdoc/vipdoc-quote-source.ts";
import { VipdocTree } from "../vipdoc/vipdoc-tree.ts";
import type { VipdocMarket } from "../vipdoc/vipdoc-price-scale.ts";
import type { BarFileKind } from "./store-files.ts";
import { openStoreDatabase, type StoreDatabase } from "./store-database.ts";
import { lockHolder } from "./store-lock.ts";

export const MARKET_FOLDER: Readonly<Record<number, VipdocMarket>> = { 0: "sz", 1: "sh", 2: "bj" };

/** TDX bar categories the store can answer, by the file that holds them (as fetched, never aggregated). */
export const STORED_CATEGORY: Readonly<Record<number, BarFileKind>> = { 4: "day", 0: "lc5", 8: "lc1" };

/**
 * The store's ex-rights records served with the tree's bars; everything else is
 * the vipdoc source's. Records are parsed once per tree: a sync that changes them
 * also moves the newest fetch time, and a new tree (with a new cache) is opened.
 */
class StoredQuoteSource extends VipdocQuoteSource {
  readonly #xdxr = new Map<string, Promise<XdxrEntry[]>>();

  constructor(
    tree: VipdocTree,
    clock: Clock,
    private readonly db: StoreDatabase,
  ) {
    super(tree, clock);
  }

  override xdxr(ref: SecurityRef): Promise<XdxrEntry[]> {
    const key = `${ref.market}:${ref.code}`;
    let hit = this.#xdxr.get(key);
    if (!hit) {
      hit = this.db
        .selectFrom("xdxr")
        .select("records")
        .where("market", "=", MARKET_FOLDER[ref.market]!)
        .where("code", "=", ref.code)
        .executeTakeFirst()
        .then((row) => (row ? (JSON.parse(row.records) as XdxrEntry[]) : []));
      this.#xdxr.set(key, hit);
      hit.catch(() => this.#xdxr.delete(key));
    }
    // callers get their own array (adjustment code must not share one)
    return hit.then((list) => list.slice());
  }
}

/** What the sync state says of each file, read at most every {@link STATE_REFRESH_MS} (a market-wide job asks per security). */
interface StateSnapshot {
  readonly files: ReadonlyMap<string, { readonly records: number; readonly exact: number; readonly fetched_at: number }>;
  readonly newest: number;
  /** Changes whenever a sync writes daily bars or finishes (store-panel.ts reloads on it). */
  readonly version: string;
}

/** Daily files, their records, the newest fetch and the last sync run: any write of a sync moves one of them. */
function storeVersion(rows: readonly { kind: string; records: number; fetched_at: number }[], run: { id: number; status: string } | undefined): string {
  let n = 0;
  let records = 0;
  let newest = 0;
  for (const r of rows) {
    if (r.kind !== "day") continue;
    n++;
    records += r.records;
    newest = Math.max(newest, r.fetched_at);
  }
  return `${n}:${records}:${newest}:${run?.id ?? 0}:${run?.status ?? ""}`;
}

/** How stale the in-memory sync state may be: a sync in another process is seen this much later at most. */
const STATE_REFRESH_MS = 1000;

export class MarketStore implements MarketStoreStatus {
  readonly vipdoc: string;
  readonly lockPath: string;
  #source: StoredQuoteSource | undefined;
  /** The newest fetch time the open tree reflects. */
  #treeAt = -Infinity;
  #opening: Promise<StoredQuoteSource> | undefined;
  #state: Promise<StateSnapshot> | undefined;
  #stateAt = -Infinity;

  private constructor(
    readonly dir: string,
    readonly db: StoreDatabase,
    private readonly clock: Clock,
  ) {
    this.vipdoc = join(dir, "vipdoc");
    this.lockPath = join(dir, "sync.lock");
  }

  static async open(dir: string, opener: SqliteOpener, clock: Clock): Promise<MarketStore> {
    return new MarketStore(dir, await openStoreDatabase(join(dir, "market.sqlite"), opener), clock);
  }

  /** Whether the store holds `ref`'s bars of TDX category `category` complete now (and its ex-rights, for daily bars). */
  async covers(ref: SecurityRef, category: number): Promise<boolean> {
    return (await this.coverage(category))(ref);
  }

  /** {@link covers} for many securities at one moment and one read of the sync state (a market-wide job asks for thousands). */
  async coverage(category: number): Promise<(ref: SecurityRef) => boolean> {
    const kind = STORED_CATEGORY[category];
    const { files } = await this.#snapshot();
    const now = marketTimeOf(this.clock.now());
    return (ref) => {
      const market = MARKET_FOLDER[ref.market];
      const row = kind && market ? files.get(`${market}${ref.code}.${kind}`) : undefined;
      return !!row && row.records > 0 && row.exact === 1 && stillComplete(row.fetched_at, now);
    };
  }

  /** Changes whenever a sync writes daily bars or finishes. */
  async version(): Promise<string> {
    return (await this.#snapshot()).version;
  }

  /** Forgets the in-memory sync state (after a sync in this process). */
  refresh(): void {
    this.#stateAt = -Infinity;
  }

  #snapshot(): Promise<StateSnapshot> {
    const now = performance.now();
    if (!this.#state || now - this.#stateAt > STATE_REFRESH_MS) {
      this.#stateAt = now;
      const next = Promise.all([
        this.db.selectFrom("sync_state").select(["market", "code", "kind", "records", "exact", "fetched_at"]).execute(),
        this.db.selectFrom("sync_run").select(["id", "status"]).orderBy("id", "desc").limit(1).executeTakeFirst(),
      ]).then(([rows, run]) => ({
        files: new Map(rows.map((r) => [`${r.market}${r.code}.${r.kind}`, r])),
        newest: rows.reduce((m, r) => Math.max(m, r.fetched_at), -Infinity),
        version: storeVersion(rows, run),
      }));
      this.#state = next;
      next.catch(() => (this.#stateAt = -Infinity));
    }
    return this.#state;
  }

  /** The stored data as a quote source (bars of the stored categories, ex-rights). */
  async source(): Promise<QuoteSource> {
    const t = (await this.#snapshot()).newest;
    if (this.#source && t <= this.#treeAt) return this.#source;
    this.#opening ??= VipdocTree.open(this.vipdoc)
      .then((tree) => {
        this.#source = new StoredQuoteSource(tree, this.clock, this.db);
        this.#treeAt = t;
        return this.#source;
      })
      .finally(() => (this.#opening = undefined));
    return this.#opening;
  }

  syncing(): boolean {
    return lockHolder(this.lockPath) !== undefined;
  }

  /** What the store holds, for `GET /api/v1/store`. */
  async state(): Promise<StoreState> {
    const securities = await this.db
      .selectFrom("security")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const byKind = await this.db
      .selectFrom("sync_state")
      .select((eb) => ["kind", eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("records").as("records"), eb.fn.max("last_time").as("last")])
      .where("records", ">", 0)
      .groupBy("kind")
      .execute();
    const files = Object.fromEntries(
      (["day", "lc5", "lc1"] as const).map((k) => {
        const r = byKind.find((b) => b.kind === k);
        return [k, { securities: Number(r?.n ?? 0), records: Number(r?.records ?? 0), last_time: r?.last == null ? null : Number(r.last) }];
      }),
    ) as StoreState["files"];
    const run = await this.db.selectFrom("sync_run").selectAll().orderBy("id", "desc").limit(1).executeTakeFirst();
    return {
      dir: this.dir,
      securities: Number(securities.n),
      files,
      bytes: (files.day.records + files.lc5.records + files.lc1.records) * 32,
      syncing: this.syncing(),
      last_run: run ? { id: run.id, started_at: run.started_at, finished_at: run.finished_at, status: run.status, summary: JSON.parse(run.summary) } : null,
    };
  }

  close(): Promise<void> {
    return this.db.destroy();
  }
}
