/**
 * Whether a signal means buy or sell, so it is drawn as TDX users expect: a
 * buy is a red ▲ below the bar, a sell a green ▼ above it.
 *
 * - A signal line or a DRAWTEXT/DRAWICON statement is read by its name (or
 *   DRAWTEXT's text): 金叉, 买, 多, 进, 底, B/BUY/LONG mean buy; 死叉, 卖, 空,
 *   出, 顶, S/SELL/SHORT mean sell. A sell word wins over a buy word in the same
 *   name only when it comes first ("卖出信号" is sell, "买" alone is buy).
 * - DRAWICON's icon number decides before the name (ICONS below).
 * Anything else is neutral (null) and drawn in the line's own colour.
 *
 * TDX's icons by number. TDX's help for DRAWICON says only "画TYPE号图标
 * (TYPE为1--41)", with DRAWICON(CLOSE>OPEN,LOW,1) as its example; the pictures
 * are in its formula editor's icon picker. The numbers used here follow
 * HQChart (github.com/jones2000/HQChart), which reproduces TDX's icons for its
 * TDX-compatible formula engine, in webhqchart.demo/jscommon/umychart.complier.js
 * (commit 029abea, 2026-07-09): `g_JSComplierResource.DrawIcon` draws 1 as an
 * up arrow in red (rgb(243,28,15)) and 2 as a down arrow in green
 * (rgb(87,247,41)); its character stand-ins (`GetDrawTextIcon`) are 1 red ↑,
 * 2 green ↓, 7 red "B", 8 green "S", 13 red "B", 14 green "S", 38 red ▲ and
 * 39 green ▼. Those red up/B icons are buys and the green down/S icons sells;
 * every other picture (faces, money bag, hands, crosses, pins, medals …) says
 * nothing about a side.
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

const ICONS: ReadonlyMap<number, SignalSide> = new Map([
  [1, "buy"],
  [2, "sell"],
  [7, "buy"],
  [8, "sell"],
  [13, "buy"],
  [14, "sell"],
  [38, "buy"],
  [39, "sell"],
]);

/** The side a TDX icon number shows: red ↑/B/▲ buy, green ↓/S/▼ sell, any other picture none. */
export function sideOfIcon(icon: number): SignalSide | null {
  return ICONS.get(icon) ?? null;
}
