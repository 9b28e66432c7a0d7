/**
 * The combination strategy and multi-level chan in real Chromium against the
 * real server (simulator): the backtest page's strategy picker builds a
 * combination (mode, members, a member's parameter), runs it to done, and picks
 * a saved combination straight from the library; the symbol page shows the
 * multi-level chan result. The page must log no console error.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { ensureBundle } from "../../apps/web/build/ensure-bundle.ts";
import { FakeClock, startTestServer, type TestServer } from "../support/server.ts";
import { type Browser, browserMissing, launchBrowser } from "./support/browser.ts";

const PASSWORD = "forge-pass-19";

describe("combination and multi-level chan in Chromium", { skip: browserMissing() ?? false }, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  before(async () => {
    await ensureBundle();
    server = await startTestServer({ clock: new FakeClock(Date.UTC(2026, 10, 20, 6, 0)) });
    browser = await launchBrowser();
    page = await browser.newPage();
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto(`${server.url}/`);
    await page.waitForSelector('[data-test="setup-form"]');
    await page.fill('input[name="password"]', PASSWORD);
    await page.fill('input[name="confirm"]', PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForSelector('[data-test="index-cards"]');
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  test("the strategy picker builds a combination and runs it", async () => {
    await page.click('[data-nav="backtest"]');
    await page.waitForSelector('[data-test="strategy-select"] option[value="combination"]', { state: "attached" });
    await page.fill('[data-test="backtest-form"] [data-test="symbol-search"]', "浦发");
    await page.click('[data-test="backtest-form"] .search__item[data-symbol="SH600000"]');
    await page.selectOption('[data-test="strategy-select"]', "combination");
    await page.waitForSelector('[data-test="combination-editor"]');
    assert.equal(await page.locator('[data-test="combo-member"]').count(), 2, "two members by default");
    await page.selectOption('[data-test="combo-mode"]', "OR");
    await page.click('[data-test="combo-add"]');
    assert.equal(await page.locator('[data-test="combo-member"]').count(), 3, "a third member");
    await page.locator('[data-test="combo-member"]').nth(2).selectOption("donchian");
    await page.fill('[data-param="donchian.n"]', "15");
    await page.press('[data-param="donchian.n"]', "Tab");
    await browser.screenshot(page, "combo-01-picker");

    const submitted = page.waitForResponse((r) => r.url().endsWith("/api/v1/backtest/run/async"));
    await page.click('[data-test="run-backtest"]');
    const answer = await submitted;
    assert.equal(answer.status(), 202, await answer.text());
    const body = JSON.parse(answer.request().postData()!);
    assert.equal(body.strategy, "combination");
    assert.deepEqual([body.params.mode, body.params.members, body.params["donchian.n"]], ["OR", "ma_cross,ema_cross,donchian", 15]);
    await page.waitForSelector('[data-test="task-progress"][data-status="done"]');
    await page.waitForSelector('[data-test="metrics-table"] tr[data-metric="sharpe"]');
    await browser.screenshot(page, "combo-02-result");
  });

  test("a saved combination is picked straight from the library", async () => {
    const saved = await page.evaluate(async () => {
      const r = await fetch("/api/v1/strategies", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "三因子AND",
          kind: "single",
          strategy: "combination",
          params: { members: "macd,momentum,donchian", mode: "AND", "momentum.n": 10 },
          context: { symbol: "SH:600000" },
        }),
      });
      return { status: r.status, id: ((await r.json()) as { id: string }).id };
    });
    assert.equal(saved.status, 201);
    await page.goto(`${server.url}/backtest`);
    await page.waitForSelector('[data-test="strategy-select"] option[value="combination"]', { state: "attached" });
    await page.selectOption('[data-test="strategy-select"]', "combination");
    await page.waitForSelector('[data-test="combo-saved"] option:nth-child(2)', { state: "attached" });
    await page.selectOption('[data-test="combo-saved"]', { index: 1 });
    await page.waitForFunction(() => document.querySelectorAll('[data-test="combo-member"]').length === 3);
    const members = await page.$$eval('[data-test="combo-member"]', (els) => els.map((e) => (e as HTMLSelectElement).value));
    assert.deepEqual(members, ["macd", "momentum", "donchian"]);
    assert.equal(await page.inputValue('[data-test="combo-mode"]'), "AND");
    assert.equal(await page.inputValue('[data-param="momentum.n"]'), "10");
    await page.fill('[data-test="backtest-form"] [data-test="symbol-search"]', "浦发");
    await page.click('[data-test="backtest-form"] .search__item[data-symbol="SH600000"]');
    const submitted = page.waitForResponse((r) => r.url().endsWith("/api/v1/backtest/run/async"));
    await page.click('[data-test="run-backtest"]');
    const body = JSON.parse((await submitted).request().postData()!);
    assert.deepEqual(body.params, { mode: "AND", members: "macd,momentum,donchian", "momentum.n": 10 });
    await page.waitForSelector('[data-test="task-progress"][data-status="done"]');

    // the library's "open in backtest" address fills the picker with the combination too
    await page.goto(`${server.url}/`);
    await page.goto(`${server.url}/backtest?saved=${saved.id}`);
    await page.waitForFunction(() => document.querySelectorAll('[data-test="combo-member"]').length === 3);
    assert.equal(await page.inputValue('[data-test="strategy-select"]'), "combination");
    assert.equal(await page.inputValue('[data-param="momentum.n"]'), "10");
  });

  test("the symbol page shows multi-level chan", async () => {
    await page.goto(`${server.url}/symbol/SH600000`);
    await page.waitForSelector('[data-test="chan-multi-level"]');
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/v1/chanlun/analyze") && r.request().postData()!.includes("multi_level"));
    await page.click('[data-test="chanml-run"]');
    const r = await answer;
    assert.equal(r.status(), 200);
    const ml = (await r.json()).multi_level;
    assert.equal(JSON.parse(r.request().postData()!).multi_level, "MIN_30", "30 minutes under daily bars by default");
    await page.waitForSelector('[data-test="chanml-summary"]');
    assert.equal(Number(await page.textContent('[data-test="chanml-bi-count"]')), ml.low_level_qs.bi_count);
    assert.equal(await page.locator('[data-test="chanml-strokes"] li').count(), ml.low_bis.length);
    assert.match((await page.textContent('[data-test="chanml-stroke"]'))!, new RegExp(`${ml.high_bi.start_date} → ${ml.high_bi.end_date}`));
    await browser.screenshot(page, "combo-03-multi-level");
    assert.deepEqual(errors, [], "no console error");
  });
});
