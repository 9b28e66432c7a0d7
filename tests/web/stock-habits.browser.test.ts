/**
 * The stock page's TDX habits in real Chromium against the real server
 * (simulator, fixed clock): pinyin-initial search, the keyboard (←/→ cursor,
 * ↑/↓ zoom, Home/End, PageUp/PageDown through the list the page came from,
 * Esc back), moving averages named by period, volume in lots (手) for stocks
 * and indices, breadth in place of an index's order book, and a quote that
 * holds, labelled, once the session closes. Charts are read through their
 * ECharts option; the closing test proxies the page's WebSocket to inject a
 * quote the feed might still send.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page, WebSocketRoute } from "playwright-core";
import { ensureBundle } from "../../apps/web/build/ensure-bundle.ts";
import { FakeClock, startTestServer, type TestServer } from "../support/server.ts";
import { type Browser, browserMissing, launchBrowser } from "./support/browser.ts";
import { chartOption, pageProblems, setUp } from "./support/page-chart.ts";

const KLINE = '[data-test="kline-chart"]';

/** GET through the page (its session cookie). */
const api = (page: Page, path: string) => page.evaluate(async (p) => (await fetch(p)).json(), path) as Promise<{ data: Record<string, number | string>[] }>;

const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

/** The K-line chart once its moving averages are drawn. */
async function klineReady(page: Page): Promise<void> {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel) as unknown as { echarts?: { getOption(): { legend: { data: string[] }[] } } } | null;
    return !!el?.echarts?.getOption().legend?.[0]?.data.includes("MA5");
  }, KLINE);
}

