/**
 * Drawing and text functions (core/formula/LANGUAGE.md §3.11). They are parsed and
 * type-checked so a pasted indicator validates, but produce no column.
 * DRAWTEXT, DRAWICON and STICKLINE are drawn (plot.ts); the validation result
 * lists the others as ignored. DRAWLINE joins a bar to a later one, so it
 * counts as a future function.
 */
import { constant, series, text, value, type ArgSpec, type FunctionSpec } from "./spec.ts";

function drawing(name: string, args: readonly ArgSpec[], extra: Partial<FunctionSpec> = {}): FunctionSpec {
  return { name, args, returns: "drawing", ...extra };
}

export const drawingFunctions: readonly FunctionSpec[] = [
  drawing("DRAWTEXT", [series("COND"), series("PRICE"), text("TEXT")]),
  drawing("DRAWTEXT_FIX", [series("COND"), series("X"), series("Y"), series("TYPE"), text("TEXT")]),
  drawing("DRAWICON", [series("COND"), series("PRICE"), value("ICON")]),
  drawing("DRAWNUMBER", [series("COND"), series("PRICE"), series("NUMBER")]),
  drawing("DRAWNUMBER_FIX", [series("COND"), series("X"), series("Y"), series("TYPE"), series("NUMBER")]),
  drawing("STICKLINE", [series("COND"), series("PRICE1"), series("PRICE2"), value("WIDTH"), value("EMPTY")]),
  drawing("DRAWLINE", [series("COND1"), series("PRICE1"), series("COND2"), series("PRICE2"), value("EXPAND")], {
    future: true,
  }),
  drawing("POLYLINE", [series("COND"), series("PRICE")]),
  drawing("PARTLINE", [series("PRICE"), series("COND"), value("COLOR")], { minArgs: 2, variadic: true }),
  drawing("DRAWKLINE", [series("HIGH"), series("OPEN"), series("LOW"), series("CLOSE")]),
  drawing("DRAWBAND", [series("VAL1"), value("COLOR1"), series("VAL2"), value("COLOR2")]),
  drawing("DRAWGBK", [series("COND"), value("COLOR")], { minArgs: 1, variadic: true }),
  drawing("DRAWSL", [series("COND"), series("PRICE"), series("SLOPE"), value("LEN"), value("DIRECT")]),
  drawing("FILLRGN", [series("VAL1"), series("VAL2"), series("COND"), value("COLOR")], { minArgs: 2, variadic: true }),
  { name: "STRCAT", args: [text("A"), text("B")], returns: "text" },
  { name: "CON2STR", args: [series("X"), constant("N")], returns: "text" },
  { name: "VAR2STR", args: [series("X"), constant("N")], returns: "text" },
];
