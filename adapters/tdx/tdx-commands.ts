/**
 * Command ids of the standard quote protocol (port 7709), design doc section 5.
 * One table so the client, the simulator's dispatcher and log lines agree on names.
 */
export const TdxCommand = {
  /** Setup/login 1, payload 0x01 or 0x02. */
  SETUP: 0x000d,
  /** Setup/login 2, constant opaque payload. */
  SETUP_LOGIN: 0x0fdb,
  HEARTBEAT: 0x0004,
  PING: 0x0015,
  SECURITY_COUNT: 0x044e,
  SECURITY_LIST: 0x0450,
  QUOTES: 0x053e,
  /** Newer quote layout; only its framing is known. */
  QUOTES_V2: 0x054c,
  BARS: 0x052d,
  MINUTE: 0x051d,
  /** Other clients' id for today's minute line; no verified layout. */
  MINUTE_ALT: 0x0537,
  HISTORY_MINUTE: 0x0fb4,
  TRANSACTIONS: 0x0fc5,
  HISTORY_TRANSACTIONS: 0x0fb5,
  CALL_AUCTION: 0x056a,
  XDXR: 0x000f,
  FINANCE: 0x0010,
  COMPANY_CATEGORY: 0x02cf,
  COMPANY_CONTENT: 0x02d0,
  FILE_META: 0x02c5,
  FILE_CHUNK: 0x06b9,
} as const;

export type TdxCommandId = (typeof TdxCommand)[keyof typeof TdxCommand];

const NAMES = new Map<number, string>(Object.entries(TdxCommand).map(([k, v]) => [v, k]));

/** `"BARS (0x052d)"` for known ids, `"0x1234"` otherwise. */
export function commandName(id: number): string {
  const hex = `0x${id.toString(16).padStart(4, "0")}`;
  const name = NAMES.get(id);
  return name ? `${name} (${hex})` : hex;
}
