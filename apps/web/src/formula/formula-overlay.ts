/** The formula the editor sent to the symbol page, drawn over every symbol until removed. */
import { persisted } from "../app/prefs.ts";

export interface FormulaOverlay {
  readonly text: string;
  readonly params: Readonly<Record<string, number>>;
}

const isOverlay = (v: unknown): v is FormulaOverlay | null =>
  v === null || (typeof v === "object" && typeof (v as FormulaOverlay).text === "string" && typeof (v as FormulaOverlay).params === "object");

export const formulaOverlay = persisted<FormulaOverlay | null>("tf.formulaOverlay", null, isOverlay);
