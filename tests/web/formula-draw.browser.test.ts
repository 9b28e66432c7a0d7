/**
 * The formula editor draws as TDX draws, in real Chromium against the real
 * server (simulator, fixed clock): MACD with COLORSTICK is red bars above 0
 * and green below, a 金叉 signal is a red ▲ under its bar's low, marks cover
 * the whole chart (not the last 100 bars), and editing the formula replaces
 * the chart's lines and the latest-values table. What is drawn is read from
 * the chart's ECharts option through the page.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { ensureBundle } from "../../apps/web/build/ensure-bundle.ts";
import { FakeClock, startTestServer, type TestServer } from "../support/server.ts";
import { type Browser, browserMissing, launchBrowser } from "./support/browser.ts";
import { chartOption, pageProblems, setUp } from "./support/page-chart.ts";

const MACD = "DIF:EMA(CLOSE,12)-EMA(CLOSE,26);\nDEA:EMA(DIF,9);\nMACD:2*(DIF-DEA),COLORSTICK;\n金叉:CROSS(DIF,DEA);";

interface Series {
  name: string;
  type: string;
  data: unknown[];
  markPoint?: { data: { value: string; coord: [string, number]; symbol: string; symbolRotate?: number; symbolOffset?: number[]; itemStyle: { color: string } }[] };
}

describe("formula editor in Chromium: drawn as TDX draws", { skip: browserMissing() ?? false }, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));

  before(async () => {
    await ensureBundle();
    server = await startTestServer({ clock });
    browser = await launchBrowser();
    page = await browser.newPage();
    await setUp(page, server.url);
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const valid = () => page.waitForFunction(() => document.querySelector('[data-test="formula-status"]')?.textContent?.includes("公式有效"));
  const series = async () => (await chartOption(page, '[data-test="formula-chart"]')).series as Series[];

  test("MACD with COLORSTICK: red bars above 0, green below, over every bar; 金叉 a red ▲ under the bar", async () => {
    await page.goto(`${server.url}/formula`);
    await page.waitForSelector('[data-test="formula-input"]');
    await page.fill('[data-test="formula-input"]', MACD);
    await valid();
    await page.click('[data-test="formula-compute"]');
    await page.waitForSelector('[data-test="formula-chart"] canvas');
    await page.waitForFunction(() => !!(document.querySelector('[data-test="formula-chart"]') as unknown as { echarts?: unknown }).echarts);
    const up = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--up").trim());
    const down = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--down").trim());
    const all = await series();
    const macd = all.find((s) => s.name === "MACD")!;
    assert.ok(macd, `a MACD series among ${all.map((s) => s.name)}`);
    assert.equal(macd.type, "bar", "COLORSTICK draws bars, not a line");
    const bars = macd.data as { value: number | null; itemStyle: { color: string } }[];
    const positive = bars.filter((b) => b.value !== null && b.value > 0);
    const negative = bars.filter((b) => b.value !== null && b.value < 0);
    assert.ok(positive.length > 10 && negative.length > 10, `both signs: ${positive.length} / ${negative.length}`);
    assert.ok(
      positive.every((b) => b.itemStyle.color === up),
      "above 0 is red",
    );
    assert.ok(
      negative.every((b) => b.itemStyle.color === down),
      "below 0 is green",
    );
    assert.ok(bars.filter((b) => b.value !== null).length > 300, "every bar of the chart has a value, not the last 100");
    assert.equal(all.find((s) => s.name === "DIF")!.type, "line");

    const candles = all.find((s) => s.type === "candlestick")!;
    const klines = candles.data as [number, number, number, number][];
    const times = (await chartOption(page, '[data-test="formula-chart"]')).xAxis[0].data as string[];
    const crosses = candles.markPoint!.data.filter((m) => m.value === "金叉");
    assert.ok(crosses.length >= 3, `crosses marked: ${crosses.length}`);
    assert.ok(times.indexOf(crosses[0]!.coord[0]) < times.length - 100, "marks reach back past the last 100 bars");
    for (const m of crosses) {
      const i = times.indexOf(m.coord[0]);
      assert.equal(m.coord[1], klines[i]![2], "at the bar's low");
      assert.deepEqual([m.symbol, m.symbolRotate, m.symbolOffset?.[1]], ["triangle", 0, 10], "a ▲ below the low");
      assert.equal(m.itemStyle.color, up, "in red");
    }
    await browser.screenshot(page, "formula-macd-colorstick");
  });

  test("MACD's bars keep the theme's red and green in both languages and both themes", async () => {
    await page.fill('[data-test="formula-input"]', MACD);
    for (const locale of ["zh", "en"]) {
      for (const theme of ["light", "dark"]) {
        await page.evaluate(
          ([l, t]) => {
            localStorage.setItem("tf.locale", JSON.stringify(l));
            localStorage.setItem("tf.theme", JSON.stringify(t));
          },
          [locale, theme],
        );
        await page.reload();
        await page.waitForFunction(() => !!document.querySelector('[data-test="formula-status"] .text-ok'));
        await page.click('[data-test="formula-compute"]');
        await page.waitForFunction(() => {
          const el = document.querySelector('[data-test="formula-chart"]') as unknown as { echarts?: { getOption(): { series: { name: string }[] } } } | null;
          return !!el?.echarts?.getOption().series.some((s) => s.name === "MACD");
        });
        const up = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--up").trim());
        const bars = (await series()).find((s) => s.name === "MACD")!.data as { value: number | null; itemStyle: { color: string } }[];
        assert.ok(
          bars.filter((b) => b.value !== null && b.value > 0).every((b) => b.itemStyle.color === up),
          `${locale}/${theme}: above 0 in the theme's red`,
        );
        await browser.screenshot(page, `formula-macd-${locale}-${theme}`);
      }
    }
    await page.evaluate(() => {
      localStorage.setItem("tf.locale", JSON.stringify("zh"));
      localStorage.setItem("tf.theme", JSON.stringify("light"));
    });
    await page.reload();
    await valid();
    await page.click('[data-test="formula-compute"]');
    await page.waitForFunction(() => !!document.querySelector('[data-test="formula-chart"] canvas'));
  });

  test("editing the formula replaces the chart's lines and the latest-values table", async () => {
    await page.fill('[data-test="formula-input"]', "MA5:MA(CLOSE,5),COLORYELLOW;\nMA10:MA(CLOSE,10),LINETHICK2;\n死叉:CROSS(MA10,MA5);");
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-test="formula-chart"]') as unknown as { echarts?: { getOption(): { series: { name: string }[] } } } | null;
      const names = el?.echarts?.getOption().series.map((s) => s.name) ?? [];
      return names.includes("MA5") && !names.includes("MACD");
    });
    const all = await series();
    assert.ok(!all.some((s) => ["DIF", "DEA", "MACD"].includes(s.name)), "the previous formula's lines are gone");
    const ma5 = all.find((s) => s.name === "MA5") as unknown as { lineStyle: { color: string; width: number } };
    assert.equal(ma5.lineStyle.color, "#ffff00", "COLORYELLOW");
    assert.equal((all.find((s) => s.name === "MA10") as unknown as { lineStyle: { width: number } }).lineStyle.width, 2, "LINETHICK2");
    const sells = all.find((s) => s.type === "candlestick")!.markPoint!.data.filter((m) => m.value === "死叉");
    const down = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--down").trim());
    assert.ok(sells.length > 0 && sells.every((m) => m.symbolRotate === 180 && m.itemStyle.color === down), "a sell is a green ▼ above");
    const heads = await page.locator("table thead th").allTextContents();
    assert.ok(heads.includes("MA5") && !heads.includes("MACD"), `table headers follow the formula: ${heads}`);
    assert.deepEqual(pageProblems(browser.problems), []);
  });
});
