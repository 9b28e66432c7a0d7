/**
 * One contract for the board port (ports/board-source.ts), run against every
 * implementation on the simulator's demo market, as hono runs one suite against
 * every router: boards, members, a stock's boards, board closes, ranked lists,
 * symbol info, sessions and the call auction are checked against the demo market
 * itself (the generator's own data, not another source's answer). Capital flow
 * and the market monitor exist only on the mac hosts: a source without them
 * refuses with MacUnavailableError rather than inventing them.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { EXCLUDE_FLAGS } from "../../adapters/tdx/mac/mac-fields.ts";
import { FIELDS_MEMBERS } from "../../core/quotes/mac-query.ts";
import { MacUnavailableError } from "../../adapters/tdx/mac/mac-errors.ts";
import type { DemoMarket } from "../../apps/tdx-sim/demo/demo-market.ts";
import type { DemoSource } from "../../apps/tdx-sim/demo/demo-source.ts";
import { marketTimeOf } from "../../core/bars/market-time.ts";
import { TDX_MARKET } from "../../core/bars/security-kind.ts";
import type { BoardSource } from "../../ports/board-source.ts";
import type { QuoteSource } from "../../ports/quote-source.ts";
import { defined } from "../support/defined.ts";

export interface BoardSourceUnderTest {
  readonly source: BoardSource;
  /** The standard quote source on the same market (the auction's reference). */
  readonly quotes: QuoteSource;
  close(): Promise<void>;
}

export interface BoardWorld {
  readonly market: DemoMarket;
  readonly demo: DemoSource;
  /** Epoch ms the simulator serves. */
  readonly now: number;
}

const f32 = Math.fround;
export const LIST = { sortType: 0x0e, order: "DESC" as const, start: 0, count: 100_000, fields: FIELDS_MEMBERS, exclude: 0 };
const pct = (r: { values: Record<string, number> }) => r.values.close! / r.values.pre_close! - 1;

export function boardSourceContract(name: string, world: BoardWorld, open: () => Promise<BoardSourceUnderTest>, macOnlyData: boolean): void {
  describe(`board source contract: ${name}`, () => {
    const { market, demo } = world;
    const at = marketTimeOf(world.now);
    let u: BoardSourceUnderTest;
    before(async () => {
      u = await open();
    });
    after(() => u?.close());

    // The port leaves a board list's order to the source (the service ranks it).
    test("industry boards: every demo board of the kind, at the demo's prices", async () => {
      const boards = await u.source.boards("HY", "CHANGE_PCT");
      assert.deepEqual(new Set(boards.map((b) => b.code)), new Set(market.boards.filter((b) => b.kind === "HY").map((b) => b.code)));
      const b = boards.find((x) => x.code === "881005")!;
      // Mac replies carry prices as float32, standard quotes as exact cents: equal at float32.
      assert.equal(f32(b.price), f32(demo.quote({ market: 1, code: "881005" }, at)!.price));
    });

    test("members of a board are the demo's, change descending; an unknown board has none", async () => {
      const rows = await u.source.members("881001", LIST);
      assert.deepEqual(new Set(rows.map((r) => r.code)), new Set(market.board("881001")!.members.map((m) => m.code)));
      for (let i = 1; i < rows.length; i++) assert.ok(pct(rows[i - 1]!) >= pct(rows[i]!) - 1e-9, `member ${i} not in change order`);
      assert.deepEqual(await u.source.members("889999", LIST), []);
    });

    test("a stock's boards and a board's daily closes", async () => {
      const s = market.find("SH", "600519")!;
      const belong = await u.source.belong({ market: 1, code: "600519" });
      assert.deepEqual(new Set(belong.map((b) => b.code)), new Set(market.boards.filter((b) => b.kind !== "ZS" && b.members.includes(s)).map((b) => b.code)));
      const closes = await u.source.boardCloses("881005", 21);
      const c = market.dailyAt(market.find("SH", "881005")!, at).bars.close;
      assert.equal(closes.close.length, 21);
      // The mac command carries closes as float32, the standard bars as exact cents: equal at float32.
      assert.deepEqual([...closes.close].map(f32), [...c.slice(c.length - 21)].map(f32));
      for (let i = 1; i < 21; i++) assert.ok(closes.date[i]! > closes.date[i - 1]!, "closes oldest first");
    });

    test("ranked A-share list: exclusions drop ST, STAR and Beijing; pages append in order", async () => {
      const all = await u.source.quoteList(6, { ...LIST, exclude: EXCLUDE_FLAGS.ST | EXCLUDE_FLAGS.KC | EXCLUDE_FLAGS.BJ });
      const want = market.universe.filter((s) => s.kind === "stock" && !s.st && s.board !== "STAR" && s.board !== "BSE");
      assert.deepEqual(new Set(all.map((r) => r.code)), new Set(want.map((s) => s.code)));
      for (let i = 1; i < all.length; i++) assert.ok(pct(all[i - 1]!) >= pct(all[i]!) - 1e-9, `row ${i} not in change order`);
      const paged = await u.source.quoteList(6, { ...LIST, start: 80, count: 100 });
      const whole = await u.source.quoteList(6, { ...LIST, count: 180 });
      assert.deepEqual(
        paged.map((r) => r.code),
        whole.slice(80).map((r) => r.code),
      );
    });

    test("symbol info from the quote, the A-share sessions, the auction of the standard command", async () => {
      const info = defined(await u.source.symbolInfo({ market: 1, code: "600519" }), "600519's symbol info");
      assert.equal(info.name, "贵州茅台");
      assert.equal(f32(info.close), f32(demo.quote({ market: TDX_MARKET.SH, code: "600519" }, at)!.price));
      const server = await u.source.serverInfo();
      assert.deepEqual(server.sessions1.slice(0, 4), [570, 690, 780, 900]);
      assert.equal(server.lastTradingDay, 20261120);
      const [a, b] = await Promise.all([u.source.auction({ market: 0, code: "000001" }), u.quotes.auction({ market: 0, code: "000001" })]);
      assert.deepEqual([...a.second], [...b.second]);
      assert.deepEqual([...a.unmatched], [...b.unmatched]);
    });

    // A client can ask for any code: a source answers "no data" for one it has nothing for, never an outage
    // (an outage would send every board request to the derived source for a while).
    test("a code without data is no data, not an outage: no symbol info, no boards, no auction", async () => {
      const unknown = { market: 0, code: "999999" };
      assert.equal(await u.source.symbolInfo(unknown), undefined);
      assert.deepEqual(await u.source.belong(unknown), []);
      assert.equal((await u.source.auction(unknown)).length, 0);
    });

    test(macOnlyData ? "capital flow and the market monitor are served" : "capital flow and the market monitor are refused, not invented", async () => {
      if (macOnlyData) {
        const f = defined(await u.source.capitalFlow({ market: 1, code: "600519" }), "600519's capital flow");
        assert.equal(f.today.length >= 2, true, "in and out of today");
        assert.ok((await u.source.unusual(0, 0, 100)).length > 0, "the demo's monitor has events");
      } else {
        await assert.rejects(u.source.capitalFlow({ market: 1, code: "600519" }), MacUnavailableError);
        await assert.rejects(u.source.unusual(0, 0, 10), MacUnavailableError);
      }
    });
  });
}
