/**
 * The strategy library's "rerun up to today" and the holdings it shows
 * (issue 20, item 5), in Chromium: a strategy saved over a past date range is
 * rerun with the range left open, and the result lists what it holds at the
 * latest bar — shares, cost, latest price and unrealised P&L — checked against
 * the bars the API serves; a plain rerun stays on the saved range; a portfolio
 * lists every member's holding; the library list itself shows what each saved
 * strategy holds today (the server's rerun up to the latest bar).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { ensureBundle } from "../../apps/web/build/ensure-bundle.ts";
import { browserMissing } from "./support/browser.ts";
import { type SeededApp, startSeededApp } from "./support/seeded-app.ts";
import { defined } from "../support/defined.ts";

/** Always in the market once bought: the position is held to the last bar. */
const HOLD = { formula: "B:C>0;", buy: "", sell: "" };
const num = (s: string | null) => Number((s ?? "").replace(/[,+%]/g, ""));

describe("strategy library: rerun up to today and the holdings", { skip: browserMissing() ?? false }, () => {
  let app: SeededApp;
  let page: Page;

  before(async () => {
    await ensureBundle();
    app = await startSeededApp();
    page = await app.browser.newPage({ width: 1440, height: 900 });
    await page.addInitScript(() => localStorage.setItem("tf.locale", JSON.stringify("zh")));
    const saved = await app.api("POST", "/api/v1/strategies", {
      name: "一直持有",
      kind: "single",
      strategy: "formula",
      strategy_label: "公式策略",
      params: HOLD,
      context: { symbol: "SH:600000", category: "DAY", adjust: "QFQ", start_date: "2026-01-05", end_date: "2026-06-30" },
      snapshot: {},
    });
    assert.equal(saved.status, 201, saved.text);
  });

  after(async () => {
    await app?.dispose();
  });

  const rerun = async (button: string) => {
    await page.goto(`${app.server.url}/strategies`);
    const row = page.locator('[data-test="library-table"] tbody tr', { hasText: "一直持有" });
    await row.waitFor();
    const submitted = page.waitForResponse((r) => r.url().endsWith("/api/v1/backtest/run/async"));
    await row.locator(`[data-test="${button}"]`).click();
    const body = JSON.parse((await submitted).request().postData()!);
    await page.waitForSelector('[data-test="holdings"] tbody tr');
    return body;
  };

  test("rerun up to today: the saved start, no end; the holding at the latest bar with its cost, price and unrealised P&L", async () => {
    // a single run's date range travels as its bars
    const body = await rerun("lib-rerun-today");
    const dates = body.ohlcv.map((b: { date?: string; datetime?: string }) => String(b.date ?? b.datetime).slice(0, 10));
    const row = page.locator('[data-test="holdings"] tbody tr[data-member="SH:600000"]');
    const size = Number(await row.getAttribute("data-size"));
    assert.ok(size > 0 && size % 100 === 0, `board lots held: ${size}`);
    const cells = await row.locator("td").allTextContents();
    const cell = (k: number) => num(defined(cells[k], `holdings column ${k}`));
    const [cost, price, pnl] = [cell(3), cell(4), cell(6)];

    const bars = await app.api("GET", "/api/v1/bars?market=SH&code=600000&category=DAY&adjust=QFQ&count=1");
    const last = bars.body.data.at(-1);
    assert.ok(dates[0] >= "2026-01-05" && dates[0] < "2026-01-12", `from the saved start: ${dates[0]}`);
    assert.equal(dates.at(-1), String(last.date).slice(0, 10), "up to the latest bar");
    assert.equal(price, Number(last.close.toFixed(2)), "the latest price is the last bar's close");
    assert.match((await page.textContent('[data-test="holdings"] h2'))!, new RegExp(String(last.date).slice(0, 10)), "as of the last bar");
    assert.ok(Math.abs(pnl - size * (last.close - cost)) <= size * 0.005 + 0.01, `P&L = shares × (close − cost): ${pnl} vs ${size} × (${last.close} − ${cost})`);
  });

  test("a plain rerun stays on the saved range", async () => {
    const body = await rerun("lib-rerun");
    const end = String(body.ohlcv.at(-1).date ?? body.ohlcv.at(-1).datetime).slice(0, 10);
    assert.ok(end <= "2026-06-30" && end > "2026-06-20", `up to the saved end: ${end}`);
    const title = (await page.textContent('[data-test="holdings"] h2'))!;
    const date = /\d{4}-\d{2}-\d{2}/.exec(title)![0];
    assert.ok(date <= "2026-06-30", `holdings as of the range's end: ${date}`);
  });

  test("a portfolio lists every member's holding", async () => {
    const done = await app.run("/api/v1/backtest/portfolio/run/async", { strategy: "formula", params: HOLD, stocks: ["SH:600000", "SZ:000001"], count: 120 });
    await page.goto(`${app.server.url}/portfolio?task=${done.task_id}`);
    await page.waitForSelector('[data-test="holdings"] tbody tr');
    const members = await page.$$eval('[data-test="holdings"] tbody tr', (trs) => trs.map((tr) => [(tr as HTMLElement).dataset.member, Number((tr as HTMLElement).dataset.size)] as const));
    assert.deepEqual(members.map(([m]) => m).sort(), ["SH600000", "SZ000001"]);
    assert.ok(
      members.every(([, s]) => s > 0),
      JSON.stringify(members),
    );
  });

  test("the library row shows what the saved strategy holds today, priced at the latest close", async () => {
    await page.goto(`${app.server.url}/strategies`);
    const row = page.locator('[data-test="library-table"] tbody tr', { hasText: "一直持有" });
    const held = row.locator('[data-test="saved-holdings"][data-state="done"] [data-member="SH:600000"]');
    await held.waitFor();
    const size = Number(await held.getAttribute("data-size"));
    const figure = async (k: string) => num(defined((await held.locator(`[data-test="saved-holdings-${k}"]`).textContent())?.split(" (")[0], `the saved holding's ${k}`));
    const [cost, price, pnl] = await Promise.all([figure("cost"), figure("price"), figure("pnl")]);
    const last = (await app.api("GET", "/api/v1/bars?market=SH&code=600000&category=DAY&adjust=QFQ&count=1")).body.data.at(-1);
    assert.ok(size > 0 && size % 100 === 0, `board lots held: ${size}`);
    assert.equal(price, Number(last.close.toFixed(2)), "priced at the latest close, not the saved range's end");
    assert.ok(Math.abs(pnl - size * (last.close - cost)) <= size * 0.005 + 0.01, `P&L = shares × (close − cost): ${pnl} vs ${size} × (${last.close} − ${cost})`);
    assert.match((await row.locator('[data-test="saved-holdings"]').textContent())!, new RegExp(String(last.date).slice(0, 10)), "as of the latest bar");
    assert.equal(
      await row
        .locator('[data-test="saved-holdings-pnl"]')
        .getAttribute("class")
        .then((c) => c!.includes(pnl >= 0 ? "text-up" : "text-down")),
      true,
      "a gain red, a loss green",
    );
  });

  test("a multi-strategy group takes a saved strategy straight from the library", async () => {
    await page.goto(`${app.server.url}/portfolio`);
    await page.click('[data-test="tab-multi"]');
    const before = await page.locator("[data-item]").count();
    const picker = page.locator('[data-test="multi-from-library"]');
    await picker.waitFor();
    const value = await picker.locator("option", { hasText: "一直持有" }).getAttribute("value");
    await picker.selectOption(value!);
    const added = page.locator(`[data-item="${before}"]`);
    await added.waitFor();
    assert.match((await added.textContent())!, /SH:600000/, "the saved symbol");
    assert.equal(await added.locator("input[placeholder]").first().inputValue(), "一直持有", "labelled with the saved name");
    const submitted = page.waitForResponse((r) => r.url().endsWith("/api/v1/backtest/multi-strategy/run/async"));
    await page.click('[data-test="run-portfolio"]');
    const body = JSON.parse((await submitted).request().postData()!);
    const item = body.items.at(-1);
    assert.deepEqual([item.strategy, item.symbol, item.strategy_label, item.params], ["formula", "SH:600000", "一直持有", HOLD], "sent with its strategy, parameters and symbol");
  });

  test("no console errors", () => {
    assert.deepEqual(app.browser.problems, []);
  });
});
