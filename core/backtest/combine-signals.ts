/**
 * Signal combination, as easy_tdx's CombinationRunner defines it
 * (backtest/combo.py: `extract_factor_signals`, `combine_masks`, `_ComboStrategy`).
 *
 * 1. Each member's flags are read as easy_tdx extracts a factor's signals: through
 *    the member's own position (an entry counts only while the member is flat and
 *    opens it; an exit counts only while it holds and closes it; on a bar with both
 *    the one that applies wins), so a level condition such as "close ≤ lower band"
 *    is one buy, not one per bar. Crossings alternate already and pass unchanged.
 * 2. Entries and exits are combined independently, bar by bar, by counting the
 *    members that fire (k of n):
 *    - AND: all members (k = n);
 *    - OR: any member (k ≥ 1);
 *    - MAJORITY: more than half (2k > n, strict: with an even count a tie is not a
 *      majority, so two members need both — MAJORITY of 2 is AND — and four need three).
 * 3. A bar where the combined entry and exit both fire resolves as easy_tdx's combo
 *    strategy does: it buys when flat and sells when held (the position the combined
 *    flags have asked for so far). Other bars pass as combined, for the engine.
 */
import type { SignalArrays } from "./kernel.ts";

export const COMBINATION_MODES = ["AND", "MAJORITY", "OR"] as const;
export type CombinationMode = (typeof COMBINATION_MODES)[number];

/** A member's flags through its own position (step 1). */
export function positionGated(s: SignalArrays): SignalArrays {
  const n = s.entries.length;
  const entries = new Uint8Array(n);
  const exits = new Uint8Array(n);
  let held = false;
  for (let i = 0; i < n; i++) {
    if (!held && s.entries[i] === 1) {
      entries[i] = 1;
      held = true;
    } else if (held && s.exits[i] === 1) {
      exits[i] = 1;
      held = false;
    }
  }
  return { entries, exits };
}

/** Whether `k` of `n` members firing fires the combination (step 2; integers, no rounding). */
export function quorum(mode: CombinationMode, k: number, n: number): boolean {
  if (mode === "AND") return k === n;
  if (mode === "OR") return k >= 1;
  return 2 * k > n;
}

/** The combined flags of the members' flags (all of one length, at least one member). */
export function combineSignals(members: readonly SignalArrays[], mode: CombinationMode): SignalArrays {
  if (members.length === 0) throw new RangeError("a combination needs at least one member");
  const gated = members.map(positionGated);
  const n = gated[0]!.entries.length;
  const entries = new Uint8Array(n);
  const exits = new Uint8Array(n);
  let held = false;
  for (let i = 0; i < n; i++) {
    let buys = 0;
    let sells = 0;
    for (const g of gated) {
      buys += g.entries[i]!;
      sells += g.exits[i]!;
    }
    const entry = quorum(mode, buys, gated.length);
    const exit = quorum(mode, sells, gated.length);
    if (entry && exit) {
      if (held) exits[i] = 1;
      else entries[i] = 1;
    } else {
      entries[i] = entry ? 1 : 0;
      exits[i] = exit ? 1 : 0;
    }
    if (entries[i]) held = true;
    else if (exits[i]) held = false;
  }
  return { entries, exits };
}
