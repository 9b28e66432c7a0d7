/**
 * vipdoc `minline/*.lc1` (1-minute) and `fzline/*.lc5` (5-minute) bars, read and
 * write (design doc 8.3). Both use 32-byte records: u16 packed day, u16 minute of
 * day (bar end: 09:31 … 15:00), float32 open, high, low, close (yuan), float32
 * amount, u32 volume, u32 reserved. A trading day has 240 records in .lc1, 48 in
 * .lc5. Prices shed their float32 noise (`roundF32Price`).
 *
 * Stock files keep shares in the volume word and 0 in the reserved one. Index files
 * keep what the protocol's index minute bars carry (tdx-codec-bars.ts): amount / 100
 * in the volume word, which is no volume, and the advancing/declining counts at the
 * bar's end in the reserved word, as `.day` files do (checked on the public
 * sh000001.lc5: amount / volume word is 100 on every record, and the 15:00 bar's
 * counts are the day record's on 134 of 160 days, the rest counting some 120 more
 * securities). Both words are returned and written back as stored.
 */
import { readFile } from "node:fs/promises";
import type { BarSeries } from "../../core/bars/index.ts";
import { ByteWriter } from "../tdx/tdx-bytes.ts";
import { allocColumns } from "../tdx/tdx-columns.ts";
import { DayClock, DayStamper } from "../tdx/tdx-datetime.ts";
import { roundF32Price } from "../tdx/tdx-price-decimals.ts";
import { RECORD_SIZE, recordCount, recordView, type ReservedWords } from "./vipdoc-records.ts";

export interface MinuteFileBars extends BarSeries, ReservedWords {}

const MINUTE_COLUMNS = ["time", "open", "high", "low", "close", "vol", "amount", "reserved"] as const;

export function decodeMinuteFile(bytes: Uint8Array): MinuteFileBars {
  const n = recordCount(bytes, RECORD_SIZE, ".lc1/.lc5");
  const s: MinuteFileBars = { length: n, ...allocColumns(n, MINUTE_COLUMNS) };
  const v = recordView(bytes);
  const clock = new DayClock();
  for (let i = 0, o = 0; i < n; i++, o += RECORD_SIZE) {
    s.time[i] = clock.packed(v.getUint16(o, true), v.getUint16(o + 2, true));
    s.open[i] = roundF32Price(v.getFloat32(o + 4, true));
    s.high[i] = roundF32Price(v.getFloat32(o + 8, true));
    s.low[i] = roundF32Price(v.getFloat32(o + 12, true));
    s.close[i] = roundF32Price(v.getFloat32(o + 16, true));
    s.amount[i] = v.getFloat32(o + 20, true);
    s.vol[i] = v.getUint32(o + 24, true);
    s.reserved[i] = v.getUint32(o + 28, true);
  }
  return s;
}

/** `.lc1`/`.lc5` bytes for `bars` (times are bar ends); `reserved` defaults to 0. */
export function encodeMinuteFile(bars: BarSeries & { readonly reserved?: Float64Array }): Uint8Array {
  const w = new ByteWriter(bars.length * RECORD_SIZE);
  const stamp = new DayStamper();
  for (let i = 0; i < bars.length; i++) {
    const t = bars.time[i]!;
    w.u16(stamp.dayWord(t)).u16(stamp.minuteOfDay(t));
    w.f32(bars.open[i]!).f32(bars.high[i]!).f32(bars.low[i]!).f32(bars.close[i]!);
    w.f32(bars.amount[i]!)
      .u32(bars.vol[i]!)
      .u32(bars.reserved?.[i] ?? 0);
  }
  return w.finish();
}

export async function readMinuteFile(path: string): Promise<MinuteFileBars> {
  return decodeMinuteFile(new Uint8Array(await readFile(path)));
}
