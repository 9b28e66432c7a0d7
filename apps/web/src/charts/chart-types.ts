/** The chart-neutral description of what a K-line chart shows; option builders turn it into ECharts options. */

export interface ChartLine {
  readonly name: string;
  /** One value per bar (null where undefined). */
  readonly values: readonly (number | null)[];
  /**
   * `bar` draws columns coloured as the candle (VOLSTICK); `signed-bar` red
   * above 0 and green below (COLORSTICK, MACD's histogram); `stick` columns
   * from 0 in the line's colour (STICK); `dots` one dot per bar (POINTDOT);
   * `boxes` a box per bar from `values` to `to` (STICKLINE).
   */
  readonly kind?: "line" | "bar" | "signed-bar" | "stick" | "dots" | "boxes";
  /** The formula's own drawing (TDX style words); absent: the chart's next colour, 1 px solid. */
  readonly color?: string;
  readonly width?: number;
  readonly dash?: "solid" | "dotted" | "dashed";
  /** `boxes`: the other end of each box, and whether boxes are hollow. */
  readonly to?: readonly (number | null)[];
  readonly hollow?: boolean;
}

export interface ChartPane {
  readonly title: string;
  readonly lines: readonly ChartLine[];
  /** Marks at their price on this pane's scale (a formula's DRAWICON/DRAWTEXT on an oscillator). */
  readonly marks?: readonly SignalMark[];
}

export interface ChanPivotBox {
  readonly from: string;
  readonly to: string;
  readonly high: number;
  readonly low: number;
  readonly sure: boolean;
}

export interface ChanMark {
  readonly time: string;
  readonly price: number;
  readonly buy: boolean;
  readonly label: string;
}

export interface ChanLayers {
  /** Polyline vertices `[time, price]`. */
  readonly strokes: readonly (readonly [string, number])[];
  readonly segments: readonly (readonly [string, number])[];
  readonly pivots: readonly ChanPivotBox[];
  readonly points: readonly ChanMark[];
}

export interface SignalMark {
  readonly time: string;
  readonly name: string;
  /** A buy is a red ▲ below the bar, a sell a green ▼ above; neither: a dot in `color` at `price` (or above the bar). */
  readonly side?: "buy" | "sell" | null;
  /** Where the mark sits (DRAWICON/DRAWTEXT's price); default the bar's low for a buy, its high otherwise. */
  readonly price?: number;
  /** Text drawn at the mark (DRAWTEXT) instead of a symbol. */
  readonly text?: string;
  readonly color?: string;
}

/** A backtest fill (or a refused fill attempt) drawn on its bar at its price. */
export interface TradeMark {
  readonly time: string;
  readonly price: number;
  readonly side: "buy" | "sell";
  readonly label: string;
  readonly rejected: boolean;
}
