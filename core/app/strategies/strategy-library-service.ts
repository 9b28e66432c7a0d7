/**
 * The saved-strategy library (spec 4.13) in easy_tdx's shape: 12-hex-digit
 * ids, ISO timestamps in UTC to the second, the service version recorded with
 * each entry, newest first. Bounded (issue 15: sixty entries of 1 MB made every
 * listing cost half a gigabyte): an entry's JSON is at most
 * {@link MAX_SAVED_STRATEGY_BYTES} (413 beyond) and the library holds at most
 * {@link MAX_SAVED_STRATEGIES} (409 beyond). Entries saved before the bounds
 * existed are kept and listed as they are.
 */
import type { Clock } from "../../../ports/clock.ts";
import type { SavedStrategyInput, SavedStrategyRecord, StrategyLibrary } from "../../../ports/strategy-library.ts";
import { ConflictError, TooLargeError } from "../app-errors.ts";

/** Largest saved strategy, as UTF-8 JSON of what the client sent. */
export const MAX_SAVED_STRATEGY_BYTES = 64 * 1024;
/** Most saved strategies the library holds. */
export const MAX_SAVED_STRATEGIES = 500;

const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

export type SavedStrategyView = Omit<SavedStrategyRecord, "created_at" | "updated_at"> & { created_at: string; updated_at: string };

const view = (r: SavedStrategyRecord): SavedStrategyView => ({ ...r, created_at: iso(r.created_at), updated_at: iso(r.updated_at) });

export class StrategyLibraryService {
  constructor(
    private readonly store: StrategyLibrary,
    private readonly clock: Clock,
    private readonly appVersion: string,
    /** A fresh id of 12 hex digits (random: the composition root supplies it). */
    private readonly newId: () => string,
  ) {}

  async create(input: SavedStrategyInput): Promise<SavedStrategyView> {
    const bytes = new TextEncoder().encode(JSON.stringify(input)).length;
    if (bytes > MAX_SAVED_STRATEGY_BYTES) {
      throw new TooLargeError(`A saved strategy may take ${MAX_SAVED_STRATEGY_BYTES} bytes of JSON; this one takes ${bytes}`);
    }
    if ((await this.store.count()) >= MAX_SAVED_STRATEGIES) {
      throw new ConflictError(`The library holds its limit of ${MAX_SAVED_STRATEGIES} saved strategies; delete some before saving more`);
    }
    const now = this.clock.now();
    const record: SavedStrategyRecord = { ...input, id: this.newId(), created_at: now, updated_at: now, app_version: this.appVersion };
    await this.store.add(record);
    return view(record);
  }

  async list(): Promise<{ strategies: SavedStrategyView[]; count: number }> {
    const strategies = (await this.store.list()).map(view);
    return { strategies, count: strategies.length };
  }

  async get(id: string): Promise<SavedStrategyView | undefined> {
    const r = await this.store.get(id);
    return r && view(r);
  }

  delete(id: string): Promise<boolean> {
    return this.store.delete(id);
  }
}
