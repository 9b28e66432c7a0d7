/**
 * Bound on a formula parameter's value (TDX keeps parameters such as N beside
 * the text). Kernels already clamp window lengths to the series, so the bound
 * only keeps every request number finite and documented (issue 15); a billion
 * is beyond any period or threshold a formula uses.
 */
export const FORMULA_PARAM_LIMIT = 1e9;
