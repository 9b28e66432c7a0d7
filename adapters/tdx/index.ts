/**
 * The TDX adapter's front door (architecture test: the HTTP edge imports other
 * adapters only through their index.ts): the services the composition root
 * builds from this adapter, as types the routes are handed (host list, server
 * files, financial files, the extended-market client), and the protocol's
 * vocabularies the routes validate and name fields by. Everything else under
 * adapters/tdx is internal; wiring that needs more belongs in apps/.
 */
export type { ExClient } from "./ex/ex-client.ts";
export { isIntradayCategory } from "./ex/ex-codec.ts";
export { EX_MARKETS, exMarketId, HK_EQUITY_MARKETS } from "./ex/ex-markets.ts";
export { BLOCK_FILE_NAMES, BLOCK_FILES, decodeBlockFile } from "./files/block-dat.ts";
export type { FinancialFiles } from "./files/financial-files.ts";
export { gpcwFieldName } from "./files/gpcw-fields.ts";
export type { ServerFileCache } from "./files/server-file-cache.ts";
export { QUOTE_CATEGORIES } from "./mac/mac-board-code.ts";
export { EXCLUDE_FLAGS, type ExcludeFlag, fieldSpec } from "./mac/mac-fields.ts";
export { MAC_SORT_NAMES, MAC_SORT_TYPES } from "./mac/mac-sort.ts";
export { quoteServerTimeMs } from "./tdx-codec-quotes.ts";
export { encodeGbk } from "./tdx-gbk.ts";
export type { HostService } from "./tdx-host-service.ts";
