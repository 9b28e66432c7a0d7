/**
 * Readable labels of the market monitor's (异动) event kinds and how each shows
 * its values (adapters/tdx/mac/README.md 3.8, after gotdx and opentdx). The payload
 * is a byte v1 and three float32 v2, v3, v4; kind 0x14 instead has a sub-kind in
 * byte 1 and two float32 after it.
 */

export interface UnusualPayload {
  readonly v1: number;
  readonly v2: number;
  readonly v3: number;
  readonly v4: number;
  /** Kind 0x14: the sub-kind byte and its two values. */
  readonly sub: number;
  readonly a: number;
  readonly b: number;
}

export interface UnusualLabel {
  readonly desc: string;
  readonly value: string;
}

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const pair = (x: number, y: number) => `${x.toFixed(2)}/${y.toFixed(2)}`;

/** Every kind the monitor sends, with its label rule. */
const KINDS: Readonly<Record<number, (p: UnusualPayload) => UnusualLabel>> = {
  0x03: (p) => ({ desc: p.v1 === 0 ? "主力买入" : "主力卖出", value: pair(p.v2, p.v3) }),
  0x04: (p) => ({ desc: "加速拉升", value: pct(p.v2) }),
  0x05: () => ({ desc: "加速下跌", value: "" }),
  0x06: (p) => ({ desc: "低位反弹", value: pct(p.v2) }),
  0x07: (p) => ({ desc: "高位回落", value: pct(p.v2) }),
  0x08: (p) => ({ desc: "撑杆跳高", value: pct(p.v2) }),
  0x09: (p) => ({ desc: "平台跳水", value: pct(p.v2) }),
  0x0a: (p) => ({ desc: p.v2 < 0 ? "单笔冲跌" : "单笔冲涨", value: pct(p.v2) }),
  0x0b: (p) => ({ desc: `区间放量${p.v3 === 0 ? "平" : p.v3 < 0 ? "跌" : "涨"}`, value: `${p.v2.toFixed(1)}倍${p.v3 === 0 ? "" : pct(p.v3)}` }),
  0x0c: () => ({ desc: "区间缩量", value: "" }),
  0x10: (p) => ({ desc: "大单托盘", value: pair(p.v4, p.v3) }),
  0x11: (p) => ({ desc: "大单压盘", value: pair(p.v2, p.v3) }),
  0x12: () => ({ desc: "大单锁盘", value: "" }),
  0x13: (p) => ({ desc: "竞价试买", value: pair(p.v2, p.v3) }),
  0x14: (p) => {
    const dir = p.v1 === 0 ? "涨" : "跌";
    const desc = p.sub === 1 ? `逼近${dir}停` : p.sub === 2 ? `封${dir}停板` : p.sub === 4 ? `封${dir}大减` : p.sub === 5 ? `打开${dir}停` : `${dir}停异动`;
    return { desc, value: pair(p.a, p.b) };
  },
  0x15: (p) => ({ desc: p.v1 === 2 ? "尾盘拉升" : p.v1 === 1 ? "尾盘对倒" : "尾盘打压", value: p.v1 === 2 ? pct(p.v2) : p.v3.toFixed(2) }),
  0x16: (p) => ({ desc: p.v2 < 0 ? "盘中弱势" : "盘中强势", value: pct(p.v2) }),
  0x1d: (p) => ({ desc: "急速拉升", value: pct(p.v2) }),
  0x1e: (p) => ({ desc: "急速下跌", value: pct(p.v2) }),
};

/** The kinds the monitor is known to send. */
export const UNUSUAL_KINDS: readonly number[] = Object.keys(KINDS).map(Number);

/** The label of an event; an unknown kind is named by its number. */
export function unusualLabel(kind: number, p: UnusualPayload): UnusualLabel {
  return KINDS[kind]?.(p) ?? { desc: `异动类型0x${kind.toString(16).padStart(2, "0")}`, value: "" };
}

/** Reads the 13-byte payload. */
export function unusualPayload(bytes: Uint8Array): UnusualPayload {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { v1: bytes[0]!, v2: v.getFloat32(1, true), v3: v.getFloat32(5, true), v4: v.getFloat32(9, true), sub: bytes[1]!, a: v.getFloat32(2, true), b: v.getFloat32(6, true) };
}
