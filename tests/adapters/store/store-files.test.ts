/**
 * The store writes its bar files with the project's one vipdoc codec. Checked
 * against real TDX files (../shared/fixtures: `.day`, `.lc1`, `.lc5` written by
 * TDX clients and published by others): each decodes with the reader and
 * re-encodes with the writer byte for byte; through the store's own encoder
 * (which gets what the protocol sends: bars, and breadth for indices) every index
 * record is byte-identical and every other record in all but its reserved word,
 * which the protocol does not carry. Also: a torn tail is cut back to whole
 * records, appends and atomic replacement leave whole files.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, appendFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { after, describe, test } from "node:test";
import { classifySecurity } from "../../../core/bars/security-kind.ts";
import { encodeBars, openStoredFile, recordTime, replaceFile, type StoredFile } from "../../../adapters/store/store-files.ts";
import { decodeDayFile, encodeDayFile } from "../../../adapters/vipdoc/vipdoc-day.ts";
import { indexBreadth } from "../../../adapters/vipdoc/vipdoc-records.ts";
import { decodeMinuteFile, encodeMinuteFile } from "../../../adapters/vipdoc/vipdoc-minute.ts";
import { dayPriceDivisor, type VipdocMarket } from "../../../adapters/vipdoc/vipdoc-price-scale.ts";
import { fixture } from "../../support/fixtures.ts";

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const roots = ["tdx/vipdoc", "tdx-public"].map((r) => fixture(r)).filter((r): r is string => !!r);
const files = roots.flatMap(walk).filter((p) => /^(sh|sz|bj)\d{6}\.(day|lc1|lc5)$/i.test(basename(p)));
const skip = files.length ? false : "no real vipdoc files in ../shared/fixtures (absent)";
if (skip) console.log(`# skipped: ${skip}`);

describe("real TDX files through the store's codec", { skip }, () => {
  test("every real .day decodes and re-encodes byte for byte; the store's encoder matches it on every index record and on all but the reserved word elsewhere", () => {
    let checked = 0;
    for (const path of files.filter((p) => p.toLowerCase().endsWith(".day"))) {
      const name = basename(path).toLowerCase();
      const market = name.slice(0, 2) as VipdocMarket;
      const code = name.slice(2, 8);
      const bytes = new Uint8Array(readFileSync(path));
      const div = dayPriceDivisor(market, code);
      const day = decodeDayFile(bytes, div);
      assert.deepEqual(encodeDayFile(day, div), bytes, `${name}: the writer gives back the file`);
      const index = classifySecurity(market.toUpperCase() as "SH", code).kind === "index";
      const store = encodeBars("day", market, code, index ? { ...day, ...indexBreadth(day) } : day);
      assert.equal(store.length, bytes.length, `${name}: one record per bar`);
      for (let o = 0; o < bytes.length; o += 32) {
        const upto = index ? 32 : 28;
        assert.deepEqual(store.subarray(o, o + upto), bytes.subarray(o, o + upto), `${name} record ${o / 32}`);
      }
      // the record's date, independently: the first u32
      const v = new DataView(bytes.buffer, bytes.byteOffset);
      const d = v.getUint32(bytes.length - 32, true);
      assert.equal(recordTime("day", market, code, bytes.subarray(bytes.length - 32)), Date.UTC(Math.floor(d / 10000), (Math.floor(d / 100) % 100) - 1, d % 100), `${name}: last record's date`);
      checked++;
    }
    assert.ok(checked > 0, "some .day files were checked");
  });

  test("real .lc1/.lc5 files: times, amounts, volumes and reserved words re-encode byte for byte, and the re-encoded file reads back to the same bars; the store keeps an index's counts", () => {
    // The minute reader rounds float32 prices to their decimal (vipdoc-minute.ts), so a price word may move to the
    // float32 nearest that decimal; what is read back does not change.
    const minute = files.filter((p) => /\.lc[15]$/i.test(p));
    let indexMinute = 0;
    for (const path of minute) {
      const bytes = new Uint8Array(readFileSync(path));
      const bars = decodeMinuteFile(bytes);
      const again = encodeMinuteFile(bars);
      assert.equal(again.length, bytes.length, `${basename(path)}: one record per bar`);
      for (let o = 0; o < bytes.length; o += 32) {
        assert.deepEqual(again.subarray(o, o + 4), bytes.subarray(o, o + 4), `${basename(path)} record ${o / 32}: time words`);
        assert.deepEqual(again.subarray(o + 20, o + 32), bytes.subarray(o + 20, o + 32), `${basename(path)} record ${o / 32}: amount, volume and reserved`);
      }
      assert.deepEqual(decodeMinuteFile(again), bars, `${basename(path)}: reads back the same bars`);
      const name = basename(path).toLowerCase();
      const market = name.slice(0, 2) as VipdocMarket;
      const code = name.slice(2, 8);
      if (classifySecurity(market.toUpperCase() as "SH", code).kind !== "index") continue;
      // as a sync fetches index minute bars: no volume, the counts (none where the word is 0)
      const fetched = { ...bars, vol: bars.vol.map(() => NaN), ...indexBreadth(bars, true) };
      const store = encodeBars(name.endsWith(".lc1") ? "lc1" : "lc5", market, code, fetched);
      for (let o = 0; o < bytes.length; o += 32) {
        assert.deepEqual(store.subarray(o + 28, o + 32), bytes.subarray(o + 28, o + 32), `${name} record ${o / 32}: the store's reserved word`);
        assert.deepEqual(store.subarray(o + 24, o + 28), new Uint8Array(4), `${name} record ${o / 32}: no volume, 0`);
      }
      indexMinute++;
    }
    assert.ok(minute.length > 0, "some minute files were checked");
    assert.ok(indexMinute > 0, "some index minute files were checked");
  });
});

describe("crash-safe files", () => {
  const dir = mkdtempSync(join(tmpdir(), "tdx-forge-store-files-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const rec = (n: number) => Uint8Array.from({ length: 32 * n }, (_, i) => (i * 7 + n) & 0xff);

  /** What a file holds, without its methods; the file closed. */
  const opened = async (p: string) => {
    const f: StoredFile = await openStoredFile(p);
    await f.close();
    return { records: f.records, repaired: f.repaired, ...(f.last ? { last: f.last } : {}) };
  };

  test("an absent file is empty; replace writes whole; append adds; a torn tail is cut back to whole records", async () => {
    const p = join(dir, "sh", "lday", "sh600000.day");
    assert.deepEqual(await opened(p), { records: 0, repaired: 0 }, "absent file");
    await assert.rejects((await openStoredFile(p)).append(rec(1)), /write it whole/, "an absent file is not appended to");
    await replaceFile(p, rec(3));
    assert.ok(!existsSync(`${p}.tmp`), "no temporary file left");
    const three = await openStoredFile(p);
    await three.append(rec(2));
    await three.close();
    await three.close();
    const whole = new Uint8Array([...rec(3), ...rec(2)]);
    assert.deepEqual(new Uint8Array(readFileSync(p)), whole, "appended after the replaced content");
    appendFileSync(p, new Uint8Array(13));
    const f = await openStoredFile(p);
    assert.equal(f.records, 5, "whole records kept");
    assert.equal(f.repaired, 13, "torn bytes reported");
    assert.deepEqual(f.last, whole.subarray(128, 160), "last whole record");
    assert.deepEqual(new Uint8Array(readFileSync(p)), whole, "file truncated back on disk");
    await f.append(rec(1));
    await f.close();
    assert.deepEqual(new Uint8Array(readFileSync(p)), new Uint8Array([...whole, ...rec(1)]), "appended after the last whole record, where the torn tail was");
    writeFileSync(p, new Uint8Array(20));
    assert.deepEqual(await opened(p), { records: 0, repaired: 20 }, "a lone torn record leaves an empty file");
    assert.equal(statSync(p).size, 0, "and the file is empty");
  });
});
