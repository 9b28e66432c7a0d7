/**
 * `tdx-forge/formula`: the TDX formula engine (core/formula): parse, validate,
 * compile and evaluate formula text on a bar series, and read a formula's
 * signal columns as entry/exit flags for a backtest (core/backtest/formula-signals.ts).
 */
export * from "../../core/formula/index.ts";
export { compileSignalFormula, formulaColumns, formulaSignals, type SignalFormula, type SignalFormulaCheck, type SignalFormulaIssue } from "../../core/backtest/index.ts";
