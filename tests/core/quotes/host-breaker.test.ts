/** The quote-host circuit breaker's rule, with explicit times and against a second simple model. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { COOL_DOWN_MS, HostBreaker, MAX_COOL_DOWN_MS } from "../../../core/quotes/host-breaker.ts";

const id = (h: string) => h;

test("a timeout opens the host for the cool-down; afterwards it is tried again", () => {
  const b = new HostBreaker();
  assert.equal(b.timedOut("a", 1000), true);
  assert.equal(b.available("a", 1000 + COOL_DOWN_MS - 1), false);
  assert.deepEqual(b.order(["a", "b"], id, 1000), ["b"], "skipped while open");
  assert.equal(b.available("a", 1000 + COOL_DOWN_MS), true, "half-open after the cool-down");
  assert.deepEqual(b.order(["a", "b"], id, 1000 + COOL_DOWN_MS), ["a", "b"]);
});

test("re-opening without an answer doubles the cool-down up to the cap; an answer forgets it", () => {
  const b = new HostBreaker();
  let t = 0;
  const waits: number[] = [];
  for (let i = 0; i < 6; i++) {
    b.timedOut("a", t);
    let wait = 0;
    while (!b.available("a", t + wait)) wait += 1000;
    waits.push(wait);
    t += wait;
  }
  assert.deepEqual(waits, [60_000, 120_000, 240_000, 480_000, MAX_COOL_DOWN_MS, MAX_COOL_DOWN_MS]);
  b.answered("a");
  b.timedOut("a", t);
  assert.equal(b.available("a", t + COOL_DOWN_MS), true, "back to the first cool-down");
});

test("when every host is open the one reopening first is tried; order is never empty", () => {
  const b = new HostBreaker();
  b.timedOut("a", 0);
  b.timedOut("b", 10);
  assert.deepEqual(b.order(["b", "a"], id, 20), ["a"]);
  // Property against a plain model: the available hosts in the given order, else the earliest reopening.
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.constantFrom("a", "b", "c", "d"), fc.nat(200_000), fc.boolean()), { maxLength: 30 }), fc.nat(400_000), (events, probe) => {
      const br = new HostBreaker();
      const until = new Map<string, number>();
      const opened = new Map<string, number>();
      let now = 0;
      for (const [h, dt, ok] of events) {
        now += dt;
        if (ok) {
          br.answered(h);
          until.delete(h);
          opened.delete(h);
        } else {
          br.timedOut(h, now);
          const n = (opened.get(h) ?? 0) + 1;
          opened.set(h, n);
          until.set(h, now + Math.min(COOL_DOWN_MS * 2 ** (n - 1), MAX_COOL_DOWN_MS));
        }
      }
      const at = now + probe;
      const hosts = ["d", "c", "b", "a"];
      const avail = hosts.filter((h) => (until.get(h) ?? 0) <= at);
      const want = avail.length ? avail : [hosts.reduce((x, y) => (until.get(y)! < until.get(x)! ? y : x))];
      assert.deepEqual(br.order(hosts, id, at), want);
    }),
    { numRuns: 500 },
  );
});
