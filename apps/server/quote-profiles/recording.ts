/**
 * `TDX_RECORD=DIR`: profiles that speak the protocol record every exchange of this
 * run under `DIR/<start time>-<id>/exchanges.jsonl` (the format `replay` reads).
 */
import { randomUUID } from "node:crypto";
import { captureRecorder } from "../../../adapters/replay/capture-recorder.ts";
import type { PoolOptions } from "../../../adapters/tdx/tdx-pool.ts";
import type { QuoteProfileContext } from "./quote-profile.ts";

export function recording({ config, clock }: QuoteProfileContext): PoolOptions["onExchange"] {
  if (!config.TDX_RECORD) return undefined;
  const session = `${new Date(clock.now()).toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`;
  return captureRecorder(config.TDX_RECORD, session);
}
