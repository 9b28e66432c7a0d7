/**
 * vipdoc `minline/*.lc1` (1-minute) and `fzline/*.lc5` (5-minute) bars, read and
 * write (design doc 8.3). Both use 32-byte records: u16 packed day, u16 minute of
 * day (bar end: 09:31 … 15:00), float32 open, high, low, close (yuan), float32
 * amount, u32 volume (shares for stocks), u32 reserved (0). A trading day has 240
 * records in .lc1, 48 in .lc5. Prices shed their float32 noise (`roundF32Price`).
 */
import { readFile } from "node:fs/promises";
import type { BarSeries } from "../../core/bars/index.ts";
import { ByteWriter } from "../tdx/tdx-bytes.ts";
import { allocBars } from "../tdx/tdx-columns.ts";
import { DayClock, DayStamper } from "../tdx/tdx-datetime.ts";
import { roundF32Price } from "../tdx/tdx-price-decimals.ts";
import { RECORD_SIZE, recordCount, recordView } from "./vipdoc-records.ts";

export function decodeMinuteFile(bytes: Uint8Array): BarSeries {
  const n = recordCount(bytes, RECORD_SIZE, ".lc1/.lc5");
  const s = allocBars(n);
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
  }
  return s;
}

/** `.lc1`/`.lc5` bytes for `bars` (times are bar ends). */
export function encodeMinuteFile(bars: BarSeries): Uint8Array {
  const w = new ByteWriter(bars.length * RECORD_SIZE);
  const stamp = new DayStamper();
  for (let i = 0; i < bars.length; i++) {
    const t = bars.time[i]!;
    w.u16(stamp.dayWord(t)).u16(stamp.minuteOfDay(t));
    w.f32(bars.open[i]!).f32(bars.high[i]!).f32(bars.low[i]!).f32(bars.close[i]!);
    w.f32(bars.amount[i]!).u32(bars.vol[i]!).u32(0);
  }
  return w.finish();
}

export async function readMinuteFile(path: string): Promise<BarSeries> {
  return decodeMinuteFile(new Uint8Array(await readFile(path)));
}
