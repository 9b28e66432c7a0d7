/**
 * `tdx` (the user's opt-in): the public TDX hosts, or TDX_HOSTS, with fail-over;
 * the user's preferred host first. The financial archives come from their own
 * file hosts (no setup exchange), the mac set from the mac hosts and the extended
 * market from the 7727 list, each with its own pool and rotation.
 */
import { EX_POOL_OPTIONS } from "../../../adapters/tdx/ex/ex-client.ts";
import { DEFAULT_EX_HOSTS } from "../../../adapters/tdx/ex/ex-hosts.ts";
import { FINANCIAL_FILE_HOSTS } from "../../../adapters/tdx/files/financial-hosts.ts";
import { DEFAULT_MAC_HOSTS } from "../../../adapters/tdx/mac/mac-hosts.ts";
import { TdxClient } from "../../../adapters/tdx/tdx-client.ts";
import { DEFAULT_TDX_HOSTS, hostKey, parseHostList, PREFERRED_HOST_KEY } from "../../../adapters/tdx/tdx-hosts.ts";
import { TdxPool } from "../../../adapters/tdx/tdx-pool.ts";
import type { QuoteProfile } from "./quote-profile.ts";
import { recording } from "./recording.ts";

export const tdxProfile: QuoteProfile = {
  name: "tdx",
  describe: (c) => (c.TDX_HOSTS ? `TDX hosts ${c.TDX_HOSTS}` : "public TDX hosts"),
  async start(ctx) {
    const { config, settings } = ctx;
    let candidates = config.TDX_HOSTS ? parseHostList(config.TDX_HOSTS) : [...DEFAULT_TDX_HOSTS];
    const preferred = await settings.get<string>(PREFERRED_HOST_KEY);
    const i = candidates.findIndex((h) => hostKey(h) === preferred);
    if (i > 0) candidates = [candidates[i]!, ...candidates.slice(0, i), ...candidates.slice(i + 1)];
    const pool = new TdxPool(candidates, { onExchange: recording(ctx) });
    const files = new TdxPool(FINANCIAL_FILE_HOSTS, { handshake: false, size: 1 });
    const mac = new TdxPool(DEFAULT_MAC_HOSTS);
    const ex = new TdxPool(DEFAULT_EX_HOSTS, EX_POOL_OPTIONS);
    return {
      quotes: new TdxClient(pool),
      pool,
      candidates,
      dialsRemote: true,
      financialFiles: new TdxClient(files),
      mac,
      ex,
      demo: undefined,
      close: async () => void (await Promise.all([pool.close(), files.close(), mac.close(), ex.close()])),
    };
  },
};
