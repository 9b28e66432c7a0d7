/**
 * What a chart draws for a formula, as TDX draws it: every output line with
 * its style (draw-style.ts) and, for signal lines, whether they mean buy or
 * sell (signal-side.ts); and the drawing statements DRAWICON, DRAWTEXT and
 * STICKLINE as the bars they mark. A drawing marks a bar where its condition
 * is valid and non-zero and its price is valid (core/formula/LANGUAGE.md §2: drawing
 * functions skip invalid bars). Needs a plan compiled with `drawings: true`.
 */
import type { CompiledFormula } from "./compile.ts";
import type { OutputStyle } from "./draw-style.ts";
import type { FormulaColumn } from "./evaluate.ts";
import type { ColumnKind } from "./ir.ts";
import { type SignalSide, sideOfIcon, sideOfName } from "./signal-side.ts";

export interface PlotLine {
  readonly name: string;
  readonly kind: ColumnKind;
  readonly style: OutputStyle;
  /** Buy or sell for a signal line named like one (金叉, 买, SELL ...), else null. */
  readonly side: SignalSide | null;
  readonly values: Float64Array;
}

export interface PlotPoint {
  /** Bar index. */
  readonly at: number;
  readonly price: number;
  /** STICKLINE's second price. */
  readonly to?: number;
}

export interface PlotDrawing {
  readonly fn: string;
  readonly name: string | null;
  /** DRAWTEXT's text. */
  readonly text: string | null;
  /** DRAWICON's icon number (on the first marked bar when it varies), else null. */
  readonly icon: number | null;
  /** STICKLINE's width and whether its boxes are hollow. */
  readonly width: number | null;
  readonly empty: boolean | null;
  readonly side: SignalSide | null;
  readonly style: OutputStyle;
  readonly points: readonly PlotPoint[];
}

export interface FormulaPlot {
  readonly lines: readonly PlotLine[];
  readonly drawings: readonly PlotDrawing[];
}

const marked = (cond: Float64Array, i: number) => {
  const v = cond[i]!;
  return Number.isFinite(v) && v !== 0;
};

export function plotFormula(compiled: CompiledFormula, columns: readonly FormulaColumn[]): FormulaPlot {
  const lines = compiled.outputs.map((o, k) => ({
    name: o.name,
    kind: o.kind,
    style: compiled.styles[k]!,
    side: o.kind === "signal" ? sideOfName(o.name) : null,
    values: columns[k]!.values,
  }));
  const drawings = compiled.drawings.map((d): PlotDrawing => {
    const col = (j: number) => columns[d.columns[j]!]!.values;
    const [cond, price] = [col(0), col(1)];
    const points: PlotPoint[] = [];
    const stick = d.fn === "STICKLINE";
    const to = stick ? col(2) : null;
    for (let i = 0; i < cond.length; i++) {
      if (!marked(cond, i) || !Number.isFinite(price[i]!)) continue;
      if (to && !Number.isFinite(to[i]!)) continue;
      points.push(to ? { at: i, price: price[i]!, to: to[i]! } : { at: i, price: price[i]! });
    }
    const first = points[0]?.at ?? 0;
    const at = (j: number) => (cond.length === 0 ? null : col(j)[first]!);
    const icon = d.fn === "DRAWICON" ? at(2) : null;
    const side = d.fn === "STICKLINE" ? null : ((icon !== null ? sideOfIcon(icon) : null) ?? sideOfName(d.name) ?? sideOfName(d.text));
    return {
      fn: d.fn,
      name: d.name,
      text: d.text,
      icon,
      width: stick ? at(3) : null,
      empty: stick ? (at(4) ?? 0) !== 0 : null,
      side,
      style: d.style,
      points,
    };
  });
  return { lines, drawings };
}
