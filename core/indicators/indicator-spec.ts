/**
 * Indicator parameters as users write them. Two forms are accepted:
 *
 * - the TDX call form, positional in the indicator's parameter order:
 *   `"MACD(12,26,9)"`, `"KDJ"` (defaults), `"RSI(6)"` (the rest default);
 *   several may be listed: `"MACD(12,26,9), KDJ; BOLL(20)"`;
 * - the structured form easy_tdx's API uses, by name (any letter case):
 *   `{ MACD: { SHORT: 12, LONG: 26, MID: 9 } }`.
 *
 * When both are given for one indicator, named values override positional
 * ones. Values must be finite and within the parameter's bounds.
 */
export interface IndicatorCall {
  readonly name: string;
  readonly args: readonly number[];
}

/** The parameter facts this module needs (the shape of ports' IndicatorParam). */
export interface ParamDecl {
  readonly name: string;
  readonly default: number;
  readonly min?: number;
  readonly max?: number;
}

/**
 * One problem, located relative to what was parsed: `[]` is the call text
 * itself; in a request, `["indicators", 2]` or `["params", "MACD", "SHORT"]`
 * (the keys as the caller spelled them), so the HTTP edge can point at the
 * offending field.
 */
export interface SpecProblem {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: readonly SpecProblem[] };

const at = (path: readonly (string | number)[], message: string): SpecProblem => ({ path, message });
const under = (prefix: readonly (string | number)[], problems: readonly SpecProblem[]) => problems.map((p) => at([...prefix, ...p.path], p.message));

const CALL = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:\(([^()]*)\))?\s*$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Parses one `NAME` or `NAME(a,b,...)`; the name is returned upper-case. */
export function parseIndicatorCall(text: string): Result<IndicatorCall> {
  const m = CALL.exec(text);
  if (!m) return { ok: false, errors: [at([], `'${text.trim()}' is not of the form NAME or NAME(1,2,...)`)] };
  const name = m[1]!.toUpperCase();
  if (m[2] === undefined || m[2].trim() === "") return { ok: true, value: { name, args: [] } };
  const parts = m[2].split(",").map((p) => p.trim());
  const bad = parts.filter((p) => !NUMBER.test(p));
  if (bad.length > 0) return { ok: false, errors: [at([], `${name}: '${bad[0]}' is not a number`)] };
  return { ok: true, value: { name, args: parts.map(Number) } };
}

/** Splits a list on commas or semicolons outside parentheses and parses each call (problems located by item). */
export function parseIndicatorList(text: string): Result<IndicatorCall[]> {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const ch = text[i];
    if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (i === text.length || ((ch === "," || ch === ";") && depth === 0)) {
      if (text.slice(start, i).trim() !== "") items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  const calls: IndicatorCall[] = [];
  const errors: SpecProblem[] = [];
  items.forEach((item, k) => {
    const r = parseIndicatorCall(item);
    if (r.ok) calls.push(r.value);
    else errors.push(...under([k], r.errors));
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: calls };
}

/**
 * Binds positional and named values to an indicator's parameters, defaults
 * for the rest. Problems with the positional values are located at `[]`,
 * problems with a named value at `[name as given]`.
 */
export function resolveIndicatorParams(
  indicator: string,
  decls: readonly ParamDecl[],
  positional: readonly number[] = [],
  named: Readonly<Record<string, number>> = {},
): Result<Record<string, number>> {
  const errors: SpecProblem[] = [];
  if (positional.length > decls.length) {
    errors.push(at([], `${indicator} takes ${decls.length} parameter${decls.length === 1 ? "" : "s"} (${decls.map((d) => d.name).join(",")}) but was given ${positional.length}`));
  }
  const values: Record<string, number> = {};
  const source = new Map<string, readonly (string | number)[]>();
  decls.forEach((d, i) => {
    values[d.name] = positional[i] ?? d.default;
    source.set(d.name, []);
  });
  for (const [k, v] of Object.entries(named)) {
    const d = decls.find((p) => p.name.toUpperCase() === k.toUpperCase());
    if (!d) errors.push(at([k], `${indicator} has no parameter ${k} (it has ${decls.map((p) => p.name).join(", ") || "none"})`));
    else {
      values[d.name] = v;
      source.set(d.name, [k]);
    }
  }
  for (const d of decls) {
    const v = values[d.name]!;
    const path = source.get(d.name)!;
    if (typeof v !== "number" || !Number.isFinite(v)) errors.push(at(path, `${indicator}.${d.name} must be a finite number`));
    else if ((d.min !== undefined && v < d.min) || (d.max !== undefined && v > d.max)) {
      errors.push(at(path, `${indicator}.${d.name} must be between ${d.min ?? "-∞"} and ${d.max ?? "∞"}, not ${v}`));
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: values };
}

export interface IndicatorRequest {
  readonly id: string;
  readonly params: Record<string, number>;
}

/**
 * Resolves a request's indicator names (each `NAME` or `NAME(...)`) and its
 * optional structured `params` against the known indicators. Problems are
 * located at `["indicators", k]` or `["params", NAME, PARAM]` (as given);
 * an indicator listed twice is one, since its columns would collide.
 */
export function resolveIndicatorRequests(
  indicators: readonly string[],
  params: Readonly<Record<string, Readonly<Record<string, number>>>> | undefined,
  lookup: (id: string) => { readonly params: readonly ParamDecl[] } | undefined,
): Result<IndicatorRequest[]> {
  const errors: SpecProblem[] = [];
  const requests: IndicatorRequest[] = [];
  const named = new Map(Object.entries(params ?? {}).map(([k, v]) => [k.toUpperCase(), { key: k, values: v }]));
  const mentioned = new Set<string>();
  indicators.forEach((text, k) => {
    const call = parseIndicatorCall(text);
    if (!call.ok) {
      errors.push(...under(["indicators", k], call.errors));
      return;
    }
    const { name, args } = call.value;
    if (mentioned.has(name)) {
      errors.push(at(["indicators", k], `${name} is requested twice (its columns would collide); list it once`));
      return;
    }
    mentioned.add(name);
    const found = lookup(name);
    if (!found) {
      errors.push(at(["indicators", k], `unknown indicator ${name}`));
      return;
    }
    const given = named.get(name);
    const r = resolveIndicatorParams(name, found.params, args, given?.values);
    if (r.ok) requests.push({ id: name, params: r.value });
    else {
      for (const p of r.errors) {
        errors.push(p.path.length === 0 ? at(["indicators", k], p.message) : at(["params", given!.key, ...p.path], p.message));
      }
    }
  });
  for (const [k, { key }] of named) {
    if (!mentioned.has(k)) errors.push(at(["params", key], `params given for ${key}, which is not among the requested indicators`));
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: requests };
}
