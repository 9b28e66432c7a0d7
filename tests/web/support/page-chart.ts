/** Browser-test helpers: first-time setup through the page, and the ECharts option a chart element draws. */
import type { Page } from "playwright-core";

export const PASSWORD = "forge-pass-1";

/** Sets the password on a fresh server from the setup form and waits for the market page. */
export async function setUp(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.waitForSelector('[data-test="setup-form"]');
  await page.fill('input[name="password"]', PASSWORD);
  await page.fill('input[name="confirm"]', PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForSelector('[data-test="index-cards"]');
}

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
