/**
 * Extended-market hosts (port 7727), from the [DSHOST] section of TDX's
 * connect.cfg as injoyai and easy_tdx copy it (adapters/tdx/mac/README.md 1.4); in
 * 2026 only the first was reported fully usable. Dialled only when the user opts
 * in with QUOTE_SOURCE=tdx.
 */
import type { TdxHost } from "../tdx-hosts.ts";

const h = (name: string, host: string): TdxHost => ({ name, host, port: 7727 });

export const DEFAULT_EX_HOSTS: readonly TdxHost[] = [
  h("扩展市场广州1", "116.205.143.214"),
  h("扩展市场广州2", "124.71.223.19"),
  h("扩展市场广州3", "113.45.175.47"),
  h("扩展市场上海1", "175.24.47.69"),
  h("扩展市场上海2", "150.158.9.199"),
  h("扩展市场上海3", "150.158.20.127"),
  h("扩展市场上海4", "49.235.119.116"),
  h("扩展市场上海5", "49.234.13.160"),
  h("扩展市场上海6", "123.60.173.210"),
  h("扩展市场上海7", "118.89.69.202"),
  h("扩展市场北京1", "112.74.214.43"),
  h("扩展市场北京2", "120.25.218.6"),
  h("扩展市场北京3", "43.139.173.246"),
  h("扩展市场北京4", "159.75.90.107"),
  h("扩展市场北京5", "106.52.170.195"),
  h("扩展市场北京6", "139.9.191.175"),
];
