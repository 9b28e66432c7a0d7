/**
 * The market store's bar files: TDX's own vipdoc layout under `<store>/vipdoc`
 * (`{sh,sz,bj}/lday/*.day`, `fzline/*.lc5`, `minline/*.lc1`), encoded and decoded
 * by the project's one vipdoc codec (adapters/vipdoc), so any vipdoc reader —
 * this service's `QUOTE_SOURCE=vipdoc`, TDX itself, mootdx — reads the store.
 *
 * Crash safety (a `kill -9` at any instant loses nothing already committed):
 * - a new file is written whole to `<name>.tmp`, fsync'd, renamed over the name,
 *   and the directory fsync'd, so a file is either absent or complete;
 * - new bars are appended and fsync'd before the sync state says they exist;
 * - an append cut short leaves a torn last record (a size that is not a multiple
 *   of 32): reading the file for the next sync truncates it back to whole records.
 */
import { type FileHandle, mkdir, open, rename } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { BarSeries } from "../../core/bars/index.ts";
import { decodeDayFile, encodeDayFile } from "../vipdoc/vipdoc-day.ts";
import { decodeMinuteFile, encodeMinuteFile } from "../vipdoc/vipdoc-minute.ts";
import { dayPriceDivisor, type VipdocMarket } from "../vipdoc/vipdoc-price-scale.ts";
import { RECORD_SIZE } from "../vipdoc/vipdoc-records.ts";

export type BarFileKind = "day" | "lc5" | "lc1";

const FOLDER: Readonly<Record<BarFileKind, string>> = { day: "lday", lc5: "fzline", lc1: "minline" };
const U32_MAX = 0xffffffff;

/** `<vipdoc>/<market>/<folder>/<market><code>.<kind>` */
export function barFilePath(vipdoc: string, market: VipdocMarket, code: string, kind: BarFileKind): string {
  return join(vipdoc, market, FOLDER[kind], `${market}${code}.${kind}`);
}

/** Bars with optional index breadth, as a sync fetched them. */
export interface FetchedBars extends BarSeries {
  readonly up?: Float64Array;
  readonly down?: Float64Array;
}

/** Whether every volume of `bars` fits the files' u32 word (else the file cannot hold them exactly). */
export function volumesFit(bars: BarSeries): boolean {
  return bars.vol.every((v) => Number.isNaN(v) || v <= U32_MAX);
}

/**
 * The file records of `bars`. Index breadth goes in the reserved word (advancing
 * low, declining high, as TDX's daily and minute files keep it) and 0 otherwise;
 * the u32 volume word holds what the server sent (a value beyond it is clamped, as
 * TDX's own files must: see {@link volumesFit}; index minute bars carry no volume
 * and are written as 0, where TDX keeps amount / 100, which no reader here takes).
 */
export function encodeBars(kind: BarFileKind, market: VipdocMarket, code: string, bars: FetchedBars): Uint8Array {
  const vol = bars.vol.map((v) => (Number.isNaN(v) ? 0 : Math.min(v, U32_MAX)));
  const { up, down } = bars;
  const reserved = up && down ? Float64Array.from(up, (u, i) => (Number.isNaN(u) ? 0 : u) + (Number.isNaN(down[i]!) ? 0 : down[i]!) * 0x10000) : undefined;
  const records = { ...bars, vol, ...(reserved ? { reserved } : {}) };
  return kind === "day" ? encodeDayFile(records, dayPriceDivisor(market, code)) : encodeMinuteFile(records);
}

/** The time of the one record in `record` (32 bytes). */
export function recordTime(kind: BarFileKind, market: VipdocMarket, code: string, record: Uint8Array): number {
  const s = kind === "day" ? decodeDayFile(record, dayPriceDivisor(market, code)) : decodeMinuteFile(record);
  return s.time[0]!;
}

export interface StoredFile {
  /** Whole records on disk (after any repair). */
  readonly records: number;
  /** The last record's bytes, when there is one. */
  readonly last?: Uint8Array;
  /** Bytes cut off a torn last record (0 when the file was whole). */
  readonly repaired: number;
  /** Writes whole records after the last one and fsyncs them (through the handle opened for reading: one open per file and sync). */
  append(bytes: Uint8Array): Promise<void>;
  /** Closes the file; again is a no-op. Every opened file must be closed. */
  close(): Promise<void>;
}

const ABSENT: Omit<StoredFile, "repaired"> = {
  records: 0,
  append: () => Promise.reject(new Error("no file to append to: write it whole")),
  close: () => Promise.resolve(),
};

/** Opens `path` for the next sync: absent is empty; a torn tail is truncated to whole records and fsync'd. */
export async function openStoredFile(path: string): Promise<StoredFile> {
  let f: FileHandle;
  try {
    f = await open(path, "r+");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { ...ABSENT, repaired: 0 };
    throw e;
  }
  let held = true;
  const close = async () => {
    if (held) await f.close();
    held = false;
  };
  try {
    const size = (await f.stat()).size;
    const whole = size - (size % RECORD_SIZE);
    if (whole < size) {
      await f.truncate(whole);
      await f.sync();
    }
    const records = whole / RECORD_SIZE;
    const append = async (bytes: Uint8Array) => {
      for (let done = 0; done < bytes.length; ) done += (await f.write(bytes, done, bytes.length - done, whole + done)).bytesWritten;
      await f.sync();
    };
    if (records === 0) return { records, repaired: size - whole, append, close };
    const last = new Uint8Array(RECORD_SIZE);
    await f.read(last, 0, RECORD_SIZE, whole - RECORD_SIZE);
    return { records, repaired: size - whole, last, append, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** Writes `bytes` as the whole of `path`, atomically (temporary file, fsync, rename, directory fsync). */
export async function replaceFile(path: string, bytes: Uint8Array): Promise<void> {
  const dir = dirname(path);
  const tmp = `${path}.tmp`;
  // the folder exists but for the first file of its kind: a mkdir per file costs more than the write
  const f = await open(tmp, "w").catch(async (e: NodeJS.ErrnoException) => {
    if (e.code !== "ENOENT") throw e;
    await mkdir(dir, { recursive: true });
    return open(tmp, "w");
  });
  try {
    await f.writeFile(bytes);
    await f.sync();
  } finally {
    await f.close();
  }
  await rename(tmp, path);
  const d = await open(dir, "r");
  try {
    await d.sync();
  } finally {
    await d.close();
  }
}
