/**
 * The targets of issue 22, each printed after the run with its measured figure,
 * the peer's figure from the same run and whether it is met. A bench file
 * registers a target with a function that reads the run's results (medians of
 * mitata's samples, by bench name) or figures it measured itself; `run.ts`
 * prints a table of every bench's mean and median, then the targets.
 */
import type { run } from "mitata";

type Trial = Awaited<ReturnType<typeof run>>["benchmarks"][number];

/** Median and mean in milliseconds of each bench of the run, by name. */
export class Results {
  readonly #stats = new Map<string, { p50: number; avg: number; samples: number }>();

  constructor(trials: readonly Trial[]) {
    for (const t of trials) {
      for (const r of t.runs) if (r.stats) this.#stats.set(r.name, { p50: r.stats.p50 / 1e6, avg: r.stats.avg / 1e6, samples: r.stats.samples.length });
    }
  }

  /** Median ms of bench `name` (throws when it did not run). */
  median(name: string): number {
    const s = this.#stats.get(name);
    if (!s) throw new Error(`no bench named ${JSON.stringify(name)} in this run`);
    return s.p50;
  }

  table(): string {
    const rows = [...this.#stats].map(([name, s]) => `${fmtMs(s.p50).padStart(12)} ${fmtMs(s.avg).padStart(12)}  ${name}`);
    return [`${"median".padStart(12)} ${"mean".padStart(12)}  bench`, ...rows].join("\n");
  }
}

export interface Verdict {
  /** Our figure, with its unit. */
  readonly measured: string;
  /** The peer's figure from the same run (or what the target compares against). */
  readonly peer: string;
  readonly met: boolean;
}

const targets: { readonly name: string; readonly judge: (r: Results) => Verdict }[] = [];

/** Registers a target; `judge` runs after the benches, with their results. */
export function target(name: string, judge: (r: Results) => Verdict): void {
  targets.push({ name, judge });
}

/** Median of samples (ms). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

export function fmtMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 1) return `${ms.toFixed(ms >= 100 ? 0 : 2)} ms`;
  return `${(ms * 1000).toFixed(1)} µs`;
}

export function fmtRatio(x: number): string {
  return `${x >= 10 ? x.toFixed(0) : x.toFixed(1)}×`;
}

/** The targets' table: one line each (a target whose figures are missing says why). */
export function targetTable(r: Results): string {
  const lines = ["issue 22 targets (medians; the peer measured in the same run):"];
  for (const t of targets) {
    try {
      const v = t.judge(r);
      lines.push(`  ${v.met ? "MET    " : "NOT MET"}  ${t.name}: ${v.measured}  (peer: ${v.peer})`);
    } catch (e) {
      lines.push(`  ?        ${t.name}: not measured (${(e as Error).message})`);
    }
  }
  return lines.join("\n");
}
