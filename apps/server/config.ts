import { z } from "zod";

/**
 * The service's configuration, read once from environment variables (README
 * documents each). Nothing else in the project reads `process.env`.
 */
const EnvSchema = z.object({
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  DATA_DIR: z.string().min(1).default("./data"),
  QUOTE_SOURCE: z.enum(["sim", "vipdoc", "replay", "tdx"]).default("sim"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = z.infer<typeof EnvSchema>;

/** Parses `env`; an invalid value stops start-up with a message naming it. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(clean);
  if (!parsed.success) {
    const why = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`invalid configuration: ${why}`);
  }
  return parsed.data;
}
