/**
 * Readable names of the xdxr (除权除息 / capital event) categories 1..14, as TDX
 * and every client name them (adapters/tdx/README.md 5.9).
 */
export const XDXR_CATEGORY_NAMES: Readonly<Record<number, string>> = {
  1: "除权除息",
  2: "送配股上市",
  3: "非流通股上市",
  4: "未知股本变动",
  5: "股本变化",
  6: "增发新股",
  7: "股份回购",
  8: "增发新股上市",
  9: "转配股上市",
  10: "可转债上市",
  11: "扩缩股",
  12: "非流通股缩股",
  13: "送认购权证",
  14: "送认沽权证",
};

/** The category's name, or its number as text when TDX adds one we do not know. */
export const xdxrCategoryName = (category: number): string => XDXR_CATEGORY_NAMES[category] ?? String(category);
