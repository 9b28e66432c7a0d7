/**
 * TDX professional financial archives `tdxfin/gpcwYYYYMMDD.zip` and their index
 * `tdxfin/gpcw.txt`, both directions (adapters/tdx/README.md 5.13, 8.6).
 *
 * The zip holds one `gpcwYYYYMMDD.dat`: a 20-byte header (i16 unknown, u32 report
 * date, u16 number of securities N, u32 unknown, u32 record size R, u32 unknown),
 * N index entries of 11 bytes (6-byte code, 1 market byte, u32 absolute offset of
 * that security's record), and at each offset R/4 float32 values numbered like
 * TDX's FINVALUE(1..R/4). The field count grows over the years, so it is read
 * from the header. pytdx ignores the market byte; we read 0 = SZ, 1 = SH, 2 = BJ
 * and fall back to the code when it holds anything else (unverified: no real
 * archive is public, see adapters/tdx/README.md 5.13). The index lists
 * `filename,md5,size` per line.
 */
import { unzipSync, zipSync } from "fflate";
import { ByteReader, ByteWriter } from "../tdx-bytes.ts";
import { TdxDecodeError } from "../tdx-errors.ts";

const HEADER_SIZE = 20;
const INDEX_ENTRY_SIZE = 11;

export interface GpcwRecord {
  readonly code: string;
  /** The market byte as stored. */
  readonly marketByte: number;
  /** FINVALUE(1..n) at index 0..n-1. */
  readonly values: Float64Array;
}

export interface GpcwReport {
  /** YYYYMMDD from the header. */
  readonly reportDate: number;
  readonly fieldCount: number;
  readonly records: readonly GpcwRecord[];
}

export interface GpcwListEntry {
  readonly filename: string;
  readonly hash: string;
  readonly filesize: number;
}

export function decodeGpcwDat(bytes: Uint8Array): GpcwReport {
  const r = new ByteReader(bytes, "gpcw .dat");
  r.skip(2);
  const reportDate = r.u32();
  const n = r.u16();
  r.skip(4);
  const recordSize = r.u32();
  r.skip(4);
  if (recordSize % 4 !== 0) r.fail(`record size ${recordSize} is not a multiple of 4`);
  const fieldCount = recordSize / 4;
  r.need(n * INDEX_ENTRY_SIZE);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: GpcwRecord[] = [];
  for (let i = 0; i < n; i++) {
    const code = r.ascii(6);
    const marketByte = r.u8();
    const offset = r.u32();
    if (!code || offset === 0) continue;
    if (offset + recordSize > bytes.length) r.fail(`record of ${code} at ${offset} runs past the end`);
    const values = new Float64Array(fieldCount);
    for (let k = 0; k < fieldCount; k++) values[k] = view.getFloat32(offset + 4 * k, true);
    records.push({ code, marketByte, values });
  }
  return { reportDate, fieldCount, records };
}

export function encodeGpcwDat(report: GpcwReport): Uint8Array {
  const n = report.records.length;
  const recordSize = report.fieldCount * 4;
  const w = new ByteWriter(HEADER_SIZE + n * (INDEX_ENTRY_SIZE + recordSize));
  w.i16(1).u32(report.reportDate).u16(n).u32(0).u32(recordSize).u32(0);
  let offset = HEADER_SIZE + n * INDEX_ENTRY_SIZE;
  for (const rec of report.records) {
    w.ascii(rec.code, 6).u8(rec.marketByte).u32(offset);
    offset += recordSize;
  }
  for (const rec of report.records) for (let k = 0; k < report.fieldCount; k++) w.f32(rec.values[k] ?? 0);
  return w.finish();
}

/** The `.dat` inside a downloaded archive. */
export function unzipGpcw(zip: Uint8Array): GpcwReport {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip);
  } catch (e) {
    throw new TdxDecodeError(`gpcw archive is not a valid zip: ${(e as Error).message}`);
  }
  const name = Object.keys(files).find((f) => f.toLowerCase().endsWith(".dat"));
  if (!name) throw new TdxDecodeError("gpcw archive holds no .dat file");
  return decodeGpcwDat(files[name]!);
}

/** An archive as TDX publishes it: one `.dat` with the archive's stem. */
export function zipGpcw(stem: string, report: GpcwReport): Uint8Array {
  return zipSync({ [`${stem}.dat`]: encodeGpcwDat(report) }, { level: 1, mtime: new Date(Date.UTC(2020, 0, 1)) });
}

export function decodeGpcwList(bytes: Uint8Array): GpcwListEntry[] {
  const out: GpcwListEntry[] = [];
  for (const line of new TextDecoder().decode(bytes).split(/\r?\n/)) {
    const p = line.trim().split(",");
    if (p.length >= 3 && p[0] && /^\d+$/.test(p[2]!)) out.push({ filename: p[0], hash: p[1]!, filesize: Number(p[2]) });
  }
  return out;
}

export function encodeGpcwList(entries: readonly GpcwListEntry[]): Uint8Array {
  return new TextEncoder().encode(entries.map((e) => `${e.filename},${e.hash},${e.filesize}\r\n`).join(""));
}
