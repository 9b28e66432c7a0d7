/**
 * Ports of the external data providers (adapters/http/README.md 4.11): company
 * announcements, three-statement financial reports and CFFEX member position
 * rankings. They answer independently of the quote server. Row field names are
 * the original system's (easy_tdx), so its clients read ours unchanged.
 */
import type { Logger } from "./logger.ts";
import type { DataSourcePlugin } from "./plugins.ts";

/** One announcement as the `/announcements` table shows it. */
export interface AnnouncementRow {
  readonly title: string;
  /** The provider's type name, else the attachment type ("PDF"), else "". */
  readonly type: string;
  /** Disclosure date in Shanghai, "YYYY-MM-DD". */
  readonly date: string;
  /** The provider's human-readable detail page. */
  readonly url: string;
  readonly code: string;
  readonly org_id: string;
  readonly announcement_id: string;
  /** Epoch milliseconds, as the provider sends it. */
  readonly announcement_time: number;
  /** Direct link to the attachment; "" when there is none. */
  readonly pdf_url: string;
}

export interface AnnouncementPage {
  /** Hits for the security in total (all pages). */
  readonly total: number;
  readonly rows: readonly AnnouncementRow[];
}

export interface AnnouncementSource {
  /** Page `page` (from 1) of `count` announcements of a six-digit code, newest first. */
  page(code: string, page: number, count: number): Promise<AnnouncementPage>;
  /**
   * The attachment (PDF) a row's `pdf_url` points at, fetched from the
   * provider's file host; undefined when `url` is not on that host (the source
   * never fetches other addresses).
   */
  attachment(url: string): Promise<Uint8Array | undefined>;
}

export type StatementType = "lrb" | "fzb" | "llb";

/** One line item of one report period. */
export interface StatementItem {
  /** The provider's stable item code (`BIZTOTINCO`). */
  readonly field: string;
  /** Chinese caption, the table's column name. */
  readonly title: string;
  readonly value: number | null;
  /** Year-on-year change as a fraction; null when the provider gives none. */
  readonly yoy: number | null;
}

export interface StatementPeriod {
  /** Report period end, "YYYY-MM-DD". */
  readonly period: string;
  readonly items: readonly StatementItem[];
}

export interface FinancialReportSource {
  /** The latest `num` report periods of a statement, newest first. */
  periods(code: string, type: StatementType, num: number): Promise<StatementPeriod[]>;
}

/** One contract at one rank, the three rankings side by side (lots). */
export interface PositionRankRow {
  /** "YYYYMMDD" */
  readonly trading_day: string;
  readonly product: string;
  readonly instrument: string;
  readonly rank: number;
  readonly vol_member: string | null;
  readonly vol: number | null;
  readonly vol_chg: number | null;
  readonly long_member: string | null;
  readonly long_pos: number | null;
  readonly long_chg: number | null;
  readonly short_member: string | null;
  readonly short_pos: number | null;
  readonly short_chg: number | null;
}

export interface PositionRankSource {
  /**
   * The ranking of a product on a day ("YYYYMMDD"), or `undefined` when the
   * provider has published none for it (not a trading day, or not yet).
   */
  day(product: string, ymd: string): Promise<PositionRankRow[] | undefined>;
}

/** What the composition root hands a provider plugin. */
export interface ExternalSourceDeps {
  /** Root of the provider's API, without a trailing slash. */
  readonly baseUrl: string;
  /** Root of the provider's downloadable files (announcement PDFs), without a trailing slash. */
  readonly fileBaseUrl: string;
  readonly timeoutMs: number;
  /** Extra attempts after a timeout, a refused connection, 429 or 5xx. */
  readonly retries: number;
  /** First back-off pause; it doubles per attempt. */
  readonly backoffMs: number;
  /** Least time between two requests to the provider (politeness). */
  readonly minIntervalMs: number;
  readonly log: Logger;
}

export interface ExternalCapabilities {
  announcements: AnnouncementSource;
  "financial-reports": FinancialReportSource;
  "position-ranks": PositionRankSource;
}

export type ExternalCapability = keyof ExternalCapabilities;

/** A provider plugin: which capability it serves and where its real and demo endpoints live. */
export interface ExternalDataSourcePlugin<C extends ExternalCapability = ExternalCapability> extends DataSourcePlugin<ExternalCapabilities[C], ExternalSourceDeps> {
  readonly provides: C;
  /** The real provider (`EXTERNAL_DATA=live`). */
  readonly live: { readonly baseUrl: string; readonly fileBaseUrl?: string };
  /** Path prefix of the generated payloads on the demo replay server. */
  readonly demoPrefix: string;
  /** Politeness towards the real provider (ms between requests). */
  readonly politeIntervalMs: number;
}
