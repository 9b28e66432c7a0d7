/**
 * The market store's sync against the simulator over real TCP (the demo market,
 * fixed at a Saturday so the servers' history does not move):
 * - a clean sync of the whole demo market reads back exactly through the vipdoc
 *   quote source (QUOTE_SOURCE=vipdoc's reader), against the server's own answers;
 * - `tdx-forge sync` in a child process killed with SIGKILL in the middle, then
 *   run again, leaves a store equal to the clean one byte for byte (every file of
 *   the vipdoc tree; every row of the list, ex-rights, finance and sync-state
 *   tables but the fetch times), repeating only part of the work;
 * - after the market moves on, a sync asks one bars request per security (counted
 *   by the simulator) and appends only the new bars;
 * - a second sync while one runs is refused;
 * - a security whose ex-rights records changed on or before its stored history is
 *   fetched whole again (the server's records changed by a wrapper here);
 * - finance snapshots are asked again only where the ex-rights records changed,
 *   or a week on; a file holding a record its sync state does not count is
 *   fetched whole.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { after, before, describe, test } from "node:test";
import { defaultSqliteOpener } from "../../../adapters/sqlite/sqlite-opener.ts";
import { MarketStore } from "../../../adapters/store/market-store.ts";
import { SyncBusyError } from "../../../adapters/store/store-lock.ts";
import { syncStore } from "../../../adapters/store/store-sync.ts";
import type { SyncReport } from "../../../ports/market-store.ts";
import { TdxClient } from "../../../adapters/tdx/tdx-client.ts";
import { TdxPool } from "../../../adapters/tdx/tdx-pool.ts";
import { VipdocQuoteSource } from "../../../adapters/vipdoc/vipdoc-quote-source.ts";
import { VipdocTree } from "../../../adapters/vipdoc/vipdoc-tree.ts";
import { DemoMarket } from "../../../apps/tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../../../apps/tdx-sim/demo/demo-source.ts";
import { type Simulator, startSimulator } from "../../../apps/tdx-sim/sim-server.ts";
import { classifySecurity, type Market } from "../../../core/bars/security-kind.ts";
import { BIN, REPO } from "../../support/cli.ts";
import { FakeClock } from "../../support/server.ts";

const BARS = 0x052d;
const FINANCE = 0x0010;
/** Saturday 2026-11-21 10:00 in Shanghai: the demo history ends with Friday's session. */
const SATURDAY = Date.UTC(2026, 10, 21, 2, 0, 0);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** Every file of a tree by relative path. */
function treeBytes(dir: string): Map<string, Buffer> {
  return new Map(walk(dir).map((p) => [relative(dir, p), readFileSync(p)]));
}

/** Every row of the store's tables but fetch times and run records, in key order. */
async function tables(store: MarketStore): Promise<Record<string, unknown[]>> {
  const db = store.db;
  return {
    security: await db.selectFrom("security").selectAll().orderBy("market").orderBy("code").execute(),
    xdxr: await db.selectFrom("xdxr").selectAll().orderBy("market").orderBy("code").execute(),
    finance: await db.selectFrom("finance").select(["market", "code", "snapshot"]).orderBy("market").orderBy("code").execute(),
    sync_state: await db.selectFrom("sync_state").select(["market", "code", "kind", "records", "last_time", "exact"]).orderBy("market").orderBy("code").orderBy("kind").execute(),
  };
}

const served = (sim: Simulator, cmd = BARS) => sim.served.get(cmd) ?? 0;
/** Ex-rights records by `<market><code>`, and the stocks among them. */
async function xdxrRows(store: MarketStore): Promise<Map<string, string>> {
  const rows = await store.db
    .selectFrom("xdxr")
    .innerJoin("security", (j) => j.onRef("security.market", "=", "xdxr.market").onRef("security.code", "=", "xdxr.code"))
    .select(["xdxr.market", "xdxr.code", "xdxr.records", "security.kind"])
    .execute();
  return new Map(rows.filter((r) => r.kind === "stock").map((r) => [r.market + r.code, r.records]));
}

