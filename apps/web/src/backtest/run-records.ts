/**
 * The runs this browser submitted, by task id: a task's state says how it
 * ended but not what was asked (strategy, parameters, symbol, settings), and
 * the result page needs that to save the run to the library, to rerun it, and
 * to fetch the bars its K-line draws. Kept in localStorage, newest first,
 * bounded.
 */
import { persisted } from "../app/prefs.ts";
import type { RunSpec } from "./run-spec.ts";

const KEEP = 100;

interface Entry {
  readonly id: string;
  readonly spec: RunSpec;
}

const isEntries = (v: unknown): v is Entry[] => Array.isArray(v) && v.every((e) => typeof e === "object" && e !== null && typeof e.id === "string" && typeof e.spec === "object" && e.spec !== null);

const entries = persisted<Entry[]>("tf.backtest.runs", [], isEntries);

export function rememberRun(id: string, spec: RunSpec): void {
  entries.value = [{ id, spec }, ...entries.value.filter((e) => e.id !== id)].slice(0, KEEP);
}

export const recallRun = (id: string): RunSpec | null => entries.value.find((e) => e.id === id)?.spec ?? null;
