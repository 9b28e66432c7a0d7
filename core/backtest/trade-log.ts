/**
 * Compact columnar logs of fills and refused orders. The kernels append to them
 * on the rare bars with an order; row objects are built later, off the hot path.
 * Both grow by doubling, so a workspace sized for the usual case never reallocates.
 */
import type { Side } from "./fees.ts";
import type { RefusalCode } from "./execution-rules.ts";

function grow<T extends Float64Array | Int32Array | Int8Array | Uint8Array>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}

export class FillLog {
  count = 0;
  /** Timeline step of the fill. */
  bar: Int32Array;
  /** Portfolio leg (0 in single-symbol runs). */
  leg: Int32Array;
  side: Int8Array;
  shares: Float64Array;
  /** Executed price, slippage included. */
  price: Float64Array;
  /** Slippage cost in CNY: shares × |price − quoted price|. */
  slippage: Float64Array;
  commission: Float64Array;
  stamp: Float64Array;
  transfer: Float64Array;
  /** Realised net P&L of a closing fill; NaN for an opening fill. */
  pnl: Float64Array;
  /** Entry value of the shares a closing fill closes (average entry price × shares); NaN when opening. */
  basis: Float64Array;
  /** Step on which the closed position was opened; −1 for an opening fill. */
  entryBar: Int32Array;
  /** Average entry price of the position left after the fill (0 when flat). */
  avgAfter: Float64Array;

  constructor(capacity: number) {
    const n = Math.max(4, capacity);
    this.bar = new Int32Array(n);
    this.leg = new Int32Array(n);
    this.side = new Int8Array(n);
    this.shares = new Float64Array(n);
    this.price = new Float64Array(n);
    this.slippage = new Float64Array(n);
    this.commission = new Float64Array(n);
    this.stamp = new Float64Array(n);
    this.transfer = new Float64Array(n);
    this.pnl = new Float64Array(n);
    this.basis = new Float64Array(n);
    this.entryBar = new Int32Array(n);
    this.avgAfter = new Float64Array(n);
  }

  clear(): void {
    this.count = 0;
  }

  /** Index of the new row; its columns are to be filled by the caller. */
  add(): number {
    if (this.count === this.bar.length) {
      const n = this.count * 2;
      this.bar = grow(this.bar, n);
      this.leg = grow(this.leg, n);
      this.side = grow(this.side, n);
      this.shares = grow(this.shares, n);
      this.price = grow(this.price, n);
      this.slippage = grow(this.slippage, n);
      this.commission = grow(this.commission, n);
      this.stamp = grow(this.stamp, n);
      this.transfer = grow(this.transfer, n);
      this.pnl = grow(this.pnl, n);
      this.basis = grow(this.basis, n);
      this.entryBar = grow(this.entryBar, n);
      this.avgAfter = grow(this.avgAfter, n);
    }
    return this.count++;
  }

  fees(i: number): number {
    return this.commission[i]! + this.stamp[i]! + this.transfer[i]!;
  }
}

export class RefusalLog {
  count = 0;
  bar: Int32Array;
  leg: Int32Array;
  side: Int8Array;
  reason: Uint8Array;
  /** Shares the order was for (NaN when not sized yet). */
  shares: Float64Array;
  /** Quoted price on the bar (before slippage). */
  price: Float64Array;

  constructor(capacity: number) {
    const n = Math.max(4, capacity);
    this.bar = new Int32Array(n);
    this.leg = new Int32Array(n);
    this.side = new Int8Array(n);
    this.reason = new Uint8Array(n);
    this.shares = new Float64Array(n);
    this.price = new Float64Array(n);
  }

  clear(): void {
    this.count = 0;
  }

  push(bar: number, leg: number, side: Side, reason: RefusalCode, shares: number, price: number): void {
    if (this.count === this.bar.length) {
      const n = this.count * 2;
      this.bar = grow(this.bar, n);
      this.leg = grow(this.leg, n);
      this.side = grow(this.side, n);
      this.reason = grow(this.reason, n);
      this.shares = grow(this.shares, n);
      this.price = grow(this.price, n);
    }
    const i = this.count++;
    this.bar[i] = bar;
    this.leg[i] = leg;
    this.side[i] = side;
    this.reason[i] = reason;
    this.shares[i] = shares;
    this.price[i] = price;
  }
}
