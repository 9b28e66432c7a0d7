/**
 * One contract for the quote port (ports/quote-source.ts), run against every
 * implementation on the same market, as kysely tests every dialect: the TCP client
 * against the simulator serving a vipdoc tree, a replay of the recording of that
 * very session, and the vipdoc tree read directly. Where the data overlap the
 * answers are equal, except that the protocol carries volumes and amounts as
 * float32 (so the wire paths give exactly `Math.fround` of the direct value).
 * The tree is the demo market written by the project's encoders, so the suite
 * needs no shared fixture.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { captureRecorder } from "../../adapters/replay/capture-recorder.ts";
import { ReplayTransport } from "../../adapters/replay/replay-transport.ts";
import { TdxClient } from "../../adapters/tdx/tdx-client.ts";
import { TdxPool } from "../../adapters/tdx/tdx-pool.ts";
import { TdxUnavailableError } from "../../adapters/tdx/tdx-transport.ts";
import { encodeMinuteFile } from "../../adapters/vipdoc/vipdoc-minute.ts";
import { VipdocQuoteSource } from "../../adapters/vipdoc/vipdoc-quote-source.ts";
import { VipdocTree } from "../../adapters/vipdoc/vipdoc-tree.ts";
import { DemoMarket } from "../../apps/tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../../apps/tdx-sim/demo/demo-source.ts";
import { exportDemoVipdoc } from "../../apps/tdx-sim/demo/vipdoc-export.ts";
import { type Simulator, startSimulator } from "../../apps/tdx-sim/sim-server.ts";
import { VipdocSource } from "../../apps/tdx-sim/vipdoc/vipdoc-source.ts";
import type { BarSeries } from "../../core/bars/series.ts";
import type { QuoteSource } from "../../ports/quote-source.ts";
import { FakeClock } from "../support/server.ts";

const clock = new FakeClock(Date.UTC(2026, 10, 20, 20, 0));
const STOCK = { market: 1, code: "600000" };
const INDEX = { market: 1, code: "000001" };
const FUND = { market: 1, code: "510300" };
const UNKNOWN = { market: 0, code: "999998" };
const FIELDS = ["time", "open", "high", "low", "close", "vol", "amount"] as const;

interface Impl {
  readonly name: string;
  readonly source: () => QuoteSource;
  /** Whether volumes and amounts crossed the wire as float32. */
  readonly wire: boolean;
}

function columns(s: BarSeries): Record<string, number[]> {
  return Object.fromEntries(FIELDS.map((f) => [f, Array.from(s[f])]));
}

/** Categories whose replies carry volume / 100 (week, month, daily in lots, season, year). */
const LOTS = new Set([5, 6, 9, 10, 11]);

/** The direct answer as the wire would carry it. */
function asWire(s: BarSeries, wire: boolean, category: number, index: boolean): Record<string, number[]> {
  const c = columns(s);
  if (!wire) return c;
  // Index minute bars carry amount/100 in the volume field and no volume (tdx-codec-bars.ts).
  const vol = (v: number) => (index && category < 4 ? NaN : LOTS.has(category) ? Math.fround(v / 100) * 100 : Math.fround(v));
  return { ...c, vol: c.vol!.map(vol), amount: c.amount!.map((v) => Math.fround(v)) };
}

