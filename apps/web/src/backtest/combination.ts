/**
 * The combination strategy as the web forms edit it (the server's rule is in
 * plugins/strategies/combination.ts): `members` is a comma-separated list of
 * 2–8 distinct strategy ids, `mode` AND / MAJORITY / OR, and a member's
 * parameter is the flat key `<member>.<param>`; a parameter left out takes the
 * member's default on the server.
 */
import type { ParamValue, Params } from "../api/backtest-types.ts";

export const COMBINATION = "combination";
export const COMBO_MODES = ["AND", "MAJORITY", "OR"] as const;
export const MIN_MEMBERS = 2;
export const MAX_MEMBERS = 8;

export const membersOf = (params: Readonly<Params>): string[] =>
  String(params.members ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** `params` with these members: parameters of members no longer listed are dropped. */
export function withMembers(params: Readonly<Params>, members: readonly string[]): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(params)) {
    // ids may hold dots themselves: a key belongs to the member it starts with
    if (!k.includes(".") || members.some((m) => k.startsWith(`${m}.`))) out[k] = v;
  }
  out.members = members.join(",");
  return out;
}

/** The member parameters among `given` (dotted keys with a value), kept by the generic form. */
export function memberValues(given: Readonly<Record<string, unknown>>): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(given)) {
    if (k.includes(".") && (typeof v === "number" || typeof v === "string" || typeof v === "boolean")) out[k] = v as ParamValue;
  }
  return out;
}
