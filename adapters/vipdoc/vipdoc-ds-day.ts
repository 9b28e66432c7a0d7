/**
 * vipdoc `ds/lday/*.day` daily bars of the extended markets (futures, options, HK;
 * file names like `4#CF7D0LAO.day`, the number being the extended market), design
 * doc 8.2. 32-byte records: u32 YYYYMMDD, float32 open, high, low, close, u32 that
 * pytdx calls amount, u32 volume, float32 settlement price.
 *
 * The u32 pytdx calls amount is unverified and its recorded values look more like
 * open interest than turnover (266, 294, 284 at prices near 200); it is put in
 * `amount` as pytdx does and the doubt recorded here. Prices stay raw float32:
 * extended-market ticks can be finer than 0.001.
 */
import { readFile } from "node:fs/promises";
import type { BarSeries } from "../../core/bars/index.ts";
import { allocColumns } from "../tdx/tdx-columns.ts";
import { DayClock } from "../tdx/tdx-datetime.ts";
import { RECORD_SIZE, recordCount, recordView } from "./vipdoc-records.ts";

export interface DsDayBars extends BarSeries {
  readonly settlement: Float64Array;
}

const DS_COLUMNS = ["time", "open", "high", "low", "close", "vol", "amount", "settlement"] as const;

export function decodeDsDayFile(bytes: Uint8Array): DsDayBars {
  const n = recordCount(bytes, RECORD_SIZE, "ds .day");
  const s: DsDayBars = { length: n, ...allocColumns(n, DS_COLUMNS) };
  const v = recordView(bytes);
  const clock = new DayClock();
  for (let i = 0, o = 0; i < n; i++, o += RECORD_SIZE) {
    s.time[i] = clock.yyyymmdd(v.getUint32(o, true));
    s.open[i] = v.getFloat32(o + 4, true);
    s.high[i] = v.getFloat32(o + 8, true);
    s.low[i] = v.getFloat32(o + 12, true);
    s.close[i] = v.getFloat32(o + 16, true);
    s.amount[i] = v.getUint32(o + 20, true);
    s.vol[i] = v.getUint32(o + 24, true);
    s.settlement[i] = v.getFloat32(o + 28, true);
  }
  return s;
}

export async function readDsDayFile(path: string): Promise<DsDayBars> {
  return decodeDsDayFile(new Uint8Array(await readFile(path)));
}
