/**
 * `replay`: recorded exchanges (REPLAY_DIR) answer every command set through the
 * real decoders; a request that was never recorded is unavailable (503).
 */
import { ReplayTransport } from "../../../adapters/replay/replay-transport.ts";
import { TdxClient } from "../../../adapters/tdx/tdx-client.ts";
import type { QuoteProfile } from "./quote-profile.ts";

export const replayProfile: QuoteProfile = {
  name: "replay",
  describe: (c) => `recorded exchanges in ${c.REPLAY_DIR}`,
  async start({ config, log }) {
    const replay = new ReplayTransport(config.REPLAY_DIR!);
    log.info({ exchanges: replay.size }, "replay loaded");
    const quotes = new TdxClient(replay);
    return {
      quotes,
      pool: undefined,
      candidates: [],
      dialsRemote: false,
      financialFiles: quotes,
      mac: replay,
      ex: replay,
      demo: undefined,
      close: () => replay.close(),
    };
  },
};
