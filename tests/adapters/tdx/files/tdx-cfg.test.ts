/** tdxhy.cfg, tdxzs*.cfg and incon.dat: the real fixtures parse to their documented content; writers round-trip. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeIncon, decodeTdxhy, decodeTdxzs, encodeTdxhy, encodeTdxzs } from "../../../../adapters/tdx/files/tdx-cfg.ts";
import { skipUnless } from "../../../support/fixtures.ts";
import { bin } from "../fixture-bytes.ts";

const HQ = "tdx/T0002/hq_cache/";

test("tdxhy.cfg: 4,906 securities, first 0|000001|T1001|||X500102", { skip: skipUnless(`${HQ}tdxhy.cfg`) }, () => {
  const rows = decodeTdxhy(bin(`${HQ}tdxhy.cfg`));
  assert.equal(rows.length, 4906);
  assert.deepEqual(rows[0], { market: 0, code: "000001", tdx: "T1001", research: "X500102" });
  const byMarket = [0, 1, 2].map((m) => rows.filter((r) => r.market === m).length);
  assert.deepEqual(byMarket, [2677, 2138, 91]);
  assert.deepEqual(rows.at(-1), { market: 1, code: "900957", tdx: "", research: "" });
});

test("tdxzs3.cfg: 984 board indices by type; tdxzs.cfg 522", { skip: skipUnless(`${HQ}tdxzs3.cfg`) }, () => {
  const rows = decodeTdxzs(bin(`${HQ}tdxzs3.cfg`));
  assert.equal(rows.length, 984);
  assert.deepEqual(rows[0], { name: "轮动趋势", code: "880081", type: 5, level: 2, flag: 0, ref: "轮动趋势" });
  const count = (t: number) => rows.filter((r) => r.type === t).length;
  assert.deepEqual([2, 3, 4, 5, 12].map(count), [145, 32, 216, 129, 462]);
  assert.deepEqual(
    rows.find((r) => r.code === "881001"),
    { name: "煤炭", code: "881001", type: 12, level: 1, flag: 0, ref: "X10" },
  );
  assert.equal(decodeTdxzs(bin(`${HQ}tdxzs.cfg`)).length, 522);
});

test("incon.dat: 17 sections with their documented first entries and sizes", { skip: skipUnless("tdx/T0002/incon.dat") }, () => {
  const s = decodeIncon(bin("tdx/T0002/incon.dat"));
  assert.equal(s.size, 17);
  assert.equal([...s.keys()][0], "ZJHHY");
  assert.equal(s.get("ZJHHY")!.get("A"), "农林牧渔业");
  assert.equal(s.get("ZJHHY")!.size, 109);
  assert.equal(s.get("TDXNHY")!.get("T0101"), "煤炭");
  assert.equal(s.get("TDXNHY")!.size, 145);
  assert.equal(s.get("SWHY")!.size, 313);
  // #SBHY_TZ is closed only by the next header.
  assert.equal(s.get("SBHY_TZ")!.size, 268);
  assert.equal(s.get("SBQS_TZ")!.size, 80);
  assert.equal(s.get("ZZHY")!.get("ZZ09010501"), "电网");
});

test("written tables read back", () => {
  const hy = [
    { market: 1, code: "600000", tdx: "T1001", research: "X500102" },
    { market: 0, code: "000001", tdx: "", research: "" },
  ];
  assert.deepEqual(decodeTdxhy(encodeTdxhy(hy)), hy);
  const zs = [{ name: "黑龙江", code: "880201", type: 3, level: 1, flag: 0, ref: "1" }];
  assert.deepEqual(decodeTdxzs(encodeTdxzs(zs)), zs);
});