describe("quote port contract: TCP client ↔ simulator, replay of that session, vipdoc read directly", () => {
  const dir = mkdtempSync(join(tmpdir(), "tdx-forge-test-"));
  const tree = join(dir, "vipdoc");
  const captures = join(dir, "captures");
  let direct: VipdocQuoteSource;
  let sim: Simulator;
  let pool: TdxPool;
  let tcp: TdxClient;
  let replay: TdxClient | undefined;

  before(async () => {
    const market = new DemoMarket(20260101);
    await exportDemoVipdoc(market, tree, clock.now());
    // Minute files of one stock and one index, from the demo's own minute bars.
    const demo = new DemoSource(market);
    for (const [ref, name] of [
      [STOCK, "sh600000"],
      [INDEX, "sh000001"],
    ] as const) {
      for (const [cat, folder, ext] of [
        [0, "fzline", "lc5"],
        [8, "minline", "lc1"],
      ] as const) {
        mkdirSync(join(tree, "sh", folder), { recursive: true });
        const bars = demo.bars(ref, cat, 0, 800, clock.now());
        writeFileSync(join(tree, "sh", folder, `${name}.${ext}`), encodeMinuteFile(bars));
      }
    }
    direct = new VipdocQuoteSource(await VipdocTree.open(tree), clock);
    sim = await startSimulator({ source: await VipdocSource.open(tree), clock });
    pool = new TdxPool([{ name: "sim", host: sim.host, port: sim.port }], { onExchange: captureRecorder(captures, "session") });
    tcp = new TdxClient(pool);
  });
  after(async () => {
    await pool?.close();
    await sim?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // The replay answers what the TCP session recorded, so it runs after it, on the same calls.
  const impls: Impl[] = [
    { name: "vipdoc direct", source: () => direct, wire: false },
    { name: "TCP client ↔ simulator", source: () => tcp, wire: true },
    { name: "replay of the TCP session", source: () => (replay ??= new TdxClient(new ReplayTransport(captures))), wire: true },
  ];

  for (const impl of impls) {
    describe(impl.name, () => {
      test("security list: count and pages", async () => {
        const src = impl.source();
        const n = await src.securityCount(1);
        assert.equal(n, await direct.securityCount(1), "count");
        const page = await src.securityList(1, 0);
        assert.deepEqual(
          page.map((s) => [s.code, s.decimals]),
          (await direct.securityList(1, 0)).map((s) => [s.code, s.decimals]),
          "first page",
        );
      });

      test("bars of every category a .day, .lc5 and .lc1 file allow, windows by start/count", async () => {
        const src = impl.source();
        for (const ref of [STOCK, FUND]) {
          for (const cat of [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11]) {
            if (ref === FUND && (cat <= 3 || cat === 8)) continue; // daily files only
            const want = await direct.bars(ref, cat, 3, 200);
            assert.ok(want.length > 0, `${ref.code} category ${cat}: the tree has bars`);
            assert.deepEqual(columns(await src.bars(ref, cat, 3, 200)), asWire(want, impl.wire, cat, false), `${ref.code} category ${cat}`);
          }
        }
      });

      test("index bars with breadth (daily) and without (minute)", async () => {
        const src = impl.source();
        for (const cat of [4, 5, 0, 3]) {
          const want = await direct.indexBars(INDEX, cat, 0, 120);
          const got = await src.indexBars(INDEX, cat, 0, 120);
          assert.deepEqual(columns(got), asWire(want, impl.wire, cat, true), `index category ${cat}`);
          if (cat === 4) assert.deepEqual([Array.from(got.up), Array.from(got.down)], [Array.from(want.up), Array.from(want.down)], "breadth");
        }
      });

      test("quotes, minute lines, and what offline files lack", async () => {
        const src = impl.source();
        const [q] = await src.quotes([STOCK]);
        const [w] = await direct.quotes([STOCK]);
        assert.ok(q && w, "a quote for a known code");
        assert.deepEqual([q.price, q.preClose, q.open, q.high, q.low, q.vol, q.bids, q.asks], [w.price, w.preClose, w.open, w.high, w.low, w.vol, w.bids, w.asks], "quote");
        const m = await src.minute(STOCK);
        assert.deepEqual(Array.from(m.price), Array.from((await direct.minute(STOCK)).price), "minute line");
        assert.equal((await src.bars(UNKNOWN, 4, 0, 10)).length, 0, "an unknown code has no bars");
        await assert.rejects(src.xdxr(STOCK), TdxUnavailableError, "no ex-rights offline");
        assert.equal(await src.finance(STOCK), undefined, "no finance offline");
      });
    });
  }
});
