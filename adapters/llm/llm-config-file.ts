/**
 * LLM settings in a JSON file (as the original system's `llm.json`), so a user
 * may edit it by hand. The file holds an API key: it is written readable by the
 * owner only, and replaced atomically so a crash never leaves half a file.
 */
import { chmod, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Logger } from "../../ports/logger.ts";
import type { LlmConfigStore, LlmSettings } from "../../ports/llm-config-store.ts";

export function llmConfigFile(path: string, log?: Logger): LlmConfigStore {
  return {
    location: path,
    async load() {
      let text: string;
      try {
        text = await readFile(path, "utf8");
      } catch {
        return undefined;
      }
      try {
        const data: unknown = JSON.parse(text);
        return typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Partial<LlmSettings>) : undefined;
      } catch (e) {
        log?.warn({ path, err: (e as Error).message }, "LLM configuration file is not valid JSON; using defaults");
        return undefined;
      }
    },
    async save(settings) {
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.tmp`;
      await writeFile(tmp, JSON.stringify(settings, null, 2) + "\n", { encoding: "utf8", mode: 0o600 });
      await chmod(tmp, 0o600);
      await rename(tmp, path);
    },
  };
}
