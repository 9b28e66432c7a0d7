/**
 * How an output line is drawn, read from its style words as TDX writes them
 * (core/formula/LANGUAGE.md §1.6): colours (named, or COLOR + six hex digits in
 * BBGGRR order, so COLOR0000FF is red), LINETHICKn, the plot form (STICK,
 * COLORSTICK: red bars above 0 and green below as MACD's histogram, VOLSTICK,
 * LINESTICK, POINTDOT, CROSSDOT, CIRCLEDOT), the line pattern (DOTLINE,
 * DASHLINE) and NODRAW. Later words win, as in TDX; words that change no
 * drawing (ALIGNn, NOTEXT ...) are left out.
 */
import type { StyleWord } from "./ast.ts";

export type PlotForm = "line" | "stick" | "colorstick" | "volstick" | "linestick" | "pointdot" | "crossdot" | "circledot" | "none";

export interface OutputStyle {
  readonly plot: PlotForm;
  readonly line: "solid" | "dotted" | "dashed";
  /** `#rrggbb`, or null for the chart's next series colour. */
  readonly color: string | null;
  /** LINETHICKn (0 hides the line), null when not given. */
  readonly thick: number | null;
}

/** TDX's named colours: the Windows 16-colour palette, as HQChart maps them. */
const NAMED: Readonly<Record<string, string>> = {
  COLORRED: "#ff0000",
  COLORGREEN: "#00ff00",
  COLORBLUE: "#0000ff",
  COLORYELLOW: "#ffff00",
  COLORWHITE: "#ffffff",
  COLORBLACK: "#000000",
  COLORGRAY: "#808080",
  COLORMAGENTA: "#ff00ff",
  COLORCYAN: "#00ffff",
  COLORBROWN: "#808000",
  COLORLIRED: "#ff8080",
  COLORLIGREEN: "#80ff80",
  COLORLIBLUE: "#8080ff",
  COLORLIGRAY: "#c0c0c0",
  COLORLICYAN: "#80ffff",
  COLORLIMAGENTA: "#ff80ff",
};

const FORMS: Readonly<Record<string, PlotForm>> = {
  STICK: "stick",
  COLORSTICK: "colorstick",
  VOLSTICK: "volstick",
  LINESTICK: "linestick",
  POINTDOT: "pointdot",
  CROSSDOT: "crossdot",
  CIRCLEDOT: "circledot",
  NODRAW: "none",
};

const HEX = /^COLOR([0-9A-F]{2})([0-9A-F]{2})([0-9A-F]{2})$/;
const THICK = /^LINETHICK([0-9])$/;

/** A colour word (`COLORRED`, `COLOR0000FF`) as `#rrggbb`, or null for any other word. */
export function colorOf(word: string): string | null {
  const u = word.toUpperCase();
  const named = NAMED[u];
  if (named) return named;
  const hex = HEX.exec(u);
  return hex ? `#${hex[3]}${hex[2]}${hex[1]}`.toLowerCase() : null;
}

/** True for the words `styleOf` reads (a chart draws them); ALIGNn, FONTSIZEnn, NOTEXT ... are not. */
export function isDrawnStyle(word: string): boolean {
  const u = word.toUpperCase();
  return u in FORMS || u === "DOTLINE" || u === "DASHLINE" || THICK.test(u) || colorOf(u) !== null;
}

export function styleOf(words: readonly StyleWord[]): OutputStyle {
  let plot: PlotForm = "line";
  let line: OutputStyle["line"] = "solid";
  let color: string | null = null;
  let thick: number | null = null;
  for (const w of words) {
    const u = w.name.toUpperCase();
    const form = FORMS[u];
    if (form) plot = form;
    else if (u === "DOTLINE") line = "dotted";
    else if (u === "DASHLINE") line = "dashed";
    else {
      const t = THICK.exec(u);
      if (t) thick = Number(t[1]);
      else color = colorOf(u) ?? color;
    }
  }
  return { plot, line, color, thick };
}
