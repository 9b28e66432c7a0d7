import assert from "node:assert/strict";
import { test } from "node:test";
import { loadConfig } from "../../apps/server/config.ts";

test("defaults match the README", () => {
  const c = loadConfig({});
  assert.deepEqual(
    { HOST: c.HOST, PORT: c.PORT, DATA_DIR: c.DATA_DIR, QUOTE_SOURCE: c.QUOTE_SOURCE, LOG_LEVEL: c.LOG_LEVEL, SIM_PORT: c.SIM_PORT },
    { HOST: "127.0.0.1", PORT: 8000, DATA_DIR: "./data", QUOTE_SOURCE: "sim", LOG_LEVEL: "info", SIM_PORT: 0 },
  );
  assert.equal(c.TDX_HOSTS, undefined);
});

test("values are parsed and empty strings mean unset", () => {
  const c = loadConfig({ HOST: "0.0.0.0", PORT: "9000", QUOTE_SOURCE: "vipdoc", VIPDOC_DIR: "/x", LOG_LEVEL: "", DATA_DIR: "/srv/x" });
  assert.equal(c.PORT, 9000);
  assert.equal(c.LOG_LEVEL, "info");
  assert.equal(c.QUOTE_SOURCE, "vipdoc");
});

test("an invalid value stops start-up with a message naming it", () => {
  assert.throws(() => loadConfig({ PORT: "70000" }), /PORT/);
  assert.throws(() => loadConfig({ QUOTE_SOURCE: "live" }), /QUOTE_SOURCE/);
  assert.throws(() => loadConfig({ QUOTE_SOURCE: "replay" }), /REPLAY_DIR/);
  assert.throws(() => loadConfig({ QUOTE_SOURCE: "vipdoc" }), /VIPDOC_DIR/);
});

test("edge and WebSocket settings: README defaults, comma lists, and malformed entries refused", () => {
  const d = loadConfig({});
  assert.deepEqual([d.ALLOWED_HOSTS, d.ALLOWED_ORIGINS, d.TRUSTED_PROXIES, d.VIPDOC_ROOTS], [[], [], ["private"], []]);
  assert.deepEqual([d.WS_MAX_MESSAGE_BYTES, d.WS_MAX_SUBSCRIPTIONS, d.WS_MAX_WATCHED, d.WS_MAX_CONNECTIONS], [65536, 500, 5000, 256]);
  const c = loadConfig({ ALLOWED_HOSTS: " forge.example , .home.arpa,", ALLOWED_ORIGINS: "https://tools.example:3000", TRUSTED_PROXIES: "private,100.64.0.0/10", VIPDOC_ROOTS: "/a,/b" });
  assert.deepEqual(
    [c.ALLOWED_HOSTS, c.ALLOWED_ORIGINS, c.TRUSTED_PROXIES, c.VIPDOC_ROOTS],
    [["forge.example", ".home.arpa"], ["https://tools.example:3000"], ["private", "100.64.0.0/10"], ["/a", "/b"]],
  );
  assert.throws(() => loadConfig({ ALLOWED_ORIGINS: "tools.example" }), /ALLOWED_ORIGINS/);
  assert.throws(() => loadConfig({ ALLOWED_HOSTS: "http://x" }), /ALLOWED_HOSTS/);
  assert.throws(() => loadConfig({ TRUSTED_PROXIES: "everyone" }), /TRUSTED_PROXIES/);
  assert.throws(() => loadConfig({ WS_MAX_MESSAGE_BYTES: "10" }), /WS_MAX_MESSAGE_BYTES/);
});

test("market store settings: README defaults, the store under DATA_DIR, malformed values refused", async () => {
  const { marketDir } = await import("../../apps/server/config.ts");
  const d = loadConfig({ DATA_DIR: "/srv/d" });
  assert.deepEqual([d.STORE_READS, d.SYNC_AT, d.SYNC_HOSTS, d.SYNC_CONNECTIONS, d.SYNC_MINUTES, d.SYNC_MINUTE_KINDS, marketDir(d)], ["1", undefined, 3, 2, [], ["lc5"], "/srv/d/market"]);
  const c = loadConfig({ MARKET_DIR: "/m", SYNC_AT: "15:30", SYNC_MINUTES: "SH:600000, SZ:000001", SYNC_MINUTE_KINDS: "lc5,lc1" });
  assert.deepEqual([marketDir(c), c.SYNC_AT, c.SYNC_MINUTES, c.SYNC_MINUTE_KINDS], ["/m", "15:30", ["SH:600000", "SZ:000001"], ["lc5", "lc1"]]);
  assert.throws(() => loadConfig({ SYNC_AT: "25:00" }), /SYNC_AT/);
  assert.throws(() => loadConfig({ SYNC_MINUTES: "600000" }), /SYNC_MINUTES/);
  assert.throws(() => loadConfig({ SYNC_MINUTE_KINDS: "lc2" }), /SYNC_MINUTE_KINDS/);
  assert.throws(() => loadConfig({ SYNC_CONNECTIONS: "20" }), /SYNC_CONNECTIONS/);
});
