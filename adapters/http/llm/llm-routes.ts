import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { HttpEnv } from "../http-env.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { LLM_PROVIDER_IDS } from "../../../core/app/llm/llm-presets.ts";
import type { LlmConfigService } from "../../../core/app/llm/llm-service.ts";

const tags = ["llm"];

const LlmConfigInfo = z
  .object({
    provider: z.string(),
    api_key: z.string().openapi({ description: "masked (sk-***abcd); the stored key is never returned" }),
    api_url: z.string(),
    model: z.string(),
    temperature: z.number(),
    max_tokens: z.number().int(),
    timeout: z.number(),
    system_prompt: z.string(),
  })
  .openapi("LlmConfigInfo");

const LlmProviderInfo = z
  .object({
    id: z.string(),
    label: z.string(),
    base_url: z.string(),
    default_model: z.string(),
    api_style: z.enum(["openai", "anthropic"]),
    needs_key: z.boolean(),
  })
  .openapi("LlmProviderInfo");

const LlmConfigResponse = z
  .object({
    config: LlmConfigInfo,
    providers: z.array(LlmProviderInfo),
    configured: z.boolean(),
    missing: z.array(z.string()),
    config_path: z.string(),
    resolved: z.object({ api_url: z.string(), model: z.string() }),
  })
  .openapi("LlmConfigResponse");

const LlmConfigUpdate = z
  .object({
    provider: z.enum(LLM_PROVIDER_IDS).default("deepseek").openapi({ description: "a preset id (see GET providers)" }),
    api_url: z.string().max(2000).default("").openapi({ description: "empty = the preset's URL" }),
    api_key: z.string().max(4000).default("").openapi({ description: "empty or the masked echo = keep the stored key; CLEAR = remove it" }),
    model: z.string().max(200).default("").openapi({ description: "empty = the preset's default model" }),
    temperature: z.number().min(0).max(2).default(0.3),
    max_tokens: z.number().int().min(64).max(128_000).default(16000).openapi({ description: "output cap; reasoning models count their thinking in it" }),
    timeout: z.number().min(5).max(600).default(180).openapi({ description: "read timeout of a model call, seconds" }),
    system_prompt: z.string().max(20_000).default("").openapi({ description: "empty = keep the current prompt" }),
  })
  .openapi("LlmConfigUpdate");

const LlmConfigSaved = z.object({ ok: z.boolean(), config_path: z.string(), config: LlmConfigInfo }).openapi("LlmConfigSaved");

/** `GET /api/v1/llm/config` and `PUT /api/v1/llm/config` (adapters/http/README.md 4.15). */
export function registerLlmRoutes(app: OpenAPIHono<HttpEnv>, llm: LlmConfigService): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/llm/config",
      tags,
      summary: "LLM configuration (key masked), provider presets and the configuration file path",
      responses: { ...jsonOk(LlmConfigResponse), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await llm.view(), 200),
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/api/v1/llm/config",
      tags,
      summary: "Save the LLM configuration (the key is stored, never returned)",
      request: { body: { required: true, content: { "application/json": { schema: LlmConfigUpdate } } } },
      responses: { ...jsonOk(LlmConfigSaved), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await llm.update(c.req.valid("json")), 200),
  );
}
