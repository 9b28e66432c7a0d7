/**
 * One language at a time: every page of the web app, with a finished run of
 * each kind open, an API failure, formula errors (parse and compile, the data a function needs,
 * an argument out of its domain), a combination's form and a formula screen on
 * screen, is read in Chinese and in English, and no visible text (text nodes,
 * placeholders, accessible labels, hover tooltips, select options) may be in
 * the other language. A metric is hovered as a user would, and its tooltip
 * must be there, in the chosen language.
 *
 * Allowlist (what stays as it is in both languages):
 * - anything inside an element marked `translate="no"` (the HTML attribute for
 *   "do not translate"): security names and codes, formula source and output
 *   names, parameter names (`fast=5`), the user's own names, tags and notes,
 *   server hosts;
 * - in Chinese, words without a lower-case letter (MACD, KDJ, MA5, CSV, HTTP,
 *   SH/SZ, S/A/B/C/D grades), as TDX writes them;
 * - in Chinese, the product names TDX Forge and WebSocket;
 * - in English, nothing Chinese at all (TDX users' Chinese units are spelled
 *   out in English: lots, shares).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { ensureBundle } from "../../apps/web/build/ensure-bundle.ts";
import { browserMissing } from "./support/browser.ts";
import { type SeededApp, startSeededApp } from "./support/seeded-app.ts";

type Locale = "zh" | "en";

/**
 * Visible texts of the page outside `translate="no"`. Source text run in the
 * page (tsx would wrap a compiled function's inner functions in a helper the page lacks).
 */
const VISIBLE_TEXTS = `(() => {
  const out = [];
  const shown = (el) => !el.closest('[translate="no"], script, style, noscript') && el.getClientRects().length > 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim();
    if (text && n.parentElement && shown(n.parentElement)) out.push(text);
  }
  for (const el of document.querySelectorAll("[placeholder], [aria-label], [title]")) {
    if (!shown(el)) continue;
    for (const attr of ["placeholder", "aria-label", "title"]) {
      const v = el.getAttribute(attr)?.trim();
      if (v) out.push(v);
    }
  }
  for (const opt of document.querySelectorAll("select option")) {
    if (shown(opt.closest("select")) && !opt.closest('[translate="no"]') && opt.textContent.trim()) out.push(opt.textContent.trim());
  }
  return out;
})()`;

const CHINESE = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;
/** A Latin word with a lower-case letter: English prose, not an acronym. */
const ENGLISH_WORD = /[A-Za-z]*[a-z][A-Za-z]*/;

const PROPER_NAMES = new Set(["WebSocket"]);

export function foreignTexts(texts: readonly string[], locale: Locale): string[] {
  const english = (s: string) => s.split(/[^A-Za-z]+/).some((w) => w.length > 1 && ENGLISH_WORD.test(w) && !PROPER_NAMES.has(w));
  return texts.filter((s) => (locale === "en" ? CHINESE.test(s) : english(s)));
}

