/**
 * The harness's bar series keep the A-share rules, checked against a second,
 * plain statement of them written here from the exchanges' published rules (not
 * core's table): limits of ±10 % on the main board (ST ±5 % until 2025-07-06,
 * then ±10 %), ChiNext ±10 % (ST ±5 %) before its 2020-08-24 reform and ±20 %
 * from it, STAR ±20 %, Beijing ±30 %; limit prices are the previous close (or
 * the ex-rights reference price) times 1 ± the limit, rounded half-up to the
 * 0.01 tick; the reference price after a cash dividend c and b bonus shares per
 * 10 is (P − c/10) / (1 + b/10). Every generated case must also show up:
 * limit days, suspensions, ex-dates, ST and every board.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { barSeries, listedSecurity, type MarketBars } from "tdx-forge/testing";

const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

function limitPct(board: string, st: boolean, t: number): number {
  if (board === "bj") return 30;
  if (board === "star") return 20;
  if (board === "chinext") return t >= day(2020, 8, 24) ? 20 : st ? 5 : 10;
  return st && t < day(2025, 7, 7) ? 5 : 10;
}

/** Cents of a price on the 0.01 grid (fails when it is off the grid). */
function cents(p: number): number {
  const c = Math.round(p * 100);
  assert.ok(Math.abs(p * 100 - c) < 1e-6, `${p} is on the 0.01 tick`);
  return c;
}

/** Limit price in cents: half-up rounding of prev × (100 ± pct) / 100, in integers. */
const limitCents = (prevCents: number, pct: number, sign: 1 | -1) => Math.floor((prevCents * (100 + sign * pct) + 50) / 100);

function checkBars(s: MarketBars): void {
  let prev = NaN;
  for (let i = 0; i < s.length; i++) {
    const [o, h, l, c] = [s.open[i]!, s.high[i]!, s.low[i]!, s.close[i]!].map(cents) as [number, number, number, number];
    assert.ok(l <= Math.min(o, c) && Math.max(o, c) <= h && l >= 1, "low ≤ open, close ≤ high, positive");
    assert.equal(s.vol[i]! % 100, 0, "volume in lots of 100 shares");
    const t = s.time[i]!;
    assert.ok(new Date(t).getUTCDay() % 6 !== 0, "a weekday");
    if (i > 0) assert.ok(t > s.time[i - 1]!, "dates ascend");
    if (s.vol[i] === 0) assert.ok(o === h && h === l && l === c, "a suspended day stays at one price");
    if (i === 0) {
      prev = c;
      continue;
    }
    const ymd = Number(new Date(t).toISOString().slice(0, 10).replace(/-/g, ""));
    const ev = s.xdxr.find((x) => x.date === ymd);
    // the reference price: the previous close, or its ex-rights price rounded half-up to the tick
    const ref = ev ? Math.floor((prev - ev.c1 * 10) / (1 + ev.c3 / 10) + 0.5 + 1e-9) : prev;
    assert.equal(cents(s.reference[i]!), ref, `reference price on bar ${i}`);
    const pct = limitPct(s.security.board, s.security.st, t);
    const up = limitCents(ref, pct, 1);
    const down = Math.max(1, limitCents(ref, pct, -1));
    assert.ok(l >= down && h <= up, `bar ${i} within ${down}..${up} (±${pct}% of ${ref})`);
    prev = c;
  }
}

test("generated bars keep limits by board and date, the tick, lots, suspensions and ex-rights", () => {
  fc.assert(
    fc.property(barSeries(), (s) => checkBars(s)),
    { numRuns: 300 },
  );
});

test("every rule's case is generated: limit days, suspensions, ex-dates, ST, boards, both sides of the reform dates", () => {
  const seen = new Set<string>();
  for (const s of fc.sample(barSeries({ minLength: 40, maxLength: 80 }), { numRuns: 400, seed: 7 })) {
    seen.add(`board:${s.security.board}`);
    if (s.security.st) seen.add("st");
    if (s.xdxr.length) seen.add("ex-rights");
    for (let i = 1; i < s.length; i++) {
      const pct = limitPct(s.security.board, s.security.st, s.time[i]!);
      const ref = Math.round(s.reference[i]! * 100);
      if (Math.round(s.close[i]! * 100) === limitCents(ref, pct, 1)) seen.add("limit-up");
      if (Math.round(s.close[i]! * 100) === Math.max(1, limitCents(ref, pct, -1))) seen.add("limit-down");
      if (s.vol[i] === 0) seen.add("suspended");
      if (s.security.board === "chinext") seen.add(s.time[i]! < day(2020, 8, 24) ? "chinext-before" : "chinext-after");
      if (s.security.board === "main" && s.security.st) seen.add(s.time[i]! < day(2025, 7, 7) ? "main-st-5" : "main-st-10");
    }
  }
  const wanted = ["board:main", "board:chinext", "board:star", "board:bj", "st", "ex-rights", "limit-up", "limit-down", "suspended", "chinext-before", "chinext-after", "main-st-5", "main-st-10"];
  assert.deepEqual(
    wanted.filter((w) => !seen.has(w)),
    [],
    "cases never generated",
  );
});

test("listedSecurity names real share codes of the boards asked for", () => {
  fc.assert(
    fc.property(listedSecurity({ boards: ["star", "bj"], st: false }), (sec) => {
      assert.ok(/^(688\d{3}|4\d{5}|8\d{5}|920\d{3})$/.test(sec.code), sec.code);
      assert.ok(sec.board === "star" || sec.board === "bj", sec.board);
      assert.equal(sec.st, false);
    }),
  );
});
