/**
 * Signal combination against a second, plainly written reading of easy_tdx's
 * backtest/combo.py (extract_factor_signals through the member's position,
 * combine_masks with numpy's `sum > n / 2` for MAJORITY, _ComboStrategy's
 * buy-if-flat-else-sell-if-held), on random flags.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { combineSignals, positionGated, quorum } from "../../../core/backtest/combine-signals.ts";

const flagsArb = (n: number) => fc.array(fc.integer({ min: 0, max: 1 }), { minLength: n, maxLength: n }).map((a) => Uint8Array.from(a));
const membersArb = fc
  .tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 60 }))
  .chain(([m, n]) => fc.array(fc.record({ entries: flagsArb(n), exits: flagsArb(n) }), { minLength: m, maxLength: m }));

/** The member's BUY/SELL as easy_tdx's strategies emit them (buy when flat, elif sell when holding). */
function emitted(s: { entries: Uint8Array; exits: Uint8Array }) {
  let size = 0;
  const buy: boolean[] = [];
  const sell: boolean[] = [];
  for (let i = 0; i < s.entries.length; i++) {
    let b = false;
    let x = false;
    if (s.entries[i] && size === 0) b = true;
    else if (s.exits[i] && size > 0) x = true;
    buy.push(b);
    sell.push(x);
    if (b) size = 100;
    if (x) size = 0;
  }
  return { buy, sell };
}

test("easy_tdx's rule: votes per bar, MAJORITY above n/2, a double signal buys when flat and sells when held", () => {
  fc.assert(
    fc.property(membersArb, fc.constantFrom("AND", "MAJORITY", "OR"), (members, mode) => {
      const masks = members.map(emitted);
      const n = members[0]!.entries.length;
      const threshold = masks.length / 2;
      const fire = (votes: number) => (mode === "AND" ? votes === masks.length : mode === "OR" ? votes >= 1 : votes > threshold);
      const got = combineSignals(members, mode);
      let size = 0;
      for (let i = 0; i < n; i++) {
        const buy = fire(masks.filter((m) => m.buy[i]).length);
        const sell = fire(masks.filter((m) => m.sell[i]).length);
        // what the engine is asked: an entry where the combo strategy would buy or ask to buy, an exit where it would sell
        const wantEntry = buy && (!sell || size === 0);
        const wantExit = sell && (!buy || size > 0);
        assert.equal(got.entries[i], wantEntry ? 1 : 0, `bar ${i} entry`);
        assert.equal(got.exits[i], wantExit ? 1 : 0, `bar ${i} exit`);
        if (wantEntry) size = 100;
        else if (wantExit) size = 0;
      }
    }),
    { numRuns: 300 },
  );
});

test("MAJORITY: 2 of 2, 2 of 3, 3 of 4; AND and OR as named", () => {
  assert.deepEqual(
    [1, 2].map((k) => quorum("MAJORITY", k, 2)),
    [false, true],
  );
  assert.deepEqual(
    [1, 2].map((k) => quorum("MAJORITY", k, 3)),
    [false, true],
  );
  assert.deepEqual(
    [2, 3].map((k) => quorum("MAJORITY", k, 4)),
    [false, true],
  );
  assert.deepEqual(
    [0, 1, 3].map((k) => quorum("OR", k, 3)),
    [false, true, true],
  );
  assert.deepEqual(
    [2, 3].map((k) => quorum("AND", k, 3)),
    [false, true],
  );
});

test("a member read through its position alternates buy, sell, buy …", () => {
  fc.assert(
    fc.property(membersArb, (members) => {
      const g = positionGated(members[0]!);
      const events = [...g.entries.keys()].flatMap((i) => [...(g.entries[i] ? ["B"] : []), ...(g.exits[i] ? ["S"] : [])]);
      events.forEach((e, k) => assert.equal(e, k % 2 === 0 ? "B" : "S", `event ${k}`));
    }),
  );
});

test("a combination of no members is refused", () => {
  assert.throws(() => combineSignals([], "OR"), /^RangeError: a combination needs at least one member$/);
});
