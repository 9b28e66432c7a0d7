/** Browser-test helpers: first-time setup through the page, and the ECharts option a chart element draws. */
import type { Page } from "playwright-core";

export const PASSWORD = "forge-pass-1";

/**
 * Sets the password on a fresh server and logs the page's context in, through the API (the setup form
 * is app.browser.test.ts's), so a test starts on the page it is about.
 */
export async function setUp(page: Page, url: string): Promise<void> {
  for (const step of ["setup", "login"]) {
    const res = await page.request.post(`${url}/api/auth/${step}`, { data: { password: PASSWORD } });
    if (!res.ok()) throw new Error(`${step}: ${res.status()} ${await res.text()}`);
  }
}

/**
 * Problems a page logged besides the quote server's own 503/504 answers (an upstream slow to
 * generate a history on a loaded machine): script errors and every other failed request.
 */
export const pageProblems = (problems: readonly string[]): string[] => problems.filter((p) => !/^http 50[34]: |status of 50[34] /.test(p));

/** The option of the chart under `selector` (EChart.vue puts the instance on its element). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function chartOption(page: Page, selector: string): Promise<any> {
  await page.waitForFunction((sel) => !!(document.querySelector(sel) as unknown as { echarts?: unknown } | null)?.echarts, selector);
  return page.evaluate((sel) => {
    const el = document.querySelector(sel) as unknown as { echarts: { getOption(): unknown } };
    // functions (formatters) do not cross into the test; the data does
    return JSON.parse(JSON.stringify(el.echarts.getOption()));
  }, selector);
}
