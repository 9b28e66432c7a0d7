/** Small durable key → JSON-value settings (preferred quote host, LLM config, ...). */
export interface SettingsStore {
  get<T = unknown>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, now: number): Promise<void>;
}
