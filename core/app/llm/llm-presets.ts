/**
 * LLM provider presets the settings page offers (the original system's list):
 * where each provider's API lives, its default model, and which wire protocol
 * it speaks. A preset only fills what the user left empty.
 */
export interface LlmProviderPreset {
  readonly id: string;
  readonly label: string;
  readonly base_url: string;
  readonly default_model: string;
  readonly api_style: "openai" | "anthropic";
  readonly needs_key: boolean;
}

const preset = (id: string, label: string, base_url: string, default_model: string, extra: Partial<LlmProviderPreset> = {}): LlmProviderPreset => ({
  id,
  label,
  base_url,
  default_model,
  api_style: "openai",
  needs_key: true,
  ...extra,
});

export const LLM_PRESETS: readonly LlmProviderPreset[] = [
  preset("deepseek", "DeepSeek", "https://api.deepseek.com/v1", "deepseek-chat"),
  preset("qwen", "通义千问 Qwen", "https://dashscope.aliyuncs.com/compatible-mode/v1", "qwen-plus"),
  preset("zhipu", "智谱 GLM", "https://open.bigmodel.cn/api/paas/v4", "glm-4-flash"),
  preset("kimi", "Kimi (月之暗面)", "https://api.moonshot.cn/v1", "moonshot-v1-8k"),
  preset("minimax", "MiniMax", "https://api.minimaxi.chat/v1", "MiniMax-Text-01"),
  preset("openai", "OpenAI", "https://api.openai.com/v1", "gpt-4o-mini"),
  preset("claude", "Claude (Anthropic)", "https://api.anthropic.com/v1", "claude-sonnet-4-5", { api_style: "anthropic" }),
  preset("ollama", "Ollama（本地）", "http://localhost:11434/v1", "qwen2.5:7b", { needs_key: false }),
  preset("custom", "自定义（OpenAI 兼容）", "", ""),
];

export const LLM_PROVIDER_IDS = LLM_PRESETS.map((p) => p.id) as [string, ...string[]];

/** The preset of a provider id; unknown ids behave as `custom`. */
export function llmPreset(id: string): LlmProviderPreset {
  return LLM_PRESETS.find((p) => p.id === id) ?? LLM_PRESETS[LLM_PRESETS.length - 1]!;
}
