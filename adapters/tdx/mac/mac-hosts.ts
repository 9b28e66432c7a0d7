/**
 * The mac quote hosts (port 7709), as gotdx, easy_tdx and tdx_mac list them
 * (adapters/tdx/mac/README.md 1.4). Dialled only when the user opts in with
 * QUOTE_SOURCE=tdx.
 */
import type { TdxHost } from "../tdx-hosts.ts";

export const DEFAULT_MAC_HOSTS: readonly TdxHost[] = [
  { name: "MAC行情1", host: "121.36.248.138", port: 7709 },
  { name: "MAC行情2", host: "123.60.47.136", port: 7709 },
  { name: "MAC行情3", host: "121.37.207.165", port: 7709 },
];
