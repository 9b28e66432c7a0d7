/**
 * `vipdoc`: a local TDX directory (VIPDOC_DIR) read directly through the quote port,
 * every stored value exact (adapters/vipdoc/vipdoc-quote-source.ts). Offline files
 * hold neither the mac board commands (the derived board source answers from the
 * files and the security list) nor an extended market (its routes answer 503).
 */
import { absentTransport } from "../../../adapters/tdx/tdx-absent-transport.ts";
import { VipdocQuoteSource } from "../../../adapters/vipdoc/vipdoc-quote-source.ts";
import { VipdocTree } from "../../../adapters/vipdoc/vipdoc-tree.ts";
import type { QuoteProfile } from "./quote-profile.ts";

export const vipdocProfile: QuoteProfile = {
  name: "vipdoc",
  describe: (c) => `local TDX directory ${c.VIPDOC_DIR}`,
  async start({ config, clock }) {
    const quotes = new VipdocQuoteSource(await VipdocTree.open(config.VIPDOC_DIR!), clock);
    return {
      quotes,
      pool: undefined,
      candidates: [],
      dialsRemote: false,
      financialFiles: quotes,
      mac: absentTransport("the mac board command set"),
      ex: absentTransport("the extended market"),
      demo: undefined,
      close: () => Promise.resolve(),
    };
  },
};
