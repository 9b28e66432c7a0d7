/**
 * The hostile inputs of issue 15 over real HTTP, logged in: each once hung the
 * process or answered 500, and each must now be a 422 naming the field (or an
 * ordinary answer). The hang: a backtest whose cash pushed share counts past
 * 2^53; the 500s: bodies nested thousands deep, non-ASCII codes, integers past a
 * protocol field's width, a filename GBK cannot encode.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { MAX_JSON_DEPTH } from "../../adapters/http/validation/json-depth.ts";
import { call, cookieOf, startTestServer, type TestServer } from "../support/server.ts";

const PASSWORD = "hostile-input-1";

/** `n` daily bars opening at `open` (where orders fill) and closing around it, swinging so moving averages cross. */
function dailyBars(n: number, open: number) {
  return Array.from({ length: n }, (_, i) => {
    const close = Number((open * (1 + 0.05 * Math.sin(i / 3))).toPrecision(4));
    const date = new Date(Date.UTC(2024, 0, 2) + i * 86_400_000).toISOString().slice(0, 10);
    return { date, open, high: Math.max(open, close) * 1.01, low: Math.min(open, close) * 0.99, close, vol: 1000 };
  });
}

describe("hostile input", () => {
  let s: TestServer;
  let cookie: string;
  let doc: any;
  const get = (path: string) => call(s.url, "GET", path, { headers: { cookie } });
  const post = (path: string, json: unknown) => call(s.url, "POST", path, { json, headers: { cookie } });
  /** The distinct fields a 422 names. */
  const locs = (r: { body: any }): string[] => (Array.isArray(r.body?.detail) ? [...new Set<string>(r.body.detail.map((d: { loc: unknown[] }) => d.loc.join(".")))] : []);

  before(async () => {
    s = await startTestServer();
    assert.equal((await call(s.url, "POST", "/api/auth/setup", { json: { password: PASSWORD } })).status, 200, "password set");
    const login = await call(s.url, "POST", "/api/auth/login", { json: { password: PASSWORD } });
    cookie = cookieOf(login.headers)!;
    doc = (await call(s.url, "GET", "/openapi.json")).body;
  });
  after(() => s.dispose());

  test("the cash that hung the process is a 422 on cash, answered at once", async () => {
    const body = { strategy: "ma_cross", params: { fast: 5, slow: 20 }, ohlcv: dailyBars(55, 1.06), cash: 2118445910321431800 };
    const res = await fetch(`${s.url}/api/v1/backtest/run`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    assert.equal(res.status, 422);
    const detail = ((await res.json()) as { detail: { loc: string[]; type: string }[] }).detail;
    assert.deepEqual(
      detail.map((d) => [d.loc.join("."), d.type]),
      [["body.cash", "less_than_equal"]],
    );
    assert.equal((await get("/health")).status, 200, "the service still answers");
  });

  test("the largest cash at a price of a ten-thousandth of a yuan still sizes and finishes its orders", async () => {
    // 1e12 CNY / 0.0001 = 1e16 shares, past 2^53: sizing is capped and ends.
    const r = await post("/api/v1/backtest/run", { strategy: "ma_cross", params: { fast: 5, slow: 20 }, ohlcv: dailyBars(55, 0.0001), cash: 1e12, min_commission: 0, price_limit: false });
    assert.equal(r.status, 200, r.text.slice(0, 300));
    const fills = r.body.trades.filter((t: { rejected: boolean }) => !t.rejected);
    assert.ok(fills.length > 0, "orders filled");
    for (const t of fills) assert.ok(t.size <= 2 ** 50, `order within the share cap (${t.size})`);
  });

  test("every unbounded trading number has a bound", async () => {
    const base = { strategy: "ma_cross", ohlcv: dailyBars(30, 10) };
    for (const [field, value] of [
      ["cash", 1e12 + 1],
      ["min_commission", 10_001],
      ["sizing_amount", 1e13],
      ["warmup_bars", 100_001],
    ] as const) {
      const r = await post("/api/v1/backtest/run", { ...base, [field]: value });
      assert.equal(r.status, 422, field);
      assert.deepEqual(locs(r), [`body.${field}`], field);
    }
    const portfolio = await post("/api/v1/backtest/portfolio/run/async", { strategy: "ma_cross", stocks: ["SZ:000001"], rebalance_every: 100_001 });
    assert.deepEqual(locs(portfolio), ["body.rebalance_every"]);
    const seeds = await post("/api/v1/backtest/multiseed/run/async", { strategy: "ma_cross", stocks: ["SZ:000001"], sample_size: 51, gates: { mean_sharpe: 1e300 } });
    assert.deepEqual(locs(seeds).sort(), ["body.gates.mean_sharpe", "body.sample_size"]);
    const grid = await post("/api/v1/backtest/optimize/run/async", { strategy: "ma_cross", ohlcv: dailyBars(30, 10), param_grid: { fast: [5, 1e300] } });
    assert.deepEqual(locs(grid), ["body.param_grid.fast.1"]);
    const formula = await post("/api/v1/formula/validate", { text: "X:MA(C,N);", params: { N: 1e300 } });
    assert.deepEqual(locs(formula), ["body.params.N"]);
  });

  test(`a body nested past ${MAX_JSON_DEPTH} levels is a 422 on every body route, signed in or not`, async () => {
    const routes = Object.entries<any>(doc.paths).flatMap(([path, ops]) =>
      Object.entries<any>(ops)
        .filter(([, op]) => op.requestBody)
        .map(([method]) => [method.toUpperCase(), path] as const),
    );
    assert.ok(routes.length >= 25, `all body routes (${routes.length})`);
    assert.ok(
      routes.some(([, p]) => p === "/api/auth/login"),
      "the unauthenticated auth routes too",
    );
    for (const body of ["[".repeat(5000) + "]".repeat(5000), `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`]) {
      for (const [method, path] of routes) {
        const r = await call(s.url, method, path.replace("{strategy_id}", "x"), { body, headers: { "content-type": "application/json", cookie } });
        assert.equal(r.status, 422, `${method} ${path}`);
        assert.equal(r.body.detail[0].type, "json_invalid", `${method} ${path}`);
      }
    }
    const ok = await post("/api/v1/strategies", { name: "deep enough", kind: "single", strategy: "ma_cross", context: { a: { b: { c: { d: [[[1]]] } } } } });
    assert.equal(ok.status, 201, "ordinary nesting still passes");
  });

  test("a code that is not ASCII letters and digits is a 422 on code, on every route taking one", async () => {
    const routes = Object.entries<any>(doc.paths)
      .filter(([, ops]) => ops.get?.parameters?.some((p: { name: string }) => p.name === "code"))
      .map(([path, ops]) => [path, ops.get.parameters] as const);
    assert.ok(routes.length >= 16, `every GET route with a code (${routes.length})`);
    for (const code of ["٠٠٠٠٠١", "中文中文中文", "e\u0301\u0301\u0301\u0301\u0301", "\u202e00001"]) {
      for (const [path, params] of routes) {
        const q = new URLSearchParams({ code });
        for (const p of params) if (p.required && p.name !== "code") q.set(p.name, p.name === "market" ? (path.includes("/ex/") ? "31" : "SH") : p.name === "date" ? "20261119" : "1");
        const r = await get(`${path}?${q}`);
        assert.equal(r.status, 422, `${path} ${code}`);
        assert.deepEqual(locs(r), ["query.code"], `${path} ${code}`);
      }
      const quotes = await post("/api/v1/quotes", { stocks: [{ market: "SH", code }] });
      assert.deepEqual(locs(quotes), ["body.stocks.0.code"], code);
    }
  });

  test("integers past a protocol field's width are a 422 naming the field; the widest value passes", async () => {
    const cases: [string, string, number][] = [
      ["/api/v1/security/list?market=SZ", "start", 0xffff],
      ["/api/v1/security/list-all?", "pages", 66],
      ["/api/v1/bars?market=SH&code=600519&count=1", "start", 0xffff],
      ["/api/v1/bars/index?market=SH&code=000001&count=1", "start", 0xffff],
      ["/api/v1/transaction?market=SH&code=600519&count=1", "start", 0xffff],
      ["/api/v1/transaction/history?market=SH&code=600519&date=20261119&count=1", "start", 0xffff],
      ["/api/v1/fund-flow/history?market=SH&code=600519&count=1", "start", 0xffff],
      ["/api/v1/company/content?market=SH&code=600519&filename=600519.txt", "offset", 0xffffffff],
      ["/api/v1/company/content?market=SH&code=600519&filename=600519.txt", "length", 0xffffffff],
      ["/api/v1/mac/quote-list?count=1", "start", 0xffffffff],
      ["/api/v1/mac/unusual?market=SZ&count=1", "start", 0xffff],
      ["/api/v1/ex/bars?market=31&code=00700&count=1", "start", 0xffffffff],
      ["/api/v1/ex/transaction?market=31&code=00700&count=1", "start", 0x7fffffff],
    ];
    for (const [path, field, widest] of cases) {
      const over = await get(`${path}&${field}=${widest + 1}`);
      assert.equal(over.status, 422, `${path} ${field}=${widest + 1}`);
      assert.deepEqual(locs(over), [`query.${field}`], `${path} ${field}=${widest + 1}`);
      const edge = await get(`${path}&${field}=${widest}`);
      assert.ok(edge.status !== 422 && edge.status < 500, `${path} ${field}=${widest} is served (${edge.status})`);
    }
    for (const [path, body] of [
      ["/api/v1/chanlun/analyze", { market: "SH", code: "600519", start: 65536 }],
      ["/api/v1/formula/compute", { text: "X:C;", market: "SH", code: "600519", start: 65536 }],
      // MIN_120 asks for two 60-minute bars per bar: 2 × 32768 is past the field
      ["/api/v1/chanlun/analyze", { market: "SH", code: "600519", category: "MIN_120", start: 32768 }],
      ["/api/v1/formula/compute", { text: "X:C;", market: "SH", code: "600519", category: "MIN_120", start: 32768 }],
    ] as const) {
      assert.deepEqual(locs(await post(path, body)), ["body.start"], `${path} ${JSON.stringify(body)}`);
    }
    for (const path of ["/api/v1/bars?market=SH&code=600519", "/api/v1/bars/index?market=SH&code=000001"]) {
      assert.deepEqual(locs(await get(`${path}&category=MIN_120&start=32768`)), ["query.start"], path);
      assert.equal((await get(`${path}&category=MIN_120&start=32767&count=1`)).status, 200, path);
    }
    const paged = await post("/api/v1/formula/compute", { text: "X:C;", market: "SH", code: "600519", start: 65000, count: 2000 });
    assert.equal(paged.status, 200, "pages that would start past the field are not asked for");
  });

  test("a company filename GBK cannot encode is a 422 on filename", async () => {
    for (const filename of ["\u202e600519.txt", "😀.txt", "文".repeat(41)]) {
      const r = await get(`/api/v1/company/content?market=SH&code=600519&${new URLSearchParams({ filename })}`);
      assert.equal(r.status, 422, filename);
      assert.deepEqual(locs(r), ["query.filename"], filename);
    }
    const fine = await get(`/api/v1/company/content?market=SH&code=600519&${new URLSearchParams({ filename: "600519.txt" })}&length=16`);
    assert.equal(fine.status, 200, "a GBK name is served");
  });
});
