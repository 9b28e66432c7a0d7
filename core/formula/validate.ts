/**
 * The validation report the HTTP layer returns. Field names follow easy_tdx's
 * FormulaValidateResponse (`ok`, `signals`, `values`, `error`) so its clients
 * keep working, with the richer fields added beside them.
 */
import { compileFormula, type CompileOptions } from "./compile.ts";
import { type Diagnostic, formatDiagnostic } from "./diagnostics.ts";

export interface FormulaValidation {
  readonly ok: boolean;
  /** All errors as one line each, joined by newlines; null when ok (easy_tdx's field). */
  readonly error: string | null;
  readonly errors: readonly Diagnostic[];
  /** Non-fatal notes: future functions, unknown style words, "no output". */
  readonly warnings: readonly Diagnostic[];
  readonly outputs: readonly { readonly name: string; readonly kind: "signal" | "numeric" }[];
  /** Names of signal outputs (easy_tdx's field). */
  readonly signals: readonly string[];
  /** Names of numeric outputs (easy_tdx's field). */
  readonly values: readonly string[];
  readonly ignored: readonly string[];
  readonly future_functions: readonly string[];
  readonly params: readonly { readonly name: string; readonly value: number | null }[];
}

export function validateFormula(text: string, options: CompileOptions = {}): FormulaValidation {
  const c = compileFormula(text, options);
  return {
    ok: c.ok,
    error: c.ok ? null : c.errors.map(formatDiagnostic).join("\n"),
    errors: c.errors,
    warnings: c.warnings,
    outputs: c.outputs,
    signals: c.outputs.filter((o) => o.kind === "signal").map((o) => o.name),
    values: c.outputs.filter((o) => o.kind === "numeric").map((o) => o.name),
    ignored: c.ignored,
    future_functions: c.futureFunctions,
    params: c.params,
  };
}
