/**
 * The web application in real Chromium against the real server (simulator,
 * fixed clock on a trading Friday afternoon): first-time setup, the market
 * overview, a symbol's charts drawn (pixels checked), the formula editor, a
 * backtest with live progress and its markers (pixels checked), the strategy
 * library, portfolio and multi-strategy runs, the task list and comparison, a
 * formula screen, the research pages (an optimisation's heatmap (pixels
 * checked) and ranking, walk-forward windows, evaluation, multi-seed gates,
 * rotation), the server hosts, language and theme, the phone layout, the
 * gate's 401/429 answers at login and the password change. Screenshots go to
 * test-artifacts/web/. The page must log no console error beyond the gate's
 * own expected rejections.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { hintsZh } from "../../apps/web/src/app/hint-messages.ts";
import { ensureBundle } from "../../apps/web/build/ensure-bundle.ts";
import { FakeClock, startTestServer, type TestServer } from "../support/server.ts";
import { type Browser, browserMissing, launchBrowser } from "./support/browser.ts";

const PASSWORD = "forge-pass-1";

interface Pixels {
  readonly painted: number;
  readonly red: number;
  readonly green: number;
  readonly width: number;
}

/**
 * Drawn pixels of a chart (every canvas layer under `sel`: ECharts draws some
 * series, such as a heatmap's cells, on layers of their own), and how many are
 * up red / down green; null while either count is below `least`. Runs in the
 * page, so it is self-contained.
 */
function measure({ sel, least }: { sel: string; least: number }): Pixels | null {
  const canvases = [...document.querySelectorAll(`${sel} canvas`)] as HTMLCanvasElement[];
  let painted = 0;
  let red = 0;
  let green = 0;
  for (const canvas of canvases) {
    const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 0; i < data.length; i += 4) {
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      if (data[i + 3]! > 0) painted++;
      if (r > 180 && g < 110 && b < 110) red++;
      if (g > 110 && r < 90 && b < 140) green++;
    }
  }
  const width = canvases[0]?.getBoundingClientRect().width ?? 0;
  return red >= least && green >= least ? { painted, red, green, width } : null;
}

const pixels = async (page: Page, selector: string): Promise<Pixels> => (await page.evaluate(measure, { sel: selector, least: 0 }))!;

/** Waits until the chart under `selector` shows both up red and down green (candles, or a heatmap's better and worse cells). */
async function waitForRedAndGreen(page: Page, selector: string): Promise<void> {
  await page.waitForSelector(`${selector} canvas`);
  await page.waitForFunction(measure, { sel: selector, least: 201 });
}

