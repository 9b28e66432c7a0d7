/**
 * The financial-file host that serves `tdxfin/*` (adapters/tdx/README.md 5.13, 9.3): pytdx
 * and mootdx use it without the setup exchange; ordinary quote hosts answer these
 * names with empty replies. Dialled only when the user opts in with QUOTE_SOURCE=tdx.
 */
import type { TdxHost } from "../tdx-hosts.ts";

export const FINANCIAL_FILE_HOSTS: readonly TdxHost[] = [{ name: "默认财务数据线路", host: "120.76.152.87", port: 7709 }];
