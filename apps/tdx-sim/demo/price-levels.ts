/**
 * Price levels of well-known securities, so the demo market looks like the real
 * one where a user knows the number by heart: 贵州茅台 in the thousands, banks
 * near 10, 上证指数 near 3,300. A level is the price a history starts at and the
 * band its mean-reverting anchor keeps it in (see daily.ts), not a quote: the
 * generated price wanders around it. Rough late-2025 orders of magnitude, public
 * knowledge; every other security draws its level at random (universe.ts).
 */

/** Market + code → level (CNY; index points for indices). */
export const PRICE_LEVELS: ReadonlyMap<string, number> = new Map([
  // indices
  ["SH000001", 3300],
  ["SH000016", 2800],
  ["SH000300", 3800],
  ["SH000688", 1000],
  ["SH000905", 5800],
  ["SZ399001", 10000],
  ["SZ399006", 2000],
  ["SZ399330", 5800],
  ["BJ899050", 1200],
  // funds
  ["SH510050", 2.8],
  ["SH510300", 3.9],
  ["SH510500", 5.9],
  ["SH588000", 1.1],
  ["SZ159915", 2.0],
  ["SZ159919", 3.9],
  // stocks
  ["SH600519", 1500],
  ["SZ000858", 125],
  ["SH600809", 190],
  ["SZ300750", 250],
  ["SZ002594", 100],
  ["SH688256", 600],
  ["SH688981", 80],
  ["SH688111", 280],
  ["SZ300308", 150],
  ["SZ002371", 400],
  ["SH600436", 200],
  ["SZ300760", 250],
  ["SZ000001", 11.5],
  ["SH600000", 10.5],
  ["SH600036", 40],
  ["SZ002142", 25],
  ["SH601318", 55],
  ["SH601628", 40],
  ["SH601601", 35],
  ["SH600030", 27],
  ["SZ300059", 22],
  ["SZ300033", 250],
  ["SH600941", 105],
  ["SH601728", 6.5],
  ["SH600900", 28],
  ["SH601088", 38],
  ["SZ000333", 75],
  ["SZ000651", 40],
  ["SH600690", 27],
  ["SH600887", 28],
  ["SH600276", 55],
  ["SH603288", 42],
  ["SZ002415", 30],
  ["SZ002475", 40],
  ["SZ000725", 4.2],
  ["SZ000063", 35],
  ["SZ002230", 45],
  ["SH600309", 70],
  ["SH601138", 25],
  ["SH601888", 70],
  ["SH601766", 7.5],
  ["SH601012", 18],
  ["SZ002714", 42],
  ["SH601899", 18],
  ["SH601668", 5.8],
  ["SH601390", 6],
  ["SH600031", 19],
  ["SZ000002", 7],
  ["SH600048", 9],
  ["SH600585", 25],
  ["SH603993", 10],
]);

/** The level of a security, if it is one of the well-known names. */
export function priceLevel(market: string, code: string): number | undefined {
  return PRICE_LEVELS.get(market + code);
}
