/**
 * LLM configuration over real HTTP (adapters/http/README.md 4.15): presets, the file
 * path, a key that is stored (owner-only file) and never returned, the masked
 * echo that keeps the key, CLEAR, validation, and a hand-edited file.
 */
import assert from "node:assert/strict";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { maskKey, mergeKey } from "../../core/app/llm/llm-settings.ts";
import { call, startTestServer, type TestServer } from "../support/server.ts";

const KEY = "sk-live-0123456789abcdefghijklmnopqrstuv";

test("masking and the key field's rules", () => {
  assert.equal(maskKey(KEY), "sk-***stuv");
  assert.equal(maskKey("short-key"), "********");
  assert.equal(maskKey(""), "");
  assert.equal(mergeKey("", KEY), KEY);
  assert.equal(mergeKey(" sk-***stuv ", KEY), KEY);
  assert.equal(mergeKey("clear", KEY), "");
  assert.equal(mergeKey("sk-new-key-000000000000", KEY), "sk-new-key-000000000000");
});

describe("GET/PUT /api/v1/llm/config", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer()));
  after(() => s.dispose());
  const file = () => join(s.dataDir, "llm.json");

  test("defaults: presets, the file path, nothing configured yet", async () => {
    const r = await call(s.url, "GET", "/api/v1/llm/config");
    assert.equal(r.status, 200);
    assert.equal(r.body.config_path, "llm.json", "relative to the data directory, never an absolute server path");
    assert.deepEqual([r.body.config.provider, r.body.config.api_key, r.body.configured, r.body.missing], ["deepseek", "", false, ["api_key"]]);
    assert.deepEqual(r.body.resolved, { api_url: "https://api.deepseek.com/v1", model: "deepseek-chat" });
    assert.deepEqual(
      r.body.providers.map((p: { id: string }) => p.id),
      ["deepseek", "qwen", "zhipu", "kimi", "minimax", "openai", "claude", "ollama", "custom"],
    );
    assert.deepEqual(Object.keys(r.body.providers[0]), ["id", "label", "base_url", "default_model", "api_style", "needs_key"]);
  });

  test("the key is stored in an owner-only file and never returned", async () => {
    const put = await call(s.url, "PUT", "/api/v1/llm/config", { json: { provider: "kimi", api_key: KEY, model: "moonshot-v1-32k", temperature: 0.5 } });
    assert.equal(put.status, 200);
    assert.deepEqual([put.body.ok, put.body.config_path, put.body.config.api_key, put.body.config.model], [true, "llm.json", "sk-***stuv", "moonshot-v1-32k"]);
    assert.ok(!put.text.includes(KEY), "the key is never returned");
    const stored = JSON.parse(readFileSync(file(), "utf8"));
    assert.equal(stored.api_key, KEY);
    assert.equal(statSync(file()).mode & 0o777, 0o600);
    const get = await call(s.url, "GET", "/api/v1/llm/config");
    assert.ok(!get.text.includes(KEY), "!get.text.includes(KEY)");
    assert.deepEqual([get.body.config.api_key, get.body.configured, get.body.resolved.api_url], ["sk-***stuv", true, "https://api.moonshot.cn/v1"]);
  });

  test("the masked echo or an empty key keeps the stored key; CLEAR removes it", async () => {
    await call(s.url, "PUT", "/api/v1/llm/config", { json: { provider: "kimi", api_key: "sk-***stuv", temperature: 0.1 } });
    assert.equal(JSON.parse(readFileSync(file(), "utf8")).api_key, KEY);
    await call(s.url, "PUT", "/api/v1/llm/config", { json: { provider: "ollama" } });
    const kept = JSON.parse(readFileSync(file(), "utf8"));
    assert.deepEqual([kept.api_key, kept.provider, kept.system_prompt.length > 0], [KEY, "ollama", true]);
    const cleared = await call(s.url, "PUT", "/api/v1/llm/config", { json: { provider: "custom", api_key: "CLEAR" } });
    assert.equal(cleared.body.config.api_key, "");
    const view = await call(s.url, "GET", "/api/v1/llm/config");
    assert.deepEqual([view.body.configured, view.body.missing], [false, ["api_url", "model", "api_key"]]);
  });

  test("invalid updates are 422", async () => {
    for (const body of [{ provider: "nope" }, { temperature: 3 }, { max_tokens: 10 }, { timeout: 1 }, { api_key: 5 }]) {
      const r = await call(s.url, "PUT", "/api/v1/llm/config", { json: body });
      assert.equal(r.status, 422, JSON.stringify(body));
    }
  });

  test("concurrent updates all succeed and the file holds one of them whole", async () => {
    const models = Array.from({ length: 12 }, (_, i) => `model-${i}`);
    const answers = await Promise.all(models.map((model) => call(s.url, "PUT", "/api/v1/llm/config", { json: { provider: "openai", model } })));
    assert.deepEqual(
      answers.map((r) => r.status),
      models.map(() => 200),
    );
    const saved = JSON.parse(readFileSync(file(), "utf8"));
    assert.ok(models.includes(saved.model), `one update's model (${saved.model})`);
  });

  test("a hand-edited file is read as it is; a broken one falls back to the defaults", async () => {
    writeFileSync(file(), JSON.stringify({ provider: "qwen", api_key: "short", temperature: "hot" }));
    const r = await call(s.url, "GET", "/api/v1/llm/config");
    assert.deepEqual([r.body.config.provider, r.body.config.api_key, r.body.config.temperature], ["qwen", "********", 0.3]);
    writeFileSync(file(), "{not json");
    assert.equal((await call(s.url, "GET", "/api/v1/llm/config")).body.config.provider, "deepseek");
  });
});
