/**
 * Whether a signal means buy or sell, so it is drawn as TDX users expect: a
 * buy is a red ▲ below the bar, a sell a green ▼ above it.
 *
 * - A signal line or a DRAWTEXT/DRAWICON statement is read by its name (or
 *   DRAWTEXT's text): 金叉, 买, 多, 进, 底, B/BUY/LONG mean buy; 死叉, 卖, 空,
 *   出, 顶, S/SELL/SHORT mean sell. A sell word wins over a buy word in the same
 *   name only when it comes first ("卖出信号" is sell, "买" alone is buy).
 * - DRAWICON's icon number decides before the name: TDX's icon 1 is the red
 *   up arrow and icon 2 the green down arrow.
 * Anything else is neutral (null) and drawn in the line's own colour.
 */
export type SignalSide = "buy" | "sell";

const BUY = /金叉|买|多|进场|入场|建仓|抄底|底|^B(UY)?(\b|_|\d|$)|^LONG|^ENTRY/i;
const SELL = /死叉|卖|空|出场|离场|清仓|逃顶|顶|^S(ELL)?(\b|_|\d|$)|^SHORT|^EXIT/i;

export function sideOfName(name: string | null): SignalSide | null {
  if (!name) return null;
  const b = BUY.exec(name);
  const s = SELL.exec(name);
  if (b && s) return s.index < b.index ? "sell" : "buy";
  return b ? "buy" : s ? "sell" : null;
}

/** TDX's icon 1 (red up arrow) is a buy and icon 2 (green down arrow) a sell. */
export function sideOfIcon(icon: number): SignalSide | null {
  return icon === 1 ? "buy" : icon === 2 ? "sell" : null;
}
