/**
 * vipdoc `{sh,sz,bj}/lday/*.day` daily bars, read and write (design doc 8.1).
 *
 * No header; 32-byte records, oldest first: u32 YYYYMMDD, u32 open, high, low,
 * close (scaled integers, see vipdoc-price-scale.ts), float32 amount (yuan), u32
 * volume (shares for stocks, lots for indices, as stored), u32 reserved. The
 * reserved word varies: index files keep advancing (low half) and declining (high
 * half) counts there, older stock records the previous close, newer ones 0x00010000;
 * it is returned and written back unchanged.
 */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { BarSeries } from "../../core/bars/index.ts";
import { ByteWriter } from "../tdx/tdx-bytes.ts";
import { allocColumns } from "../tdx/tdx-columns.ts";
import { DayClock, DayStamper } from "../tdx/tdx-datetime.ts";
import { dayPriceDivisor, type VipdocMarket } from "./vipdoc-price-scale.ts";
import { RECORD_SIZE, recordCount, recordView, type ReservedWords } from "./vipdoc-records.ts";

export interface DayFileBars extends BarSeries, ReservedWords {}

const DAY_COLUMNS = ["time", "open", "high", "low", "close", "vol", "amount", "reserved"] as const;

export function decodeDayFile(bytes: Uint8Array, priceDivisor: number): DayFileBars {
  const n = recordCount(bytes, RECORD_SIZE, ".day");
  const s: DayFileBars = { length: n, ...allocColumns(n, DAY_COLUMNS) };
  const v = recordView(bytes);
  const clock = new DayClock();
  for (let i = 0, o = 0; i < n; i++, o += RECORD_SIZE) {
    s.time[i] = clock.yyyymmdd(v.getUint32(o, true));
    s.open[i] = v.getUint32(o + 4, true) / priceDivisor;
    s.high[i] = v.getUint32(o + 8, true) / priceDivisor;
    s.low[i] = v.getUint32(o + 12, true) / priceDivisor;
    s.close[i] = v.getUint32(o + 16, true) / priceDivisor;
    s.amount[i] = v.getFloat32(o + 20, true);
    s.vol[i] = v.getUint32(o + 24, true);
    s.reserved[i] = v.getUint32(o + 28, true);
  }
  return s;
}

/** `.day` bytes for `bars`; prices are rounded to the divisor, `reserved` defaults to 0. */
export function encodeDayFile(bars: BarSeries & { readonly reserved?: Float64Array }, priceDivisor: number): Uint8Array {
  const w = new ByteWriter(bars.length * RECORD_SIZE);
  const stamp = new DayStamper();
  for (let i = 0; i < bars.length; i++) {
    w.u32(stamp.yyyymmdd(bars.time[i]!))
      .u32(Math.round(bars.open[i]! * priceDivisor))
      .u32(Math.round(bars.high[i]! * priceDivisor))
      .u32(Math.round(bars.low[i]! * priceDivisor))
      .u32(Math.round(bars.close[i]! * priceDivisor))
      .f32(bars.amount[i]!)
      .u32(bars.vol[i]!)
      .u32(bars.reserved?.[i] ?? 0);
  }
  return w.finish();
}

/**
 * Reads `<root>/<market>/lday/<market><code>.day`-style files; the divisor comes from
 * the file name unless given.
 */
export async function readDayFile(path: string, priceDivisor?: number): Promise<DayFileBars> {
  const divisor = priceDivisor ?? divisorFromName(path);
  return decodeDayFile(new Uint8Array(await readFile(path)), divisor);
}

function divisorFromName(path: string): number {
  const m = /^(sh|sz|bj)(\w+)\.day$/i.exec(basename(path));
  if (!m) throw new TypeError(`${path}: not a <market><code>.day file name; pass the price divisor`);
  return dayPriceDivisor(m[1]!.toLowerCase() as VipdocMarket, m[2]!);
}
