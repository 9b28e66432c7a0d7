/**
 * Sina `getFinanceReport2022` answers → report periods (adapters/external/README.md §2).
 * Values are decimal strings ("8357282726.530000") or null; `item_tongbi` is a
 * fraction, or "" when there is none. Both `null` and "" mean missing, never 0.
 * Status 0 with `data: null` is how Sina answers a code it has no statements
 * for (the recorded HK case): the provider answered correctly that it does not
 * know the code, so that is a 404 (adapters/http/DECISIONS.md "Errors": 404 for an
 * unknown security where the source can tell), not an empty table nor a 502. Its
 * detail names the code, never the provider: the API's path word is the neutral
 * `finsrc`.
 */
import type { StatementItem, StatementPeriod } from "../../../ports/external-data.ts";
import { isRecord } from "../http/provider-json.ts";
import { ProviderError } from "../provider-errors.ts";
import { NotFoundError } from "../../../core/app/app-errors.ts";

const PROVIDER = "sina";

/** "6xxxxx" → sh, everything else sz (BSE codes are asked with sz, per a public adapter). */
export function paperCode(code: string): string {
  return `${code.startsWith("6") ? "sh" : "sz"}${code}`;
}

function decimal(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v !== "string" || v.trim() === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

function item(raw: unknown): StatementItem | undefined {
  if (!isRecord(raw) || typeof raw.item_title !== "string" || raw.item_title === "") return undefined;
  return {
    field: typeof raw.item_field === "string" ? raw.item_field : "",
    title: raw.item_title,
    value: decimal(raw.item_value),
    yoy: decimal(raw.item_tongbi),
  };
}

const periodOf = (key: string) => (/^\d{8}$/.test(key) ? `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6)}` : key);

/** The latest `num` periods, newest first. */
export function parseFinanceReport(json: unknown, paper: string, num: number): StatementPeriod[] {
  const result = isRecord(json) ? json.result : undefined;
  if (!isRecord(result)) throw new ProviderError(PROVIDER, "sina answered without a result object");
  const status = isRecord(result.status) ? result.status : {};
  if (status.code !== 0) {
    throw new ProviderError(PROVIDER, `sina answered status ${JSON.stringify(status.code ?? null)}${typeof status.msg === "string" ? `: ${status.msg}` : ""}`);
  }
  if (result.data === null || result.data === undefined) {
    throw new NotFoundError(`Unknown security ${paper.replace(/^[a-z]+/, "")}: the finance provider has no statements for it (not an A-share, or no such code)`);
  }
  const list = isRecord(result.data) ? result.data.report_list : undefined;
  if (!isRecord(list)) throw new ProviderError(PROVIDER, `sina answered for ${paper} without a report_list`);
  const keys = Object.keys(list).sort().reverse().slice(0, num);
  if (keys.length === 0) throw new ProviderError(PROVIDER, `sina sent an empty report_list for ${paper}`);
  return keys.map((k) => {
    const p = list[k];
    const items = isRecord(p) && Array.isArray(p.data) ? p.data : [];
    return { period: periodOf(k), items: items.map(item).filter((x): x is StatementItem => x !== undefined) };
  });
}