describe("web application in Chromium", { skip: browserMissing() ?? false }, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  /** The optimisation run by its test, opened again from the task list and on a phone. */
  let optimizeTask = "";
  const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));

  before(async () => {
    await ensureBundle();
    server = await startTestServer({ clock });
    browser = await launchBrowser();
    page = await browser.newPage();
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  test("first-time setup: refused for a remote browser with the server's reason, done from this machine", async () => {
    await browser.context.setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.7" });
    await page.goto(`${server.url}/`);
    await page.waitForSelector('[data-test="setup-form"]');
    await page.fill('input[name="password"]', PASSWORD);
    await page.fill('input[name="confirm"]', PASSWORD);
    await page.click('button[type="submit"]');
    const refused = await page.textContent('[data-test="auth-error"]');
    assert.match(refused!, /403/);
    assert.match(refused!, /local machine or a private network/);

    await browser.context.setExtraHTTPHeaders({});
    await page.fill('input[name="confirm"]', "something-else");
    await page.click('button[type="submit"]');
    assert.match((await page.textContent('[data-test="auth-error"]'))!, /不一致/);
    await browser.screenshot(page, "01-setup");

    await page.fill('input[name="confirm"]', PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForSelector('[data-test="index-cards"]');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-symbol="SH000001"] .index-card__price')?.textContent ?? ""));
    await page.waitForSelector('[data-test="live-state"].live-dot--open');
    await page.waitForSelector('[data-test="strength-table"] tbody tr td.num');
    await page.waitForSelector('[data-test="board-table"] tbody tr td.num');
    assert.match((await page.textContent('[data-test="session"]'))!, /交易中/);
    assert.match((await page.textContent('[data-test="breadth"]'))!, /上涨\s*\d+/);
    await browser.screenshot(page, "02-market");
  });

  test("a symbol opened from the search box: K-line with volume and indicators drawn, live quote, intraday chart, trades", async () => {
    await page.click('[data-nav="symbol"]');
    await page.fill('[data-test="symbol-search"]', "浦发");
    await page.click('.search__item[data-symbol="SH600000"]');
    await page.waitForURL(/\/symbol\/SH600000$/);
    await waitForRedAndGreen(page, '[data-test="kline-chart"]');
    const k = await pixels(page, '[data-test="kline-chart"]');
    assert.ok(k.red > 200 && k.green > 200, `candles drawn: ${JSON.stringify(k)}`);
    assert.match((await page.textContent('[data-test="symbol-name"]'))!, /浦发银行/);
    // The live pill appears only when a quote arrives over the WebSocket.
    await page.waitForSelector('[data-test="symbol-quote"] .live-pill');
    assert.match((await page.textContent('[data-test="symbol-quote"] .symbol__price'))!, /^\d+\.\d{2}$/);
    await page.waitForSelector('[data-test="order-book"]');
    await page.waitForSelector('[data-test="minute-chart"] canvas');
    assert.ok((await pixels(page, '[data-test="minute-chart"]')).painted > 500, "(await pixels(page, '[data-test=\"minute-chart\"]')).painted > 500");
    await browser.screenshot(page, "03-symbol");

    const weekly = page.waitForResponse((r) => r.url().includes("/api/v1/bars?") && r.url().includes("category=WEEK"));
    await page.selectOption('[data-test="category"]', "WEEK");
    assert.equal((await weekly).status(), 200);
    await waitForRedAndGreen(page, '[data-test="kline-chart"]');
    await page.click('[data-test="tab-ticks"]');
    await page.waitForSelector('[data-test="ticks-table"] tbody tr td.mono');
    await page.selectOption('[data-test="category"]', "DAY");
  });

  test("formula editor: errors at their line and column as you type, a valid formula computed onto the chart and onto the symbol page", async () => {
    await page.click('[data-nav="formula"]');
    await page.waitForSelector('[data-test="formula-input"]');
    await page.fill('[data-test="formula-input"]', "MA5:MA(CLOSE,5);\nX:=CROSS(C,MA5");
    await page.waitForSelector('[data-test="formula-diagnostics"] li');
    assert.match((await page.textContent('[data-test="formula-diagnostics"]'))!, /第 2 行第 15 列/);
    assert.equal(await page.locator(".code__mark--error").count(), 1);
    await browser.screenshot(page, "04-formula-error");

    await page.fill('[data-test="formula-input"]', "MA5:MA(CLOSE,5);\nMA20:MA(CLOSE,20);\nBUY:CROSS(MA5,MA20);");
    await page.waitForFunction(() => document.querySelector('[data-test="formula-status"]')?.textContent?.includes("公式有效"));
    assert.match((await page.textContent('[data-test="formula-outputs"]'))!, /BUY\s*信号/);
    await page.click('[data-test="formula-compute"]');
    await waitForRedAndGreen(page, '[data-test="formula-chart"]');
    await browser.screenshot(page, "05-formula");

    const overlay = page.waitForResponse((r) => r.url().endsWith("/api/v1/formula/compute") && r.request().postData()!.includes("BUY:CROSS"));
    await page.click('[data-test="formula-to-symbol"]');
    await page.waitForURL(/\/symbol\/SH600000$/);
    assert.equal((await overlay).status(), 200);
    await page.waitForSelector('[data-test="formula-chip"]');
    await waitForRedAndGreen(page, '[data-test="kline-chart"]');
    await page.click('[data-test="formula-chip"] .chip__x');
    assert.equal(await page.locator('[data-test="formula-chip"]').count(), 0);
  });

  test("backtest: progress arrives over the WebSocket, then every metric with its definition, the trades, and buy/sell markers on the K-line", async () => {
    await page.click('[data-nav="backtest"]');
    await page.waitForSelector('[data-test="strategy-select"] option[value="ma_cross"]', { state: "attached" });
    await page.fill('[data-test="backtest-form"] [data-test="symbol-search"]', "浦发");
    await page.click('[data-test="backtest-form"] .search__item[data-symbol="SH600000"]');
    assert.equal(await page.textContent('[data-test="bt-symbol"]'), "SH:600000");
    await page.selectOption('[data-test="strategy-select"]', "ma_cross");
    await page.fill('[data-param="slow"]', "500");
    await page.press('[data-param="slow"]', "Tab");
    assert.ok(await page.isDisabled('[data-test="run-backtest"]'), "a parameter above its bound blocks the run");
    await page.fill('[data-param="slow"]', "20");
    await page.press('[data-param="slow"]', "Tab");
    assert.equal(await page.inputValue('[data-setting="cash"]'), "1000000");
    assert.equal(await page.isChecked('[data-setting="t_plus_one"]'), true);

    const submitted = page.waitForResponse((r) => r.url().endsWith("/api/v1/backtest/run/async"));
    await page.click('[data-test="run-backtest"]');
    const body = JSON.parse((await submitted).request().postData()!);
    assert.deepEqual([body.strategy, body.symbol, body.count, body.params.slow, body.t_plus_one], ["ma_cross", "SH:600000", 250, 20, true]);
    await page.waitForSelector('[data-test="task-progress"][data-status="done"]');
    await page.waitForURL(/\/backtest\?task=\w+$/);
    const steps = await page.$$eval('[data-test="task-steps"] li', (lis) => lis.map((li) => ({ status: li.dataset.status, via: li.dataset.via, text: li.textContent ?? "" })));
    assert.ok(
      steps.some((s) => s.status === "running" && s.via === "ws" && /回测 250 根K线/.test(s.text)),
      `a running step with its message came over the WebSocket: ${JSON.stringify(steps)}`,
    );
    assert.equal(steps.at(-1)!.status, "done");
    assert.equal(await page.getAttribute('[data-test="task-channel"]', "data-channel"), "ws");

    await page.waitForSelector('[data-test="metrics-table"] tr[data-metric="sharpe"]');
    assert.ok((await page.locator('[data-test="metrics-table"] tr[data-metric]').count()) >= 38, "every metric of the Performance schema");
    assert.equal(await page.getAttribute('tr[data-metric="sharpe"] td', "title"), hintsZh["metric.sharpe.hint"], "a metric's help is the catalogue's, in the page's language");
    assert.match((await page.textContent('[data-test="key-figures"]'))!, /总收益率\s*[+-]\d+\.\d{2}%/);
    assert.ok((await page.locator('[data-test="trades-table"] tbody tr').count()) >= 2, "(await page.locator('[data-test=\"trades-table\"] tbody tr').count()) >= 2");
    await page.waitForSelector('[data-test="equity-chart"] canvas');
    assert.ok((await pixels(page, '[data-test="equity-chart"]')).painted > 5000, "(await pixels(page, '[data-test=\"equity-chart\"]')).painted > 5000");

    // Markers: the K-line with and without them differs in red (buy) and green (sell) pins.
    await waitForRedAndGreen(page, '[data-test="backtest-kline"]');
    await page.$eval('[data-test="backtest-kline"] canvas', (c) => {
      const cv = c as HTMLCanvasElement;
      (window as unknown as { withMarks: Uint8ClampedArray }).withMarks = cv.getContext("2d")!.getImageData(0, 0, cv.width, cv.height).data;
    });
    await page.click('[data-test="show-marks"]');
    const diff = await page.waitForFunction(() => {
      const cv = document.querySelector('[data-test="backtest-kline"] canvas') as HTMLCanvasElement;
      const before = (window as unknown as { withMarks: Uint8ClampedArray }).withMarks;
      const now = cv.getContext("2d")!.getImageData(0, 0, cv.width, cv.height).data;
      let red = 0;
      let green = 0;
      for (let i = 0; i < now.length; i += 4) {
        if (before[i] === now[i] && before[i + 1] === now[i + 1] && before[i + 2] === now[i + 2]) continue;
        if (before[i]! > 180 && before[i + 1]! < 110 && before[i + 2]! < 110) red++;
        if (before[i + 1]! > 110 && before[i]! < 90 && before[i + 2]! < 140) green++;
      }
      return red > 300 && green > 300 ? { red, green } : null;
    });
    assert.ok(await diff.jsonValue(), "await diff.jsonValue()");
    await page.click('[data-test="show-marks"]');
    await browser.screenshot(page, "10-backtest");
  });

  test("strategy library: the run saved from its result, listed with its figures, scanned by the signal radar, rerun from the library, deleted", async () => {
    await page.click('[data-test="save-open"]');
    await page.fill('[data-test="save-name"]', "浦发 双均线");
    await page.fill('[data-test="save-tags"]', "银行，长线");
    await page.click('[data-test="save-submit"]');
    await page.waitForSelector('[data-test="save-done"]');

    await page.click('[data-nav="strategies"]');
    const row = page.locator('[data-test="library-table"] tbody tr', { hasText: "浦发 双均线" });
    await row.waitFor();
    assert.match((await row.textContent())!, /长线.*双均线交叉.*SH:600000 · 日线.*最近 250 根.*[+-]\d+\.\d{2}%/s);
    // The radar runs where the server offers the scan, and says so where it does not.
    await page.waitForSelector('[data-test="radar-scan"], [data-test="radar-unavailable"]');
    if (await page.isVisible('[data-test="radar-scan"]')) {
      await page.click('[data-test="radar-scan"]');
      await page.waitForSelector('[data-test="signal-radar"] [data-test="task-progress"][data-status="done"]');
      await page.click('[data-filter="all"]');
      const scanned = page.locator('[data-test="radar-table"] tbody tr[data-symbol="SH:600000"]');
      assert.match((await scanned.textContent())!, /浦发 双均线.*(持仓|空仓)/);
    } else assert.match((await page.textContent('[data-test="radar-unavailable"]'))!, /尚未提供信号雷达/);
    await browser.screenshot(page, "11-library");

    await row.locator('[data-test="lib-rerun"]').click();
    await page.waitForSelector('[data-test="task-progress"][data-status="done"]');
    assert.match(page.url(), /\/backtest\?task=\w+$/);
    assert.equal(await page.textContent('[data-test="bt-symbol"]'), "SH:600000");
    await page.waitForSelector('[data-test="backtest-result"]');

    await page.click('[data-nav="strategies"]');
    await row.waitFor();
    await row.locator('[data-test="lib-delete"]').click();
    await row.locator('[data-test="lib-delete"]').click();
    await page.waitForSelector('[data-test="library-empty"]');
  });

  test("portfolio and multi-strategy runs to done with their combined results", async () => {
    await page.click('[data-nav="portfolio"]');
    await page.click('[data-test="tab-portfolio"]');
    await page.fill('[data-test="symbols-input"] [data-test="symbol-search"]', "600000");
    await page.click('[data-test="symbols-input"] .search__item[data-symbol="SH600000"]');
    assert.equal(await page.locator('[data-test="symbols-input"] li[data-symbol]').count(), 3);
    const submitted = page.waitForResponse((r) => r.url().endsWith("/api/v1/backtest/portfolio/run/async"));
    await page.click('[data-test="run-portfolio"]');
    assert.deepEqual(JSON.parse((await submitted).request().postData()!).stocks, ["SZ:000001", "SH:600519", "SH:600000"]);
    await page.waitForSelector('[data-test="portfolio-result"]');
    assert.equal(await page.locator('[data-test="members-table"] tbody tr').count(), 3);
    await page.waitForSelector('[data-test="portfolio-equity"] canvas');
    assert.ok((await pixels(page, '[data-test="portfolio-equity"]')).painted > 5000, "(await pixels(page, '[data-test=\"portfolio-equity\"]')).painted > 5000");
    await browser.screenshot(page, "12-portfolio");

    await page.click('[data-test="tab-multi"]');
    await page.click('[data-test="run-portfolio"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-test="members-table"] tbody tr').length === 2);
    assert.match((await page.textContent('[data-test="members-table"]'))!, /双均线交叉@SZ:000001.*MACD 金叉@SH:600519/s);
  });

  test("task list and comparison: two finished runs side by side", async () => {
    await page.click('[data-nav="tasks"]');
    await page.waitForSelector('[data-test="tasks-table"] tbody tr[data-status="done"]');
    const done = page.locator('[data-test="tasks-table"] tbody tr[data-status="done"]');
    const runs = done.filter({ has: page.locator('input[type="checkbox"]') });
    assert.ok((await runs.count()) >= 2, "(await runs.count()) >= 2");
    await runs.nth(0).locator('input[type="checkbox"]').check();
    await runs.nth(1).locator('input[type="checkbox"]').check();
    await page.click('[data-test="tasks-compare"]');
    await page.waitForURL(/\/compare\?tasks=\w+,\w+$/);
    await page.waitForSelector('[data-test="compare-chart"] canvas');
    assert.ok((await pixels(page, '[data-test="compare-chart"]')).painted > 5000, "(await pixels(page, '[data-test=\"compare-chart\"]')).painted > 5000");
    assert.equal(await page.locator('[data-test="metrics-table"] thead th').count(), 3);
    assert.ok((await page.locator(".metrics__best").count()) > 5, "the better value of each directional metric is marked");
    await browser.screenshot(page, "13-compare");
  });

  test("formula screen: the matches of a market as a sortable table", async () => {
    await page.click('[data-nav="formula"]');
    await page.fill('[data-test="formula-input"]', "MA20:MA(CLOSE,20);\nUP:CLOSE>MA20;");
    await page.waitForFunction(() => document.querySelector('[data-test="formula-status"]')?.textContent?.includes("公式有效"));
    await page.selectOption('[data-test="screen-universe"]', "SH");
    await page.click('[data-test="screen-run"]');
    await page.waitForSelector('[data-test="screen-table"] tbody tr');
    const summary = (await page.textContent('[data-test="screen-summary"]'))!;
    const [, total, matched] = /(\d+) 只中 (\d+) 只/.exec(summary)!;
    assert.ok(Number(matched) > 0 && Number(matched) < Number(total), summary);
    assert.equal(await page.locator('[data-test="screen-table"] tbody tr').count(), Number(matched));
    const closes = async () => page.$$eval('[data-test="screen-table"] tbody tr td:nth-child(4)', (tds) => tds.map((td) => Number(td.textContent)));
    await page.click('[data-sort="close"]');
    const desc = await closes();
    assert.deepEqual(
      desc,
      [...desc].sort((a, b) => b - a),
    );
    await page.click('[data-sort="close"]');
    const asc = await closes();
    assert.deepEqual(
      asc,
      [...asc].sort((a, b) => a - b),
    );
    await browser.screenshot(page, "14-screen");
  });

  test("optimisation: a small grid on a demo symbol, its heatmap drawn, the ranking sortable, the best run in full; then every strategy ranked", async () => {
    await page.click('[data-nav="optimize"]');
    await page.click('[data-test="tab-one"]');
    await page.waitForSelector('[data-test="strategy-select"] option[value="ma_cross"]', { state: "attached" });
    await page.selectOption('[data-test="strategy-select"]', "ma_cross");
    assert.equal(await page.inputValue('[data-grid="fast"]'), "5, 10, 15, 20, 30, 60", "the grid starts from the strategy's preset grid");
    await page.fill('[data-grid="fast"]', "5 10");
    await page.press('[data-grid="fast"]', "Tab");
    await page.fill('[data-grid="slow"]', "20, 30, 60");
    await page.press('[data-grid="slow"]', "Tab");
    assert.match((await page.textContent('[data-test="grid-size"]'))!, /共 6 个组合/);

    const submitted = page.waitForResponse((r) => r.url().endsWith("/api/v1/backtest/optimize/run/async"));
    await page.click('[data-test="run-optimize"]');
    const body = JSON.parse((await submitted).request().postData()!);
    assert.deepEqual([body.symbol, body.count, body.param_grid], ["SH:600000", 250, { fast: [5, 10], slow: [20, 30, 60] }]);
    await waitForRedAndGreen(page, '[data-test="heatmap-chart"]');
    optimizeTask = new URL(page.url()).searchParams.get("task")!;
    assert.match(optimizeTask, /^\w+$/);
    const heat = await pixels(page, '[data-test="heatmap-chart"]');
    // Returns are coloured by their sign around 0, as on a quote screen: red cells for gains, green for losses.
    const task = await page.evaluate(async (id) => (await fetch(`/api/v1/backtest/tasks/${id}`)).json(), optimizeTask);
    const returns = (task.result.heatmap.data as number[][]).map((d) => d[2]!);
    assert.ok(heat.painted > 20_000, `the heatmap's cells drawn: ${JSON.stringify(heat)}`);
    // The scale is symmetric around 0, so a small gain beside large losses is a pale red: fewer strongly red pixels.
    if (returns.some((r) => r > 0)) assert.ok(heat.red > 200, `gains drawn red: ${JSON.stringify({ heat, returns })}`);
    if (returns.some((r) => r < 0)) assert.ok(heat.green > 5_000, `losses drawn green: ${JSON.stringify({ heat, returns })}`);
    if (returns.every((r) => r < 0)) assert.ok(heat.red < heat.green / 20, `no cell red when every point lost: ${JSON.stringify({ heat, returns })}`);
    assert.match((await page.textContent('[data-test="heatmap-note"]'))!, /只搜索这两个参数/);

    const rows = page.locator('[data-test="ranking"] tbody tr');
    assert.equal(await rows.count(), 6);
    await page.click('[data-test="ranking"] [data-sort="max_drawdown"]');
    const drawdowns = await page.$$eval('[data-test="ranking"] tbody tr', (trs) => {
      const col = [...document.querySelectorAll('[data-test="ranking"] thead th')].findIndex((th) => th.querySelector('[data-sort="max_drawdown"]'));
      return trs.map((tr) => Number.parseFloat(tr.children[col]!.textContent!));
    });
    assert.deepEqual(
      drawdowns,
      [...drawdowns].sort((a, b) => b - a),
      "sorted by the clicked column, largest first",
    );
    await page.waitForSelector('[data-test="backtest-result"] [data-test="equity-chart"] canvas');
    const best = (await page.textContent('[data-test="best-params"]'))!;
    assert.match(best, /^fast=(5|10), slow=(20|30|60)$/);
    await browser.screenshot(page, "15-optimize");

    // "Run again" on the best point: a backtest of it on the backtest page.
    const rerun = page.waitForResponse((r) => r.url().endsWith("/api/v1/backtest/run/async"));
    await page.click('[data-test="backtest-result"] [data-test="rerun"]');
    const rerunBody = JSON.parse((await rerun).request().postData()!);
    assert.equal(`fast=${rerunBody.params.fast}, slow=${rerunBody.params.slow}`, best);
    await page.waitForSelector('[data-test="task-progress"][data-status="done"]');
    assert.match(page.url(), /\/backtest\?task=\w+$/);

    await page.click('[data-nav="optimize"]');
    await page.click('[data-test="tab-all"]');
    await page.click('[data-test="run-optimize"]');
    await page.waitForSelector('[data-test="optimize-all-summary"]');
    assert.ok((await page.locator('[data-test="ranking"] tbody tr').count()) >= 10, "each strategy with a preset grid at its best point");
  });

  test("walk-forward: the windows' out-of-sample returns drawn and listed with the parameters chosen for each", async () => {
    await page.click('[data-nav="walkforward"]');
    assert.equal(await page.inputValue('[data-grid="fast"]'), "5 10", "the grid typed on the optimisation page is kept");
    await page.fill('[data-test="n-windows"]', "4");
    const submitted = page.waitForResponse((r) => r.url().includes("/api/v1/backtest/wf/run/async?n_windows=4"));
    await page.click('[data-test="run-research"]');
    assert.equal((await submitted).status(), 202);
    await page.waitForSelector('[data-test="wf-windows"] tbody tr');
    assert.equal(await page.locator('[data-test="wf-windows"] tbody tr').count(), 4);
    assert.match((await page.textContent('[data-test="wf-windows"] tbody tr'))!, /fast=(5|10), slow=(20|30|60)/);
    assert.match((await page.textContent('[data-figure="consistency"]'))!, /\d+\.\d{2}%/);
    assert.match((await page.textContent('[data-figure="compounded_return"]'))!, /[+-]?\d+\.\d{2}%/);
    await page.waitForSelector('[data-test="wf-chart"] canvas');
    assert.ok((await pixels(page, '[data-test="wf-chart"]')).painted > 3000, "(await pixels(page, '[data-test=\"wf-chart\"]')).painted > 3000");
    await browser.screenshot(page, "16-walk-forward");
  });

  test("evaluation, multi-seed validation and rotation run to their results", async () => {
    await page.click('[data-nav="evaluate"]');
    await page.fill('[data-test="n-windows"]', "3");
    await page.click('[data-test="run-research"]');
    await page.waitForSelector('[data-test="evaluation-head"] [data-test="grade-badge"]');
    assert.match((await page.textContent('[data-test="evaluation-head"] [data-test="grade-badge"]'))!, /^[SABCD]$/);
    assert.equal(await page.locator('[data-test="eval-checks"] li[data-check]').count(), 12);
    assert.match((await page.textContent('[data-figure="excess_return"]'))!, /[+-]?\d+\.\d{2}%/);
    await page.waitForSelector('[data-test="walkforward-result"] [data-test="wf-windows"] tbody tr');
    await browser.screenshot(page, "17-evaluate");

    await page.click('[data-nav="multiseed"]');
    await page.waitForSelector('[data-gate="positive_ratio"]');
    assert.equal(await page.inputValue('[data-gate="positive_ratio"]'), "0.5", "the thresholds start at the documented defaults");
    await page.fill('[data-gate="mean_trades"]', "1");
    await page.press('[data-gate="mean_trades"]', "Tab");
    const submitted = page.waitForResponse((r) => r.url().endsWith("/api/v1/backtest/multiseed/run/async"));
    await page.click('[data-test="run-multiseed"]');
    assert.deepEqual(JSON.parse((await submitted).request().postData()!).gates, { positive_ratio: 0.5, mean_sharpe: 0, mean_trades: 1, mean_return: 0 });
    await page.waitForSelector('[data-test="seed-table"] tbody tr');
    assert.equal(await page.locator('[data-test="gates"] li[data-gate]').count(), 4);
    assert.equal(await page.getAttribute('[data-test="gates"] li[data-gate="mean_trades"]', "data-passed"), "true");
    assert.equal(await page.locator('[data-test="seed-table"] tbody tr').count(), 3);

    await page.click('[data-nav="rotation"]');
    await page.click('[data-test="score-momentum"]');
    await page.click('[data-test="run-rotation"]');
    await page.waitForSelector('[data-test="rotation-equity"] canvas');
    assert.ok((await pixels(page, '[data-test="rotation-equity"]')).painted > 5000, "(await pixels(page, '[data-test=\"rotation-equity\"]')).painted > 5000");
    assert.ok((await page.locator('[data-test="rebalances"] tbody tr').count()) > 0, "(await page.locator('[data-test=\"rebalances\"] tbody tr').count()) > 0");
    assert.match((await page.textContent('[data-test="trades-table"]'))!, /SH:600000|SZ:000001/);
    await browser.screenshot(page, "18-rotation");

    // A finished optimisation opens on its page from the task list.
    await page.click('[data-nav="tasks"]');
    await page.locator(`[data-test="tasks-table"] tr[data-task="${optimizeTask}"] [data-test="task-open"]`).click();
    await page.waitForURL(new RegExp(`/optimize\\?task=${optimizeTask}$`));
    await page.waitForSelector('[data-test="heatmap-chart"] canvas');
  });

  test("server hosts: the current host and a speed test", async () => {
    await page.click('[data-nav="servers"]');
    await page.waitForSelector('[data-test="hosts-table"] tbody tr td.mono');
    assert.match((await page.textContent('[data-test="current-host"]'))!, /127\.0\.0\.1:\d+/);
    await page.click('[data-test="test-hosts"]');
    await page.waitForSelector('[data-test="servers-message"]');
    assert.match((await page.textContent('[data-test="servers-message"]'))!, /1 个服务器中 1 个可达/);
    await browser.screenshot(page, "06-servers");
  });

  test("language and theme switch, and survive a reload", async () => {
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const before = await theme();
    await page.click('[data-test="toggle-locale"]');
    await page.click('[data-test="toggle-theme"]');
    assert.equal(await page.textContent('[data-nav="market"]'), "Overview");
    assert.notEqual(await theme(), before);
    await page.reload();
    await page.waitForSelector('[data-nav="market"]');
    assert.equal(await page.textContent('[data-nav="market"]'), "Overview");
    assert.notEqual(await theme(), before);
    await browser.screenshot(page, "07-servers-en");
    await page.click('[data-test="toggle-locale"]');
    assert.equal(await page.textContent('[data-nav="market"]'), "市场概览");
  });

  test("phone layout: the chart fits the screen and the menu opens", async () => {
    const phone = await browser.newPage({ width: 390, height: 844 });
    try {
      await phone.goto(`${server.url}/symbol/SZ000001`);
      await waitForRedAndGreen(phone, '[data-test="kline-chart"]');
      assert.ok((await pixels(phone, '[data-test="kline-chart"]')).width <= 390, "(await pixels(phone, '[data-test=\"kline-chart\"]')).width <= 390");
      assert.equal(await phone.isVisible(".sidenav"), false);
      await phone.click(".topbar__menu");
      await phone.waitForSelector(".shell--menu");
      await browser.screenshot(phone, "08-phone-menu");
      await phone.click('[data-nav="market"]');
      await phone.waitForSelector('[data-test="index-cards"]');
      assert.equal(await phone.locator(".shell--menu").count(), 0, "navigating closes the menu");
      // A research result fits the phone's width: the heatmap and the wide ranking scroll inside their cards.
      await phone.goto(`${server.url}/optimize?task=${optimizeTask}`);
      await phone.waitForSelector('[data-test="heatmap-chart"] canvas');
      assert.ok((await pixels(phone, '[data-test="heatmap-chart"]')).width <= 390, "(await pixels(phone, '[data-test=\"heatmap-chart\"]')).width <= 390");
      assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= 390), "no sideways scrolling of the page");
    } finally {
      await phone.close();
    }
  });

  test("log out; a wrong password shows the 401 reason, the sixth try the 429 wait, the right one gets in after it", async () => {
    await page.click('[data-test="logout"]');
    await page.waitForSelector('[data-test="login-form"]');
    await page.fill('input[name="password"]', "wrong-1");
    await page.click('button[type="submit"]');
    await page.waitForSelector('[data-test="auth-error"]');
    assert.match((await page.textContent('[data-test="auth-error"]'))!, /密码错误.*Incorrect password/);
    for (let i = 2; i <= 5; i++) {
      await page.fill('input[name="password"]', `wrong-${i}`);
      await page.click('button[type="submit"]');
      await page.waitForFunction(() => !(document.querySelector('button[type="submit"]') as HTMLButtonElement).disabled);
    }
    await page.fill('input[name="password"]', PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForFunction(() => document.querySelector('[data-test="auth-error"]')?.textContent?.includes("Too many"));
    assert.match((await page.textContent('[data-test="auth-error"]'))!, /失败次数过多.*\d+ seconds/);
    await browser.screenshot(page, "09-login-locked");

    clock.advance(301_000);
    await page.click('button[type="submit"]');
    // Back where the user was (the servers page), now logged in.
    await page.waitForSelector('[data-test="hosts-table"]');
  });

  test("changing the password ends the session; the new password logs in", async () => {
    await page.click('[data-nav="account"]');
    await page.fill('[data-test="old-password"]', "not-it");
    await page.fill('[data-test="new-password"]', "forge-pass-2");
    await page.click('[data-test="change-password"]');
    await page.waitForSelector('[data-test="change-error"]');
    assert.match((await page.textContent('[data-test="change-error"]'))!, /401.*Incorrect old password/);
    await page.fill('[data-test="old-password"]', PASSWORD);
    await page.click('[data-test="change-password"]');
    await page.waitForSelector('[data-test="login-form"]');
    assert.match((await page.textContent('[data-test="login-form"]'))!, /密码已修改/);
    await page.fill('input[name="password"]', "forge-pass-2");
    await page.click('button[type="submit"]');
    await page.waitForSelector('[data-test="locale-select"]');
    await page.click('[data-test="logout"]');
    await page.waitForSelector('[data-test="login-form"]');
  });

  test("no console errors besides the gate's expected rejections", () => {
    const unexpected = browser.problems.filter((p) => !(p.includes("Failed to load resource") && p.includes("/api/auth/")));
    assert.deepEqual(unexpected, []);
  });
});
