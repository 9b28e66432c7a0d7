/**
 * LLM configuration (adapters/http/README.md 4.15): the settings with the key masked, the
 * provider presets and the configuration file path; updates keep the stored key
 * unless a new one is given. The key is written to the file and never sent back.
 * The path is shown relative to the data directory (`llm.json`): an absolute
 * server path tells a client about the host's layout (issue 15).
 */
import type { LlmConfigStore, LlmSettings } from "../../../ports/llm-config-store.ts";
import { LLM_PRESETS, type LlmProviderPreset } from "./llm-presets.ts";
import { maskKey, mergeKey, resolveSettings, withDefaults } from "./llm-settings.ts";

export interface LlmConfigView {
  config: LlmSettings;
  providers: LlmProviderPreset[];
  configured: boolean;
  missing: string[];
  config_path: string;
  resolved: { api_url: string; model: string };
}

const masked = (s: LlmSettings): LlmSettings => ({ ...s, api_key: maskKey(s.api_key) });

export class LlmConfigService {
  constructor(
    private readonly store: LlmConfigStore,
    /** The file's name as answers show it (relative to the data directory). */
    private readonly shownPath: string,
  ) {}

  async view(): Promise<LlmConfigView> {
    const s = withDefaults(await this.store.load());
    const { api_url, model, missing } = resolveSettings(s);
    return {
      config: masked(s),
      providers: [...LLM_PRESETS],
      configured: missing.length === 0,
      missing,
      config_path: this.shownPath,
      resolved: { api_url, model },
    };
  }

  async update(u: LlmSettings): Promise<{ ok: true; config_path: string; config: LlmSettings }> {
    const current = withDefaults(await this.store.load());
    const next: LlmSettings = {
      provider: u.provider,
      api_url: u.api_url.trim(),
      api_key: mergeKey(u.api_key, current.api_key),
      model: u.model.trim(),
      temperature: u.temperature,
      max_tokens: u.max_tokens,
      timeout: u.timeout,
      /** An empty prompt keeps the current one, as the original does. */
      system_prompt: u.system_prompt || current.system_prompt,
    };
    await this.store.save(next);
    return { ok: true, config_path: this.shownPath, config: masked(next) };
  }
}
