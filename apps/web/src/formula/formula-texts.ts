/**
 * The formula checker's messages in the chosen language: each diagnostic
 * comes with its code and values (core/formula/formula-messages.ts), said here
 * from `formula.err.<code>`. Values that are words get theirs: what was found
 * (`formula.found.<kind>`), why a character is wrong (`formula.hint.<char>`),
 * the data a function needs (`formula.needs.<kind>`) and why an argument is
 * out of its domain (`formula.problem.<code>`).
 */
import type { FormulaDiagnostic, FormulaValidation } from "../api/types.ts";
import { t, tOr } from "../app/i18n.ts";
import type { MessageKey } from "../app/messages.ts";
import type { Diagnostic } from "./diagnostic-marks.ts";

export function diagnosticText(d: FormulaDiagnostic): string {
  const key = `formula.err.${d.code}`;
  if (!d.code || tOr(key, "") === "") return d.message;
  const p: Record<string, string | number> = { ...d.params };
  if (p.found_kind !== undefined) p.found = t(`formula.found.${p.found_kind}` as MessageKey, { text: String(p.found_text ?? "") });
  if (p.char !== undefined && p.hint !== undefined) p.hint = tOr(`formula.hint.${p.char}`, String(p.hint));
  if (p.needs_kind !== undefined) p.needs = tOr(`formula.needs.${p.needs_kind}`, String(p.needs));
  if (p.problem_code !== undefined) p.problem = tOr(`formula.problem.${p.problem_code}`, String(p.problem));
  return t(key as MessageKey, p);
}

/** Errors, then warnings, as editor marks with their text in the chosen language. */
export function diagnosticsOf(check: Pick<FormulaValidation, "errors" | "warnings"> | null | undefined): Diagnostic[] {
  return [
    ...(check?.errors ?? []).map((d) => ({ ...d, message: diagnosticText(d), severity: "error" as const })),
    ...(check?.warnings ?? []).map((d) => ({ ...d, message: diagnosticText(d), severity: "warning" as const })),
  ];
}
