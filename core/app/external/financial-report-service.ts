/**
 * Three-statement reports (adapters/http/README.md 4.11). Reports change a few times a
 * year, so one fetch of the most periods the API can show serves every `num`
 * for a day, per code and statement.
 */
import type { Clock } from "../../../ports/clock.ts";
import type { ExternalCache } from "../../../ports/external-cache.ts";
import type { FinancialReportSource, StatementType } from "../../../ports/external-data.ts";
import type { Logger } from "../../../ports/logger.ts";
import { ReadThrough } from "./read-through.ts";
import { type StatementTable, statementTable } from "./statement-table.ts";

export const REPORT_TTL_MS = 24 * 3600_000;
/** The API's largest `num`. */
export const MAX_PERIODS = 40;

export class FinancialReportService {
  readonly #cache: ReadThrough;

  constructor(
    private readonly source: FinancialReportSource,
    cache: ExternalCache,
    /** Cache namespace: the provider and mode, so demo answers never pass for live ones. */
    namespace: string,
    clock: Clock,
    log?: Logger,
  ) {
    this.#cache = new ReadThrough(namespace, cache, clock, log);
  }

  async report(code: string, type: StatementType, num: number): Promise<StatementTable & { cached: boolean }> {
    const loaded = await this.#cache.load(
      `${code}:${type}`,
      () => this.source.periods(code, type, MAX_PERIODS),
      (_, now) => now + REPORT_TTL_MS,
    );
    return { ...statementTable(loaded.value.slice(0, num)), cached: loaded.cached };
  }
}
