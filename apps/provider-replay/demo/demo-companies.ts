/**
 * The listed companies the demo providers know: the stocks of the simulator's
 * demo market for the same seed, so announcements, reports and quotes of the
 * demo service describe the same companies.
 */
import { marketTimeOf, yyyymmdd, minuteOfDay } from "../../../core/bars/index.ts";
import { type DemoSecurity, demoUniverse } from "../../tdx-sim/demo/universe.ts";

export class DemoCompanies {
  readonly #byCode = new Map<string, DemoSecurity>();

  constructor(readonly seed: number) {
    for (const s of demoUniverse(seed)) if (s.kind === "stock") this.#byCode.set(s.code, s);
  }

  get(code: string): DemoSecurity | undefined {
    return this.#byCode.get(code);
  }

  all(): IterableIterator<DemoSecurity> {
    return this.#byCode.values();
  }
}

/** Today in Shanghai (YYYYMMDD) and the minute of its day, for an epoch-ms instant. */
export function shanghaiNow(epochMs: number): { ymd: number; minute: number } {
  const t = marketTimeOf(epochMs);
  return { ymd: yyyymmdd(t), minute: minuteOfDay(t) };
}

/** Epoch ms of 00:00 Shanghai on YYYYMMDD (how cninfo stamps a disclosure day). */
export function shanghaiMidnight(ymd: number): number {
  return Date.UTC(Math.floor(ymd / 10000), (Math.floor(ymd / 100) % 100) - 1, ymd % 100) - 8 * 3600_000;
}
