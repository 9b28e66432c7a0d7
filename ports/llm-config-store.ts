/**
 * Where the LLM settings live. The original system keeps them in a JSON file
 * the user may also edit by hand, and shows its path; so do we.
 */
export interface LlmSettings {
  provider: string;
  /** "" = the provider preset's URL. */
  api_url: string;
  api_key: string;
  /** "" = the provider preset's default model. */
  model: string;
  temperature: number;
  max_tokens: number;
  /** Read timeout of a model call, seconds. */
  timeout: number;
  system_prompt: string;
}

export interface LlmConfigStore {
  /** Shown to the user (the configuration file path). */
  readonly location: string;
  /** The stored fields, or `undefined` when nothing is stored yet. */
  load(): Promise<Partial<LlmSettings> | undefined>;
  save(settings: LlmSettings): Promise<void>;
}
