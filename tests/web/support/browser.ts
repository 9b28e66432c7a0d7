/**
 * Debian's Chromium driven by playwright-core for the browser tests: headless,
 * a fresh profile per launch, and every background feature that would dial the
 * internet switched off. Console errors and uncaught page errors are collected
 * so a test can assert the page ran cleanly.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
export const ARTIFACTS = join(import.meta.dirname, "..", "..", "..", "test-artifacts", "web");

export interface Browser {
  readonly context: BrowserContext;
  /** Console errors and page errors seen so far, across every page. */
  readonly problems: string[];
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/** Why the browser tests cannot run here, or null when they can. */
export function browserMissing(): string | null {
  return existsSync(CHROMIUM) ? null : `${CHROMIUM} not installed (apt-get install chromium)`;
}

export async function launchBrowser(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), "tdx-forge-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    viewport: { width: 1366, height: 900 },
    locale: "zh-CN",
  });
  const problems: string[] = [];
  const watch = (page: Page) => {
    page.on("console", (msg) => {
      if (msg.type() === "error") problems.push(`console: ${msg.text()} @ ${msg.location().url}`);
    });
    page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
    page.on("response", (res) => {
      if (res.status() >= 500) problems.push(`http ${res.status()}: ${res.request().method()} ${res.url()} ${res.request().postData() ?? ""}`);
    });
  };
  context.on("page", watch);
  for (const p of context.pages()) watch(p);
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    context,
    problems,
    async newPage(viewport) {
      const page = await context.newPage();
      if (viewport) await page.setViewportSize(viewport);
      return page;
    },
    async screenshot(page, name) {
      const path = join(ARTIFACTS, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
