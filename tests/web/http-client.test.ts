/** The web app's HTTP client: error details in both server shapes, and gate rejections reported once to the session watcher. */
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { ApiError, describeDetail, query, request, watchGate } from "../../apps/web/src/api/http.ts";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  watchGate(() => {});
});

function answer(status: number, body: unknown): void {
  globalThis.fetch = async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

test("validation details name the field without the body/query prefix", () => {
  const d = describeDetail([
    { type: "missing", loc: ["body", "text"], msg: "Field required" },
    { type: "too_small", loc: ["query", "count"], msg: "must be ≥ 1" },
  ]);
  assert.equal(d.text, "text: Field required; count: must be ≥ 1");
  assert.equal(d.items.length, 2);
  assert.deepEqual(describeDetail("Not authenticated"), { text: "Not authenticated", items: [] });
  assert.deepEqual(describeDetail(undefined), { text: "", items: [] });
});

test("a gate rejection on /api/v1 reaches the watcher; auth calls and other statuses do not", async () => {
  const seen: [number, string][] = [];
  watchGate((status, detail) => seen.push([status, detail]));
  answer(401, { detail: "Not authenticated" });
  await assert.rejects(request("GET", "/api/v1/quotes"), (e: unknown) => e instanceof ApiError && e.status === 401 && e.detail === "Not authenticated");
  answer(403, { detail: "Password not configured" });
  await assert.rejects(request("GET", "/api/v1/bars"));
  answer(401, { detail: "Incorrect password" });
  await assert.rejects(request("POST", "/api/auth/login", { password: "x" }, { quiet: true }));
  answer(404, { detail: "Not Found" });
  await assert.rejects(request("GET", "/api/v1/nope"), (e: unknown) => e instanceof ApiError && e.status === 404);
  assert.deepEqual(seen, [
    [401, "Not authenticated"],
    [403, "Password not configured"],
  ]);
});

test("successes return the parsed body; an unreachable service is status 0 with the reason", async () => {
  answer(200, { ok: true });
  assert.deepEqual(await request("GET", "/api/v1/x"), { ok: true });
  globalThis.fetch = async () => {
    throw new TypeError("fetch failed");
  };
  await assert.rejects(request("GET", "/api/v1/x"), (e: unknown) => e instanceof ApiError && e.status === 0 && e.detail === "fetch failed");
  answer(422, { detail: [{ type: "missing", loc: ["body", "text"], msg: "Field required" }] });
  await assert.rejects(request("POST", "/api/v1/formula/validate", {}), (e: unknown) => e instanceof ApiError && e.items.length === 1 && e.detail === "text: Field required");
});

test("query strings skip undefined values", () => {
  assert.equal(query({ a: 1, b: undefined, c: "x y", d: false }), "?a=1&c=x+y&d=false");
  assert.equal(query({}), "");
});
