/**
 * One ex-rights / capital event as TDX reports it (command 0x000f, offline gbbq).
 * The meaning of `c1..c4` depends on `category`; for category 1 (除权除息) they are
 * cash dividend per 10 shares, rights-issue price, bonus+transfer shares per 10 and
 * rights shares per 10. Share counts (categories 2..10) are in units of 10,000 shares.
 */
export interface XdxrRecord {
  /** Event date as YYYYMMDD. */
  readonly date: number;
  readonly category: number;
  readonly c1: number;
  readonly c2: number;
  readonly c3: number;
  readonly c4: number;
}
