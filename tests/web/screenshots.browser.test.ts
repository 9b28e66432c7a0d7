/**
 * Screenshots for a person to look at (issue 20's "done when"): the stock
 * page, the formula editor computing MACD (its bar line drawn as COLORSTICK),
 * a backtest result and an optimisation, in Chinese and English, dark and
 * light, at 1440 px. They go to test-artifacts/web/screens/ (git-ignored),
 * named <page>-<language>-<theme>.png; each must show its chart drawn.
 */
import assert from "node:assert/strict";
import { statSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { ensureBundle } from "../../apps/web/build/ensure-bundle.ts";
import { ARTIFACTS, browserMissing } from "./support/browser.ts";
import { type SeededApp, startSeededApp } from "./support/seeded-app.ts";

const MACD = "DIF:EMA(CLOSE,12)-EMA(CLOSE,26);\nDEA:EMA(DIF,9);\nMACD:(DIF-DEA)*2,COLORSTICK;";
const SCREENS = join(ARTIFACTS, "screens");

/** Painted pixels of the canvases under `sel` (ECharts draws some series on layers of their own). Source text: run in the page. */
const PAINTED = (sel: string) => `(() => {
  let painted = 0;
  for (const c of document.querySelectorAll(${JSON.stringify(`${sel} canvas`)})) {
    const { data } = c.getContext("2d").getImageData(0, 0, c.width, c.height);
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
  }
  return painted;
})()`;

describe("screenshots of the main pages in both languages and themes", { skip: browserMissing() ?? false }, () => {
  let app: SeededApp;
  const pages: { name: string; path: string; chart: string; act?: (p: Page) => Promise<void> }[] = [];

  before(async () => {
    await ensureBundle();
    app = await startSeededApp();
    const single = { strategy: "ma_cross", symbol: "SH:600000", count: 250, params: { fast: 5, slow: 20 } };
    const backtest = await app.run("/api/v1/backtest/run/async", single);
    const optimize = await app.run("/api/v1/backtest/optimize/run/async", { ...single, params: undefined, param_grid: { fast: [5, 10, 15], slow: [20, 30, 60] }, min_trades: 0 });
    pages.push(
      { name: "stock", path: "/symbol/SH600000", chart: '[data-test="kline-chart"]' },
      {
        name: "formula-macd",
        path: "/formula",
        chart: '[data-test="formula-chart"]',
        act: async (p) => {
          await p.fill('[data-test="formula-input"]', MACD);
          await p.waitForFunction(() => !(document.querySelector('[data-test="formula-compute"]') as HTMLButtonElement | null)?.disabled);
          await p.click('[data-test="formula-compute"]');
        },
      },
      { name: "backtest", path: `/backtest?task=${backtest.task_id}`, chart: '[data-test="backtest-kline"]' },
      { name: "optimize", path: `/optimize?task=${optimize.task_id}`, chart: '[data-test="heatmap-chart"]' },
    );
  });

  after(async () => {
    await app?.dispose();
  });

  for (const locale of ["zh", "en"] as const) {
    for (const theme of ["dark", "light"] as const) {
      test(`${locale}, ${theme}`, async () => {
        const page = await app.browser.newPage({ width: 1440, height: 900 });
        try {
          await page.addInitScript(
            ([l, th]) => {
              localStorage.setItem("tf.locale", JSON.stringify(l));
              localStorage.setItem("tf.theme", JSON.stringify(th));
            },
            [locale, theme] as const,
          );
          for (const p of pages) {
            await page.goto(`${app.server.url}${p.path}`);
            await page.waitForSelector('[data-nav="market"]');
            await p.act?.(page);
            await page.waitForSelector(`${p.chart} canvas`);
            await page.waitForFunction(`${PAINTED(p.chart)} > 5000`);
            assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
            await page.waitForLoadState("networkidle");
            const file = join(SCREENS, `${p.name}-${locale}-${theme}.png`);
            await page.screenshot({ path: file, fullPage: true });
            assert.ok(statSync(file).size > 20_000, `${file} holds a picture`);
          }
        } finally {
          await page.close();
        }
      });
    }
  }

  test("no console errors", () => {
    assert.deepEqual(app.browser.problems, []);
  });
});