describe("market store sync against the simulator", () => {
  const clock = new FakeClock(SATURDAY);
  const dirs: string[] = [];
  const tmp = () => {
    const d = mkdtempSync(join(tmpdir(), "tdx-forge-store-"));
    dirs.push(d);
    return d;
  };
  let sim: Simulator;
  let pool: TdxPool;
  let upstream: TdxClient;
  let clean: MarketStore;
  let first: SyncReport;

  before(async () => {
    sim = await startSimulator({ source: new DemoSource(new DemoMarket(20260101)), clock });
    pool = new TdxPool([{ name: "sim", host: sim.host, port: sim.port }], { size: 2 });
    upstream = new TdxClient(pool);
    clean = await MarketStore.open(tmp(), defaultSqliteOpener(), clock);
    first = await syncStore({ store: clean, sources: [upstream], perSource: 2, clock });
  });

  after(async () => {
    await clean?.close();
    await pool?.close();
    await sim?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  test("a clean sync takes the whole demo market and reads back exactly through the vipdoc source", async () => {
    assert.deepEqual(first.failed, [], "nothing failed");
    assert.ok(first.securities > 300, `the demo universe was synced (${first.securities})`);
    const rows = await clean.db.selectFrom("security").selectAll().execute();
    assert.equal(rows.length, first.securities, "every security listed");
    const kinds = new Set(rows.map((r) => r.kind));
    assert.deepEqual([...kinds].sort(), ["fund", "index", "stock"], "stocks, indices and funds");
    assert.ok(
      rows.every((r) => r.board !== "BOARD_INDEX"),
      "no board indices",
    );
    const local = new VipdocQuoteSource(await VipdocTree.open(clean.vipdoc), clock);
    let clamped = 0;
    for (const r of rows) {
      const market = r.market.toUpperCase() as Market;
      const ref = { market: market === "SZ" ? 0 : market === "SH" ? 1 : 2, code: r.code } as const;
      const index = classifySecurity(market, r.code).kind === "index";
      const want = index ? await upstream.indexBars(ref, 4, 0, 800) : await upstream.bars(ref, 4, 0, 800);
      const got = index ? await local.indexBars(ref, 4, 0, 800) : await local.bars(ref, 4, 0, 800);
      // A volume beyond the files' u32 word cannot be kept (TDX's own files clamp it): the store then never answers for the security.
      const fits = want.vol.every((v) => v <= 0xffffffff);
      const exact = fits ? want : { ...want, vol: want.vol.map((v) => Math.min(v, 0xffffffff)) };
      assert.deepEqual(got, exact, `${market}:${r.code}: the newest 800 daily bars read back as the server sends them`);
      if (!fits) {
        clamped++;
        assert.equal(await clean.covers(ref, 4), false, `${market}:${r.code}: a clamped volume keeps reads upstream`);
      }
    }
    assert.ok(clamped < rows.length / 10, `few securities with volumes beyond u32 (${clamped})`);
    assert.equal(await clean.covers({ market: 0, code: "000001" }, 4), true, "the store answers for SZ 000001's daily bars");
    // whole histories of a stock and an index
    for (const ref of [
      { market: 0, code: "000001" },
      { market: 1, code: "000001" },
    ] as const) {
      const ask = (s: TdxClient | VipdocQuoteSource, start: number) => (ref.market === 1 ? s.indexBars(ref, 4, start, 800) : s.bars(ref, 4, start, 800));
      for (let start = 0; ; start += 800) {
        const want = await ask(upstream, start);
        assert.deepEqual(await ask(local, start), want, `${ref.market}:${ref.code} page at ${start}`);
        if (want.length < 800) break;
      }
    }
  });

  test("index minute bars read back as the server sends them: no volume, and its advancing/declining counts", async () => {
    const store = await MarketStore.open(tmp(), defaultSqliteOpener(), clock);
    try {
      const report = await syncStore({ store, sources: [upstream], perSource: 2, clock }, { minutes: ["SH:000001", "SZ:399001"], minuteKinds: ["lc5", "lc1"] });
      assert.deepEqual(report.failed, [], "nothing failed");
      const local = new VipdocQuoteSource(await VipdocTree.open(store.vipdoc), clock);
      for (const ref of [
        { market: 1, code: "000001" },
        { market: 0, code: "399001" },
      ] as const) {
        for (const category of [0, 8]) {
          const want = await upstream.indexBars(ref, category, 0, 800);
          const got = await local.indexBars(ref, category, 0, 800);
          assert.ok(got.length > 0 && got.up.some((u) => u > 0), `${ref.code} category ${category}: bars with counts`);
          // the store keeps closed bars: the server's bars at the times it holds
          const end = want.time.indexOf(got.time[got.length - 1]!) + 1;
          const from = end - got.length;
          assert.ok(from >= 0, `${ref.code} category ${category}: the store's bars are the server's`);
          const cut = Object.fromEntries(Object.entries(want).map(([k, v]) => [k, typeof v === "number" ? got.length : (v as Float64Array).slice(from, end)]));
          assert.deepEqual(got, cut, `${ref.code} category ${category}: no volume (NaN), the counts as sent`);
        }
      }
    } finally {
      await store.close();
    }
  });

  test("sync killed with SIGKILL in the middle and run again equals the clean sync byte for byte", async () => {
    const data = tmp();
    const env = { ...process.env, QUOTE_SOURCE: "tdx", TDX_HOSTS: `127.0.0.1:${sim.port}`, DATA_DIR: data, LOG_LEVEL: "silent" };
    const lday = join(data, "market", "vipdoc");
    const dayFiles = () => {
      try {
        return walk(lday).filter((p) => p.endsWith(".day")).length;
      } catch {
        return 0;
      }
    };
    const child = spawn(process.execPath, [BIN, "sync"], { cwd: REPO, env, stdio: "ignore" });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_c, sig) => resolve(sig)));
    let atKill = 0;
    while (child.exitCode === null) {
      atKill = dayFiles();
      if (atKill >= first.securities / 3) {
        child.kill("SIGKILL");
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.equal(await exited, "SIGKILL", "the sync was killed, not finished");
    assert.ok(atKill < first.securities, "killed before every file was written");
    // an append cut short after its security was done: a torn record, and no sync state for it
    const victim = walk(lday).find((p) => p.endsWith(".day"))!;
    appendFileSync(victim, Buffer.alloc(11, 0xab));
    const killed = await MarketStore.open(join(data, "market"), defaultSqliteOpener(), clock);
    const name = victim.split("/").at(-1)!;
    await killed.db.deleteFrom("sync_state").where("market", "=", name.slice(0, 2)).where("code", "=", name.slice(2, 8)).execute();
    await killed.close();
    const again = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const c = spawn(process.execPath, [BIN, "sync"], { cwd: REPO, env });
      let out = "";
      c.stdout.on("data", (d: Buffer) => (out += d));
      c.once("exit", (code) => resolve({ code, out }));
    });
    assert.equal(again.code, 0, "the second sync finished");
    const report = JSON.parse(again.out.trim().split("\n").at(-1)!) as SyncReport & { failed: number };
    assert.equal(report.failed, 0, "nothing failed");
    assert.ok(report.skipped > 0, `securities finished before the kill were not asked again (${report.skipped})`);
    assert.ok(report.requests < first.requests, `fewer requests than a clean sync (${report.requests} < ${first.requests})`);
    assert.ok(report.repaired >= 1, "the torn record was found and cut");
    const a = treeBytes(clean.vipdoc);
    const b = treeBytes(lday);
    assert.deepEqual([...b.keys()].sort(), [...a.keys()].sort(), "the same files");
    for (const [k, v] of a) assert.ok(v.equals(b.get(k)!), `${k} byte for byte`);
    const resumed = await MarketStore.open(join(data, "market"), defaultSqliteOpener(), clock);
    try {
      const [got, want] = [await tables(resumed), await tables(clean)];
      for (const name of Object.keys(want)) {
        const a = got[name]!;
        const b = want[name]!;
        const differ = b.flatMap((row, i) => (JSON.stringify(row) === JSON.stringify(a[i]) ? [] : [{ want: row, got: a[i] }]));
        assert.deepEqual({ rows: a.length, differ: differ.slice(0, 3) }, { rows: b.length, differ: [] }, `table ${name}: the same rows`);
      }
    } finally {
      await resumed.close();
    }
  });

  test("a second sync while one runs is refused", async () => {
    const running = syncStore({ store: clean, sources: [upstream], perSource: 1, clock });
    await assert.rejects(syncStore({ store: clean, sources: [upstream], perSource: 1, clock }), SyncBusyError, "refused while the first runs");
    await running;
  });

  test("after the market moves on, a sync asks one bars request per security and appends only the new bars", async () => {
    const before = treeBytes(clean.vipdoc);
    // Tuesday 16:00 in Shanghai: Monday's and Tuesday's sessions are over.
    clock.t = Date.UTC(2026, 10, 24, 8, 0, 0);
    const asked = served(sim);
    const financeAsked = served(sim, FINANCE);
    const xdxrBefore = await xdxrRows(clean);
    const r = await syncStore({ store: clean, sources: [upstream], perSource: 2, clock });
    assert.deepEqual(r.failed, [], "nothing failed");
    assert.equal(served(sim) - asked, r.securities, "one bars request per security");
    const xdxrAfter = await xdxrRows(clean);
    const moved = [...xdxrAfter].filter(([k, v]) => xdxrBefore.get(k) !== v).length;
    assert.equal(served(sim, FINANCE) - financeAsked, moved, `finance asked again only where the ex-rights records changed (${moved}; the snapshots are 3 days old)`);
    assert.equal(r.rewritten, 0, "nothing fetched whole again");
    const after = treeBytes(clean.vipdoc);
    let grown = 0;
    for (const [k, old] of before) {
      const now = after.get(k)!;
      assert.ok(now.subarray(0, old.length).equals(old), `${k}: the old records untouched`);
      assert.ok(now.length - old.length <= 64, `${k}: at most two new daily records`);
      if (now.length > old.length) grown++;
    }
    assert.equal(
      r.bars_added,
      [...after].reduce((n, [k, v]) => n + (v.length - before.get(k)!.length) / 32, 0),
      "bars added as reported",
    );
    assert.ok(grown > r.securities / 2, "most files grew");
    const local = new VipdocQuoteSource(await VipdocTree.open(clean.vipdoc), clock);
    const ref = { market: 0, code: "000001" } as const;
    assert.deepEqual(await local.bars(ref, 4, 0, 10), await upstream.bars(ref, 4, 0, 10), "the newest bars read back as the server sends them");
    const idle = served(sim);
    const r2 = await syncStore({ store: clean, sources: [upstream], perSource: 2, clock });
    assert.equal(served(sim), idle, "a store complete at this moment costs no bars request");
    assert.equal(r2.skipped, r2.securities, "every security skipped");
  });

  test("a retroactive ex-rights record makes the security's file be fetched whole again", async () => {
    // Wednesday 16:00 in Shanghai: one more session; the server now also reports a 2020 dividend for SZ 000001.
    clock.t = Date.UTC(2026, 10, 25, 8, 0, 0);
    const extra = { market: 0, code: "000001", date: 20200102, category: 1, c1: 1, c2: 0, c3: 0, c4: 0 } as const;
    const changed = new Proxy(upstream, {
      get(target, key) {
        if (key === "xdxr") return async (ref: { market: number; code: string }) => [...(await target.xdxr(ref as never)), ...(ref.market === 0 && ref.code === "000001" ? [extra] : [])];
        const v = Reflect.get(target, key, target);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
    const asked = served(sim);
    const financeAsked = served(sim, FINANCE);
    const r = await syncStore({ store: clean, sources: [changed], perSource: 2, clock });
    assert.deepEqual(r.failed, [], "nothing failed");
    assert.equal(r.rewritten, 1, "one file fetched whole again");
    assert.equal(served(sim, FINANCE) - financeAsked, 1, "finance asked again for the stock whose ex-rights records changed only");
    const pages = Math.ceil(
      (await clean.db.selectFrom("sync_state").select("records").where("market", "=", "sz").where("code", "=", "000001").where("kind", "=", "day").executeTakeFirstOrThrow()).records / 800,
    );
    assert.equal(served(sim) - asked, r.securities - 1 + pages, "one request for each other security, and the rewritten file's whole history");
    const stored = await clean.db.selectFrom("xdxr").select("records").where("market", "=", "sz").where("code", "=", "000001").executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(stored.records).at(-1), extra, "the new record is stored");
    const local = new VipdocQuoteSource(await VipdocTree.open(clean.vipdoc), clock);
    const ref = { market: 0, code: "000001" } as const;
    assert.deepEqual(await local.bars(ref, 4, 0, 800), await upstream.bars(ref, 4, 0, 800), "the rewritten file reads back as the server sends it");
  });

  test("during a session the sync stores the closed days only, and a second sync asks nothing", async () => {
    // Friday 10:00 in Shanghai: Thursday closed since the last sync; Friday's bar is still moving.
    clock.t = Date.UTC(2026, 10, 27, 2, 0, 0);
    const r = await syncStore({ store: clean, sources: [upstream], perSource: 2, clock });
    assert.deepEqual(r.failed, [], "nothing failed");
    assert.equal(r.skipped, 0, "every security had a session to add");
    const last = await clean.db.selectFrom("sync_state").select("last_time").where("market", "=", "sz").where("code", "=", "000001").where("kind", "=", "day").executeTakeFirstOrThrow();
    assert.ok(last.last_time < Date.UTC(2026, 10, 27), `the moving bar is not stored (last ${new Date(last.last_time).toISOString()})`);
    clock.t = Date.UTC(2026, 10, 27, 3, 0, 0);
    const idle = served(sim);
    const r2 = await syncStore({ store: clean, sources: [upstream], perSource: 2, clock });
    assert.equal(served(sim), idle, "no bars request an hour later in the same session");
    assert.equal(r2.skipped, r2.securities, "every security skipped");
  });

  test("a week on, every finance snapshot is fetched again; a file holding records its state does not count is fetched whole", async () => {
    // Monday 2026-11-30 16:00 in Shanghai: 9 days after the first sync
    clock.t = Date.UTC(2026, 10, 30, 8, 0, 0);
    const ref = { market: 1, code: "600000" } as const;
    const path = join(clean.vipdoc, "sh", "lday", "sh600000.day");
    const bytes = readFileSync(path);
    // a record the sync state never vouched for (as a sync killed between an append and its commit leaves)
    appendFileSync(path, bytes.subarray(bytes.length - 32));
    const stocks = (await xdxrRows(clean)).size;
    const financeAsked = served(sim, FINANCE);
    const r = await syncStore({ store: clean, sources: [upstream], perSource: 2, clock });
    assert.deepEqual(r.failed, [], "nothing failed");
    assert.equal(served(sim, FINANCE) - financeAsked, stocks - 1, "one finance request per stock but SZ 000001's (fetched again on Wednesday, 5 days ago)");
    assert.equal(r.rewritten, 1, "the file with an unvouched record fetched whole again");
    const local = new VipdocQuoteSource(await VipdocTree.open(clean.vipdoc), clock);
    assert.deepEqual(await local.bars(ref, 4, 0, 800), await upstream.bars(ref, 4, 0, 800), "it reads back as the server sends it");
  });
});
