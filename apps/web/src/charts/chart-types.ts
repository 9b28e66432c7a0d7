/** The chart-neutral description of what a K-line chart shows; option builders turn it into ECharts options. */

export interface ChartLine {
  readonly name: string;
  /** One value per bar (null where undefined). */
  readonly values: readonly (number | null)[];
  /** `bar` draws columns; `signed-bar` colours them by sign (MACD histogram). */
  readonly kind?: "line" | "bar" | "signed-bar";
}

export interface ChartPane {
  readonly title: string;
  readonly lines: readonly ChartLine[];
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
}

/** A backtest fill (or a refused fill attempt) drawn on its bar at its price. */
export interface TradeMark {
  readonly time: string;
  readonly price: number;
  readonly side: "buy" | "sell";
  readonly label: string;
  readonly rejected: boolean;
}