describe("one language at a time", { skip: browserMissing() ?? false }, () => {
  let app: SeededApp;
  let page: Page;
  const pages: { path: string; ready: string; act?: (p: Page) => Promise<void> }[] = [];

  before(async () => {
    await ensureBundle();
    app = await startSeededApp();
    page = await app.browser.newPage({ width: 1440, height: 900 });
    const single = { strategy: "ma_cross", symbol: "SH:600000", count: 250, params: { fast: 5, slow: 20 } };
    const backtest = await app.run("/api/v1/backtest/run/async", single);
    const other = await app.run("/api/v1/backtest/run/async", { ...single, strategy: "macd", params: {} });
    const portfolio = await app.run("/api/v1/backtest/portfolio/run/async", { strategy: "ma_cross", stocks: ["SH:600000", "SZ:000001"], count: 250 });
    const optimize = await app.run("/api/v1/backtest/optimize/run/async", { ...single, params: undefined, param_grid: { fast: [5, 10], slow: [20, 30] }, min_trades: 0 });
    const all = await app.run("/api/v1/backtest/optimize-all/run/async", { symbol: "SH:600000", count: 250, strategies: ["ma_cross", "macd"], min_trades: 0 });
    const wf = await app.run("/api/v1/backtest/wf/run/async?n_windows=3", { strategy: "ma_cross", symbol: "SH:600000", param_grid: { fast: [5, 10], slow: [20, 30] } });
    const evaluate = await app.run("/api/v1/backtest/evaluate/run/async?n_windows=3", { strategy: "macd", symbol: "SH:600000", param_grid: {} });
    const seeds = await app.run("/api/v1/backtest/multiseed/run/async", { strategy: "ma_cross", stocks: ["SH:600000", "SZ:000001", "SH:600519"], seeds: [5, 9], sample_size: 2, count: 250 });
    const rotation = await app.run("/api/v1/backtest/rotation/run/async", { stocks: ["SH:600000", "SZ:000001", "SH:600519"], slots: 1, refresh: "weekly", period: 10, count: 250 });
    const saved = await app.api("POST", "/api/v1/strategies", {
      name: "浦发 双均线",
      kind: "single",
      strategy: "ma_cross",
      strategy_label: "双均线交叉",
      params: single.params,
      context: { symbol: "SH:600000", category: "DAY", count: 250 },
      snapshot: backtest.result.performance,
      tags: ["银行"],
    });
    assert.equal(saved.status, 201, saved.text);
    pages.push(
      { path: "/", ready: '[data-test="strength-table"] tbody tr td.num' },
      { path: "/symbol/SH600000", ready: '[data-test="order-book"]' },
      // an API failure (a code the market does not list): said by its status, the service's words folded away
      { path: "/symbol/SH600999", ready: '[role="alert"] details' },
      {
        path: "/formula",
        ready: '[data-test="formula-diagnostics"] li',
        act: async (p) => {
          await p.fill('[data-test="formula-input"]', "MA5:MA(CLOSE,5);\nX:=CROSS(C,MA5");
        },
      },
      {
        path: "/formula",
        ready: '[data-test="formula-diagnostics"] li + li',
        act: async (p) => {
          await p.fill('[data-test="formula-input"]', "W:WINNER(C);\nZ:ZIG(7,10);\nF:FINANCE(1);");
        },
      },
      {
        path: "/backtest",
        ready: '[data-test="combination-editor"] label[title]',
        act: async (p) => {
          await p.waitForSelector('[data-test="strategy-select"] option[value="combination"]', { state: "attached" });
          await p.selectOption('[data-test="strategy-select"]', "combination");
        },
      },
      {
        path: "/formula",
        ready: '[data-test="screen-table"] tbody tr',
        act: async (p) => {
          await p.fill('[data-test="formula-input"]', "MA20:MA(CLOSE,20);\nUP:CROSS(CLOSE,MA20);");
          await p.waitForSelector('[data-test="formula-status"].text-ok, [data-test="formula-outputs"]');
          await p.selectOption('[data-test="screen-universe"]', "SH");
          await p.click('[data-test="screen-run"]');
        },
      },
      { path: `/backtest?task=${backtest.task_id}`, ready: '[data-test="trades-table"] tbody tr' },
      { path: `/portfolio?task=${portfolio.task_id}`, ready: '[data-test="members-table"] tbody tr' },
      { path: "/tasks", ready: '[data-test="tasks-table"] tbody tr' },
      { path: `/compare?tasks=${backtest.task_id},${other.task_id}`, ready: '[data-test="metrics-table"] tbody tr' },
      { path: "/strategies", ready: '[data-test="library-table"] tbody tr[data-saved]' },
      { path: `/optimize?task=${optimize.task_id}`, ready: '[data-test="ranking"] tbody tr' },
      { path: `/optimize?task=${all.task_id}`, ready: '[data-test="optimize-all-summary"]' },
      { path: `/walk-forward?task=${wf.task_id}`, ready: '[data-test="wf-windows"] tbody tr' },
      { path: `/evaluate?task=${evaluate.task_id}`, ready: '[data-test="eval-checks"] li[data-check]' },
      { path: `/multi-seed?task=${seeds.task_id}`, ready: '[data-test="seed-table"] tbody tr' },
      { path: `/rotation?task=${rotation.task_id}`, ready: '[data-test="rebalances"] tbody tr' },
      { path: "/servers", ready: '[data-test="hosts-table"] tbody tr td.mono' },
      { path: "/account", ready: '[data-test="locale-select"]' },
      { path: "/no-such-page", ready: "h1" },
    );
  });

  after(async () => {
    await app?.dispose();
  });

  for (const locale of ["zh", "en"] as const) {
    test(`every page in ${locale === "zh" ? "Chinese" : "English"} shows no text of the other language`, async () => {
      await page.addInitScript((l) => localStorage.setItem("tf.locale", JSON.stringify(l)), locale);
      const found: string[] = [];
      for (const p of pages) {
        await page.goto(`${app.server.url}${p.path}`);
        await page.waitForSelector('[data-nav="market"]');
        await p.act?.(page);
        await page.waitForSelector(p.ready);
        await page.waitForLoadState("networkidle");
        const texts = (await page.evaluate(VISIBLE_TEXTS)) as string[];
        assert.ok(texts.length > 20, `${p.path} shows its page (${texts.length} texts)`);
        for (const s of new Set(foreignTexts(texts, locale))) found.push(`${p.path}: ${s}`);
      }
      if (process.env.LOCALE_DUMP) (await import("node:fs")).writeFileSync(`${process.env.LOCALE_DUMP}.${locale}`, found.join("\n"));
      assert.deepEqual(found, [], `${found.length} texts in the other language`);
    });
  }

  for (const locale of ["zh", "en"] as const) {
    test(`a hovered metric explains itself in ${locale === "zh" ? "Chinese" : "English"}`, async () => {
      await page.addInitScript((l) => localStorage.setItem("tf.locale", JSON.stringify(l)), locale);
      await page.goto(`${app.server.url}${pages.find((p) => p.path.startsWith("/backtest?task="))!.path}`);
      await page.hover('[data-metric="sharpe"] [data-test="metric-name"]');
      const tip = await page.evaluate(
        () =>
          [...document.querySelectorAll(":hover")]
            .map((el) => el.getAttribute("title"))
            .filter(Boolean)
            .pop() ?? "",
      );
      assert.ok(tip.length > 10, `the hovered Sharpe ratio has a tooltip: "${tip}"`);
      assert.deepEqual(foreignTexts([tip], locale), [], `the tooltip is in the chosen language: ${tip}`);
    });
  }

  test("the check itself: Chinese in English and English prose in Chinese are found, acronyms and codes pass", () => {
    assert.deepEqual(foreignTexts(["MACD 平滑异同平均线", "Sharpe", "SH:600000"], "en"), ["MACD 平滑异同平均线"]);
    assert.deepEqual(foreignTexts(["100% done", "MACD 金叉", "MA5", "夏普比率 1.20", "B"], "zh"), ["100% done"]);
  });

  test("no console errors (beyond the 404s the unlisted code is meant to get)", () => {
    assert.deepEqual(
      app.browser.problems.filter((p) => !/status of 404 .*code=600999/.test(p)),
      [],
    );
  });
});
