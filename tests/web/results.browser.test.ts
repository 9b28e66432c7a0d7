/**
 * Results everywhere (issue 20, item 4) in Chromium at 1440 px: the S/A/B/C/D
 * badge on a backtest, a portfolio, an optimisation (its best point and every
 * ranking row) and every row of the optimise-all ranking; grades, passed and
 * failed checks and the best value of a comparison in one colour convention
 * (good red like a gain, poor green like a loss); the wide rankings scroll
 * inside their card with the first column kept in view and no column cut off;
 * the walk-forward and evaluation forms say how many bars the run used; the
 * trades table's price is the fill price (成交价).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { ensureBundle } from "../../apps/web/build/ensure-bundle.ts";
import { browserMissing } from "./support/browser.ts";
import { type SeededApp, startSeededApp } from "./support/seeded-app.ts";

const WIDTH = 1440;

describe("results everywhere", { skip: browserMissing() ?? false }, () => {
  let app: SeededApp;
  let page: Page;
  const tasks: Record<string, string> = {};

  before(async () => {
    await ensureBundle();
    app = await startSeededApp();
    page = await app.browser.newPage({ width: WIDTH, height: 900 });
    await page.addInitScript(() => localStorage.setItem("tf.locale", JSON.stringify("zh")));
    const single = { strategy: "ma_cross", symbol: "SH:600000", count: 250, params: { fast: 5, slow: 20 } };
    tasks.backtest = (await app.run("/api/v1/backtest/run/async", single)).task_id;
    tasks.other = (await app.run("/api/v1/backtest/run/async", { ...single, strategy: "macd", params: {} })).task_id;
    tasks.portfolio = (await app.run("/api/v1/backtest/portfolio/run/async", { strategy: "ma_cross", stocks: ["SH:600000", "SZ:000001"], count: 250 })).task_id;
    tasks.optimize = (await app.run("/api/v1/backtest/optimize/run/async", { ...single, params: undefined, param_grid: { fast: [5, 10], slow: [20, 30] }, min_trades: 0 })).task_id;
    tasks.all = (await app.run("/api/v1/backtest/optimize-all/run/async", { symbol: "SH:600000", count: 250, min_trades: 0 })).task_id;
    tasks.wf = (await app.run("/api/v1/backtest/wf/run/async?n_windows=5", { strategy: "ma_cross", symbol: "SH:600000", param_grid: { fast: [5, 10], slow: [20, 30] } })).task_id;
    tasks.evaluate = (await app.run("/api/v1/backtest/evaluate/run/async?n_windows=3", { strategy: "macd", symbol: "SH:600000", param_grid: {} })).task_id;
  });

  after(async () => {
    await app?.dispose();
  });

  const open = async (path: string, ready: string) => {
    await page.goto(`${app.server.url}${path}`);
    await page.waitForSelector(ready);
  };
  const grade = async (sel: string) => (await page.textContent(`${sel} [data-test="grade-badge"]`))?.trim() ?? "";

  test("a grade badge on every backtest, portfolio and optimisation result", async () => {
    await open(`/backtest?task=${tasks.backtest}`, '[data-test="backtest-result"] [data-test="grade-badge"]');
    assert.match(await grade('[data-test="backtest-result"]'), /^[SABCD]$/);
    await open(`/portfolio?task=${tasks.portfolio}`, '[data-test="portfolio-result"] [data-test="grade-badge"]');
    assert.match(await grade('[data-test="portfolio-result"]'), /^[SABCD]$/);
    await open(`/optimize?task=${tasks.optimize}`, '[data-test="backtest-result"] [data-test="grade-badge"]');
    assert.match(await grade('[data-test="backtest-result"]'), /^[SABCD]$/, "the best point's result");
    const rows = page.locator('[data-test="ranking"] tbody tr');
    assert.equal(await rows.count(), 4);
    assert.deepEqual(
      (await page.$$eval('[data-test="ranking"] tbody tr', (trs) => trs.map((tr) => tr.querySelector('[data-test="grade-badge"]')?.textContent?.trim() ?? ""))).filter((g) => !/^[SABCD]$/.test(g)),
      [],
      "every point of the ranking graded",
    );
    await open(`/optimize?task=${tasks.all}`, '[data-test="ranking"] tbody tr');
    const all = await page.$$eval('[data-test="ranking"] tbody tr', (trs) => trs.map((tr) => tr.querySelector('[data-test="grade-badge"]')?.textContent?.trim() ?? ""));
    assert.ok(all.length >= 10 && all.every((g) => /^[SABCD]$/.test(g)), `every strategy graded: ${all.join(" ")}`);
  });

  test("grades, pass/fail and the best value of a comparison share one convention: good is red like a gain, poor green like a loss", async () => {
    await open(`/evaluate?task=${tasks.evaluate}`, '[data-test="eval-checks"] li[data-check]');
    const colours = await page.evaluate(() => {
      const style: Record<string, string> = {};
      for (const [key, cls, prop] of [
        ["up", "text-up", "color"],
        ["down", "text-down", "color"],
        ["a", "grade grade--A", "backgroundColor"],
        ["d", "grade grade--D", "backgroundColor"],
      ] as const) {
        const el = document.createElement("span");
        el.className = cls;
        document.body.append(el);
        style[key] = getComputedStyle(el)[prop];
        el.remove();
      }
      const checks = [...document.querySelectorAll('[data-test="eval-checks"] li[data-check]')].map((li) => ({
        passed: (li as HTMLElement).dataset.passed === "true",
        color: getComputedStyle(li.querySelector(".badge")!).color,
      }));
      return { up: style.up!, down: style.down!, a: style.a!, d: style.d!, checks };
    });
    assert.notEqual(colours.up, colours.down);
    assert.equal(colours.a, colours.up, "grade A in the gain colour");
    assert.equal(colours.d, colours.down, "grade D in the loss colour");
    assert.ok(colours.checks.some((c) => c.passed) && colours.checks.some((c) => !c.passed), "both kinds of check on screen");
    for (const c of colours.checks) assert.equal(c.color, c.passed ? colours.up : colours.down, `a ${c.passed ? "passed" : "failed"} check's badge`);

    await open(`/compare?tasks=${tasks.backtest},${tasks.other}`, '[data-test="metrics-table"] .metrics__best');
    const best = await page.$eval('[data-test="metrics-table"] .metrics__best', (td) => getComputedStyle(td).boxShadow);
    assert.ok(best.includes(colours.up), `the best value marked in the gain colour: ${best}`);
  });

  for (const [name, path, table] of [
    ["optimise-all ranking", () => `/optimize?task=${tasks.all}`, '[data-test="ranking"]'],
    ["walk-forward windows", () => `/walk-forward?task=${tasks.wf}`, '[data-test="wf-windows"]'],
  ] as const) {
    test(`the ${name} scrolls inside its card at ${WIDTH} px, its first column in view, no column cut off`, async () => {
      await open(path(), `${table} tbody tr`);
      const m = await page.evaluate((sel) => {
        const wrap = document.querySelector(`${sel} .table-wrap`) as HTMLElement;
        const before = (wrap.querySelector("tbody td") as HTMLElement).getBoundingClientRect().left;
        wrap.scrollLeft = wrap.scrollWidth;
        const firstAfter = (wrap.querySelector("tbody td") as HTMLElement).getBoundingClientRect().left;
        const cells = [...wrap.querySelectorAll("thead th")].map((th) => getComputedStyle(th).display);
        return { page: document.documentElement.scrollWidth, wrapRight: wrap.getBoundingClientRect().right, before, firstAfter, hidden: cells.filter((d) => d === "none").length };
      }, table);
      assert.ok(m.page <= WIDTH, `the page itself does not scroll sideways (${m.page} px)`);
      assert.ok(m.wrapRight <= WIDTH, `the table's card ends inside the window (${m.wrapRight} px)`);
      assert.equal(m.hidden, 0, "no column hidden");
      assert.equal(m.firstAfter, m.before, "the first column stays in place when the table scrolls");
    });
  }

  test("the walk-forward and evaluation forms say how many bars the run used", async () => {
    for (const [path, count] of [
      [`/walk-forward?task=${tasks.wf}`, 800],
      [`/evaluate?task=${tasks.evaluate}`, 800],
    ] as const) {
      await open(path, '[data-test="bars-used"]');
      assert.equal(await page.getAttribute('[data-test="bars-used"]', "data-bars"), String(count));
      assert.match((await page.textContent('[data-test="bars-used"]'))!, new RegExp(`${count} 根`));
    }
  });

  test("the trades table's price column is the fill price", async () => {
    await open(`/backtest?task=${tasks.backtest}`, '[data-test="trades-table"] tbody tr');
    assert.equal((await page.textContent('[data-test="trades-table"] thead th[data-col="price"]'))?.trim(), "成交价");
  });

  test("no console errors", () => {
    assert.deepEqual(app.browser.problems, []);
  });
});
