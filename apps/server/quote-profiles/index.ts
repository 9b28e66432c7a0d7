/**
 * The quote-source profiles by `QUOTE_SOURCE` name; `startQuotes` starts the chosen one.
 */
import type { Config } from "../config.ts";
import type { QuoteProfile, QuoteProfileContext, QuoteRuntime } from "./quote-profile.ts";
import { replayProfile } from "./replay-profile.ts";
import { simProfile } from "./sim-profile.ts";
import { tdxProfile } from "./tdx-profile.ts";
import { vipdocProfile } from "./vipdoc-profile.ts";

export type { QuoteRuntime } from "./quote-profile.ts";

export const QUOTE_PROFILES: Readonly<Record<Config["QUOTE_SOURCE"], QuoteProfile>> = {
  sim: simProfile,
  vipdoc: vipdocProfile,
  replay: replayProfile,
  tdx: tdxProfile,
};

export async function startQuotes(ctx: QuoteProfileContext): Promise<QuoteRuntime> {
  const profile = QUOTE_PROFILES[ctx.config.QUOTE_SOURCE];
  const runtime = await profile.start(ctx);
  ctx.log.info({ source: profile.name, hosts: runtime.candidates.length, recording: ctx.config.TDX_RECORD ?? null }, `quote source: ${profile.describe(ctx.config)}`);
  return runtime;
}