describe("stock page habits in Chromium", { skip: browserMissing() ?? false }, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  before(async () => {
    await ensureBundle();
    // Friday 2026-11-20 14:00 in Shanghai: trading
    server = await startTestServer({ clock: new FakeClock(Date.UTC(2026, 10, 20, 6, 0)) });
    browser = await launchBrowser();
    page = await browser.newPage();
    await setUp(page, server.url);
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  test("search by pinyin initials: pfyh finds 浦发银行, PAYH 平安银行", async () => {
    await page.goto(`${server.url}/symbol/SH000001`);
    await page.fill('[data-test="symbol-search"]', "pfyh");
    await page.waitForSelector('.search__item[data-symbol="SH600000"]');
    assert.match((await page.textContent(".search__item:first-child"))!, /浦发银行/);
    await page.fill('[data-test="symbol-search"]', "PAYH");
    await page.waitForSelector('.search__item[data-symbol="SZ000001"]');
    await page.click('.search__item[data-symbol="SZ000001"]');
    await page.waitForURL(/\/symbol\/SZ000001$/);
  });

  test("moving averages are MA5/MA10/MA20/MA60; stock volume is in lots (手), as the index's", async () => {
    await klineReady(page);
    const option = await chartOption(page, KLINE);
    const legend = option.legend[0].data as string[];
    assert.deepEqual(
      legend.filter((n) => n.startsWith("MA")),
      ["MA5", "MA10", "MA20", "MA60"],
    );
    const volume = option.series.find((s: { name: string }) => s.name === "成交量(手)");
    assert.ok(volume, `a volume series labelled in lots: ${option.series.map((s: { name: string }) => s.name)}`);
    assert.ok(
      option.title.some((t: { text: string }) => t.text === "成交量(手)"),
      "the volume pane is titled with its unit",
    );
    const shares = await api(page, "/api/v1/bars?market=SZ&code=000001&category=DAY&count=400&adjust=QFQ");
    const lots = (volume.data as { value: number }[]).map((d) => d.value);
    assert.equal(lots.length, shares.data.length);
    assert.deepEqual(
      lots.slice(-5),
      shares.data.slice(-5).map((r) => (r.vol as number) / 100),
      "/bars gives shares: shown ÷ 100",
    );

    await page.goto(`${server.url}/symbol/SH000001`);
    await klineReady(page);
    const indexOption = await chartOption(page, KLINE);
    const indexBars = await api(page, "/api/v1/bars/index?market=SH&code=000001&category=DAY&count=400");
    const indexVol = indexOption.series.find((s: { name: string }) => s.name === "成交量(手)").data as { value: number }[];
    assert.deepEqual(
      indexVol.slice(-5).map((d) => d.value),
      indexBars.data.slice(-5).map((r) => r.vol),
      "/bars/index is already in lots",
    );
  });

  test("an index shows breadth, not a five-level order book", async () => {
    await page.waitForSelector('[data-test="index-breadth"] [data-test="breadth-up"]');
    assert.equal(await page.locator('[data-test="order-book"]').count(), 0);
    const day = await api(page, "/api/v1/bars/index?market=SH&code=000001&category=DAY&count=1");
    assert.equal(await page.textContent('[data-test="breadth-up"]'), String(day.data[0]!.up_count));
    assert.equal(await page.textContent('[data-test="breadth-down"]'), String(day.data[0]!.down_count));
    const stat = await api(page, "/api/v1/market/stat");
    assert.equal(await page.textContent('[data-test="breadth-flat"]'), String(stat.data[0]!.neutral_count));
    await browser.screenshot(page, "symbol-index-breadth");
  });

  test("keyboard: ←/→ move the cursor bar by bar, ↑/↓ zoom, Home/End", async () => {
    await page.goto(`${server.url}/symbol/SZ000001`);
    await klineReady(page);
    await blur(page);
    const times = (await chartOption(page, KLINE)).xAxis[0].data as string[];
    const n = times.length;
    const tip = async (time: string) => page.waitForFunction((t) => document.querySelector(".chart-tooltip")?.textContent?.includes(t), time);
    const span = async (): Promise<[number, number]> => {
      const z = (await chartOption(page, KLINE)).dataZoom[0];
      return [z.startValue as number, z.endValue as number];
    };
    await page.keyboard.press("ArrowLeft");
    await tip(times[n - 1]!);
    await page.keyboard.press("ArrowLeft");
    await tip(times[n - 2]!);
    await page.keyboard.press("ArrowRight");
    await tip(times[n - 1]!);
    const [s0, e0] = await span();
    await page.keyboard.press("ArrowUp");
    const [s1, e1] = await span();
    assert.ok(e1 - s1 + 1 === Math.round((e0 - s0 + 1) / 2) && e1 === n - 1, `↑ halves the bars shown: ${[s0, e0]} → ${[s1, e1]}`);
    await page.keyboard.press("ArrowDown");
    const [s2, e2] = await span();
    assert.equal(e2 - s2 + 1, 2 * (e1 - s1 + 1), "↓ doubles them");
    await page.keyboard.press("Home");
    await tip(times[0]!);
    assert.equal((await span())[0], 0, "Home shows the first bar");
    await page.keyboard.press("End");
    await tip(times[n - 1]!);
    assert.equal((await span())[1], n - 1);
    await browser.screenshot(page, "symbol-keyboard-cursor");
  });

  test("PageUp/PageDown step through the list the page was opened from; Esc goes back", async () => {
    await page.goto(`${server.url}/`);
    await page.click('.index-card[data-symbol="SH000001"]');
    await page.waitForURL(/\/symbol\/SH000001$/);
    await blur(page);
    await page.keyboard.press("Escape");
    await page.waitForURL(`${server.url}/`);
    await page.click('.index-card[data-symbol="SH000001"]');
    await page.waitForURL(/\/symbol\/SH000001$/);
    await blur(page);
    await page.keyboard.press("PageDown");
    await page.waitForURL(/\/symbol\/SZ399001$/, { timeout: 10_000 });
    await page.keyboard.press("PageUp");
    await page.waitForURL(/\/symbol\/SH000001$/);
    await page.keyboard.press("PageUp");
    await page.waitForURL(/\/symbol\/BJ899050$/, { timeout: 10_000 });
    assert.deepEqual(pageProblems(browser.problems), []);
  });
});

describe("stock page after the close in Chromium", { skip: browserMissing() ?? false }, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  // Friday 2026-11-20 15:04:30 in Shanghai: the last half-minute of the session's window
  const clock = new FakeClock(Date.UTC(2026, 10, 20, 7, 4, 30));
  let socket: WebSocketRoute | null = null;
  const quotes: Record<string, unknown>[] = [];

  before(async () => {
    await ensureBundle();
    server = await startTestServer({ clock });
    browser = await launchBrowser();
    page = await browser.newPage();
    // the page's WebSocket through a proxy that records what the server sends and can add to it
    await page.routeWebSocket(/\/api\/v1\/ws$/, (ws) => {
      socket = ws;
      const upstream = ws.connectToServer();
      upstream.onMessage((m) => {
        const msg = JSON.parse(String(m)) as { type?: string; code?: string; data?: Record<string, unknown> };
        if (msg.type === "quote" && msg.data) quotes.push(msg.data);
        ws.send(m);
      });
      ws.onMessage((m) => upstream.send(m));
    });
    await setUp(page, server.url);
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const price = () => page.textContent('[data-test="symbol-quote"] .symbol__price');
  const inject = (q: Record<string, unknown>) => socket!.send(JSON.stringify({ type: "quote", code: "SZ:000001", data: q }));

  test("once the session closes the quote and order book hold and say so, whatever still arrives", async () => {
    await page.goto(`${server.url}/symbol/SZ000001`);
    await page.waitForSelector('[data-test="symbol-quote"] .live-pill');
    assert.equal(await page.locator('[data-test="quote-closed"]').count(), 0, "no closed label while trading");
    const live = quotes.at(-1)!;
    // while trading, a quote from the feed shows at once (the injection reaches the page)
    const nudged = Math.round((live.price as number) * 100 + 1) / 100;
    inject({ ...live, price: nudged });
    await page.waitForFunction((p) => document.querySelector('[data-test="symbol-quote"] .symbol__price')?.textContent === p, nudged.toFixed(2));

    clock.advance(60_000); // 15:05:30: the session's window has ended
    await page.waitForSelector('[data-test="quote-closed"]');
    assert.match((await page.textContent('[data-test="quote-closed"]'))!, /已收盘/);
    assert.equal(await page.locator('[data-test="symbol-quote"] .live-pill').count(), 0, "no live pill after the close");
    const held = await price();
    const book = await page.textContent('[data-test="order-book"]');
    await browser.screenshot(page, "symbol-after-close");

    inject({ ...live, price: 99.99, bid1: 99.98, ask1: 100 });
    // a session message after the quote: once its effect shows, the quote before it was handled
    socket!.send(JSON.stringify({ type: "session", data: { is_trading: false, phase: "weekend", now: "", timezone: "Asia/Shanghai", windows: [], next_change: "" } }));
    await page.waitForFunction(() => /周末休市/.test(document.querySelector('[data-test="quote-closed"]')?.textContent ?? ""));
    assert.equal(await price(), held, "the quote did not change after the close");
    assert.equal(await page.textContent('[data-test="order-book"]'), book, "nor did the order book");
    assert.deepEqual(pageProblems(browser.problems), []);
  });
});
