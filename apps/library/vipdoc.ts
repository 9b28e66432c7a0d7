/**
 * `tdx-forge/vipdoc`: a local TDX installation's `vipdoc` files (adapters/vipdoc):
 * daily `.day` and minute `.lc1`/`.lc5` bars read as bar series (prices scaled
 * by the file name's market and code), written back, and a whole directory as
 * a quote source.
 */
export { decodeDayFile, encodeDayFile, readDayFile, type DayFileBars } from "../../adapters/vipdoc/vipdoc-day.ts";
export { decodeMinuteFile, encodeMinuteFile, type MinuteFileBars, readMinuteFile } from "../../adapters/vipdoc/vipdoc-minute.ts";
export { indexBreadth } from "../../adapters/vipdoc/vipdoc-records.ts";
export { VipdocQuoteSource } from "../../adapters/vipdoc/vipdoc-quote-source.ts";
