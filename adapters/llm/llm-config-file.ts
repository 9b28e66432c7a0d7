/**
 * LLM settings in a JSON file (as the original system's `llm.json`), so a user
 * may edit it by hand. The file holds an API key: it is written readable by the
 * owner only, and replaced atomically so a crash never leaves half a file.
 * Saves run one after another: two at once shared the temporary file, and the
 * second rename found it gone (a 500 on concurrent PUTs, issue 15).
 */
import { chmod, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Logger } from "../../ports/logger.ts";
import type { LlmConfigStore, LlmSettings } from "../../ports/llm-config-store.ts";

export function llmConfigFile(path: string, log?: Logger): LlmConfigStore {
  let saving: Promise<void> = Promise.resolve();
  const write = async (settings: LlmSettings) => {
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.tmp`;
    await writeFile(tmp, `${JSON.stringify(settings, null, 2)}\n`, { encoding: "utf8", mode: 0o600 });
    await chmod(tmp, 0o600);
    await rename(tmp, path);
  };
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
    save(settings) {
      const done = saving.then(() => write(settings));
      saving = done.catch(() => undefined);
      return done;
    },
  };
}
