/**
 * The API reference at `/docs` in real Chromium under the service's content
 * policy (no inline script): Swagger UI starts, renders the operations from
 * `/openapi.json`, and the browser reports no policy violation or error.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { type Browser, browserMissing, launchBrowser } from "./support/browser.ts";

describe("/docs in Chromium", { skip: browserMissing() ?? false }, () => {
  let server: TestServer;
  let browser: Browser;
  before(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  test("Swagger UI renders every tag's operations with no console error", async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const res = await page.goto(`${server.url}/docs`);
    assert.match(res!.headers()["content-security-policy"] ?? "", /script-src 'self'/);
    // A generous bound: the 1.5 MB bundle parses slowly on a busy machine; a blocked script never renders at all.
    await page.waitForSelector(".swagger-ui .opblock-tag", { timeout: 120_000 });
    const title = await page.textContent(".swagger-ui .info .title");
    assert.match(title ?? "", /A-share market data/);
    const operations = await page.locator(".swagger-ui .opblock-tag").count();
    assert.ok(operations >= 10, `tags rendered: ${operations}`);
    assert.deepEqual(violations, []);
    assert.deepEqual(browser.problems, []);
  });
});
