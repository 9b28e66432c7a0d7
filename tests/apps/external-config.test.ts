import assert from "node:assert/strict";
import { test } from "node:test";
import { loadConfig } from "../../apps/server/config.ts";

test("external data defaults to demo, with a 10 s provider timeout and no overrides", () => {
  const c = loadConfig({});
  assert.deepEqual([c.EXTERNAL_DATA, c.EXTERNAL_TIMEOUT_MS, c.EXTERNAL_DEMO_PORT, c.CNINFO_BASE_URL, c.SINA_BASE_URL, c.CFFEX_BASE_URL], ["demo", 10_000, 0, undefined, undefined, undefined]);
});

test("overrides: loopback in demo mode, anything http(s) in live mode", () => {
  for (const url of ["http://127.0.0.1:9000/cninfo", "http://localhost:1", "http://[::1]:8080"]) assert.equal(loadConfig({ CNINFO_BASE_URL: url }).CNINFO_BASE_URL, url);
  assert.throws(() => loadConfig({ SINA_BASE_URL: "https://quotes.sina.cn" }), /EXTERNAL_DATA=demo dials only loopback addresses; SINA_BASE_URL/);
  assert.throws(() => loadConfig({ CFFEX_BASE_URL: "http://127.0.0.1.example.com/" }), /CFFEX_BASE_URL/);
  assert.equal(loadConfig({ EXTERNAL_DATA: "live", SINA_BASE_URL: "https://proxy.example/sina" }).SINA_BASE_URL, "https://proxy.example/sina");
  assert.throws(() => loadConfig({ EXTERNAL_DATA: "real" }), /EXTERNAL_DATA/);
  assert.throws(() => loadConfig({ EXTERNAL_DATA: "live", CNINFO_BASE_URL: "ftp://x/" }), /CNINFO_BASE_URL/);
  assert.throws(() => loadConfig({ EXTERNAL_TIMEOUT_MS: "50" }), /EXTERNAL_TIMEOUT_MS/);
});
