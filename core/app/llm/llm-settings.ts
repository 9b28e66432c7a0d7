/**
 * LLM settings rules shared by reading and writing: defaults, how a stored key
 * is shown (masked, never in full), and how a submitted key field is read back
 * (the form echoes the masked value, which must not overwrite the real key).
 */
import type { LlmSettings } from "../../../ports/llm-config-store.ts";
import { llmPreset } from "./llm-presets.ts";

export const DEFAULT_SYSTEM_PROMPT = "你是一位严谨的 A 股量化投研分析师，基于给定的数据客观分析，不确定的内容明确说明，不构成投资建议。";

export const DEFAULT_SETTINGS: LlmSettings = {
  provider: "deepseek",
  api_url: "",
  api_key: "",
  model: "",
  temperature: 0.3,
  max_tokens: 16000,
  timeout: 180,
  system_prompt: DEFAULT_SYSTEM_PROMPT,
};

/** The word that removes a stored key. */
export const CLEAR_KEY = "CLEAR";

/**
 * The key as shown: first 3 and last 4 characters of a long key; a short key
 * (under 16 characters) is shown as 8 stars, so neither most of it nor its
 * length leaks.
 */
export function maskKey(key: string): string {
  if (!key) return "";
  if (key.length < 16) return "********";
  return `${key.slice(0, 3)}***${key.slice(-4)}`;
}

/** Empty or the masked echo keeps the stored key, `CLEAR` removes it, anything else replaces it. */
export function mergeKey(submitted: string, stored: string): string {
  const k = submitted.trim();
  if (!k || k === maskKey(stored)) return stored;
  if (k.toUpperCase() === CLEAR_KEY) return "";
  return k;
}

/** Stored fields over the defaults; wrongly typed fields (a hand-edited file) fall back to the default. */
export function withDefaults(stored: Partial<LlmSettings> | undefined): LlmSettings {
  const out = { ...DEFAULT_SETTINGS };
  for (const k of Object.keys(DEFAULT_SETTINGS) as (keyof LlmSettings)[]) {
    const v = stored?.[k];
    if (typeof v === typeof DEFAULT_SETTINGS[k] && v !== "") (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

/** What a call would use: empty URL and model filled from the preset; `missing` names what is still needed. */
export function resolveSettings(s: LlmSettings): { api_url: string; model: string; missing: string[] } {
  const p = llmPreset(s.provider);
  const api_url = s.api_url || p.base_url;
  const model = s.model || p.default_model;
  const missing: string[] = [];
  if (!api_url) missing.push("api_url");
  if (!model) missing.push("model");
  if (p.needs_key && !s.api_key) missing.push("api_key");
  return { api_url, model, missing };
}
