/** The demo board universe: sizes, memberships, board indices that follow their members, and the files built from it. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeBlockFile } from "../../../adapters/tdx/files/block-dat.ts";
import { decodeTdxhy, decodeTdxzs } from "../../../adapters/tdx/files/tdx-cfg.ts";
import { encodeGbk } from "../../../adapters/tdx/tdx-gbk.ts";
import { DemoMarket } from "../../../apps/tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../../../apps/tdx-sim/demo/demo-source.ts";
import { priceEvents } from "../../../core/bars/price-events.ts";
import { defined } from "../../support/defined.ts";

const market = new DemoMarket();
const stocks = market.universe.filter((s) => s.kind === "stock");
const of = (k: string) => market.boards.filter((b) => b.kind === k);

test("about a thousand boards of six kinds, each with at least two members and a short name", () => {
  assert.deepEqual(
    ["HY", "HY2", "GN", "FG", "DQ", "ZS"].map((k) => of(k).length),
    [28, 112, 500, 200, 31, 8],
  );
  for (const b of market.boards) {
    assert.ok(b.members.length >= 2, b.code);
    assert.ok(encodeGbk(b.name).length <= 8, b.name);
  }
  const codes = market.boards.filter((b) => b.kind !== "ZS").map((b) => b.code);
  assert.equal(new Set(codes).size, codes.length);
  assert.ok(
    of("HY").every((b) => /^8810\d\d$/.test(b.code)) && of("GN").every((b) => /^880[3-7]\d\d$/.test(b.code)),
    'of("HY").every((b) => /^8810\\d\\d$/.test(b.code)) && of("GN").every((b) => /^880[3-7]\\d\\d$/.test(b.code))',
  );
  assert.equal(market.find("SH", "881001")?.kind, "index", "board indices are securities of the market");
  const again = new DemoMarket();
  assert.deepEqual(
    again.boards.map((b) => b.members.map((m) => m.code)),
    market.boards.map((b) => b.members.map((m) => m.code)),
  );
});

test("industries and regions partition the stocks; a level-1 industry is the union of its level-2 ones", () => {
  for (const kind of ["HY2", "DQ", "HY"]) {
    const seen = of(kind).flatMap((b) => b.members);
    assert.equal(seen.length, stocks.length, kind);
    assert.equal(new Set(seen).size, stocks.length, kind);
  }
  for (const hy of of("HY")) {
    const union = new Set(
      of("HY2")
        .filter((b) => b.parent === hy.code)
        .flatMap((b) => b.members),
    );
    assert.deepEqual(new Set(hy.members), union);
  }
});

test("a board index moves by the mean log return of its members", () => {
  const board = defined(of("HY")[3], "the fourth HY board");
  const day = 20261119;
  const h = market.history(market.find("SH", board.code)!, day);
  const i = h.days.length - 1;
  let sum = 0;
  let n = 0;
  let up = 0;
  for (const m of board.members) {
    const mh = market.history(m, day);
    const j = mh.days.length - 1;
    if (mh.days[j] !== day || j === 0) continue;
    const ev = priceEvents(mh.xdxr).find((e) => e.date === day);
    const prev = defined(mh.bars.close[j - 1], `${m.code}'s previous close`);
    const close = defined(mh.bars.close[j], `${m.code}'s close`);
    const ref = ev ? (prev - ev.c) / ev.m : prev;
    sum += Math.log(close / ref);
    n++;
    if (close > ref) up++;
  }
  const want = defined(h.bars.close[i - 1], "the board's previous close") * Math.exp(sum / n);
  const boardClose = defined(h.bars.close[i], "the board's close");
  assert.ok(Math.abs(boardClose - want) <= 0.005 + 1e-9, `${boardClose} vs ${want}`);
  assert.equal(h.up[i], up);
});

test("the simulator's board files describe the same boards", () => {
  const src = new DemoSource(market);
  const now = Date.UTC(2026, 10, 20, 14);
  const gn = decodeBlockFile(src.file("block_gn.dat", now)!);
  assert.deepEqual(
    gn.map((b) => b.name),
    of("GN").map((b) => b.name),
  );
  const fg = decodeBlockFile(src.file("block_fg.dat", now)!);
  assert.equal(fg.length, of("FG").length + of("DQ").length);
  const catalogue = decodeTdxzs(src.file("tdxzs3.cfg", now)!);
  assert.equal(catalogue.length, market.boards.length - of("ZS").length);
  const first = defined(of("HY2")[0], "the first HY2 board");
  assert.deepEqual(
    catalogue.find((c) => c.code === first.code),
    { name: first.name, code: first.code, type: 12, level: 2, flag: 0, ref: first.industryCode },
  );
  const industry = decodeTdxhy(src.file("tdxhy.cfg", now)!);
  assert.equal(industry.length, stocks.length);
  for (const m of first.members)
    assert.ok(industry.find((r) => r.code === m.code)!.research.startsWith(first.industryCode!), "industry.find((r) => r.code === m.code)!.research.startsWith(first.industryCode!)");
  assert.equal(src.file("block.dat", now), undefined);
});
