import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { CLEANUP_THRESHOLD, FORGET_MS, LOCK_MS, LoginThrottle, MAX_ENTRIES, MAX_FAILURES } from "../../../core/auth/throttle.ts";

/**
 * Reference model written from core/auth/README.md's state table: per address a failure
 * count and the time the lock started (if any); plus issue 15's additions: a
 * counting address is forgotten an hour after its last failure, and a correct
 * old password takes its counted attempt back.
 */
class Model {
  now = 0;
  table = new Map<string, { count: number; lockedAt?: number; last: number }>();
  private expired(e: { lockedAt?: number; last: number }) {
    return e.lockedAt !== undefined ? this.now - e.lockedAt >= LOCK_MS : this.now - e.last >= FORGET_MS;
  }
  private touch(a: string) {
    const e = this.table.get(a);
    if (e && this.expired(e)) this.table.delete(a);
    return this.table.get(a);
  }
  check(a: string): number | undefined {
    const e = this.touch(a);
    return e?.lockedAt === undefined ? undefined : Math.ceil((e.lockedAt + LOCK_MS - this.now) / 1000);
  }
  fail(a: string) {
    let e = this.touch(a);
    if (!e) {
      e = { count: 0, last: this.now };
      this.table.set(a, e);
      if (this.table.size > CLEANUP_THRESHOLD) {
        for (const [k, v] of this.table) if (this.expired(v)) this.table.delete(k);
      }
    }
    e.count++;
    e.last = this.now;
    if (e.count === MAX_FAILURES) e.lockedAt = this.now;
  }
  refund(a: string) {
    const e = this.touch(a);
    if (!e) return;
    e.count--;
    if (e.count < MAX_FAILURES) delete e.lockedAt;
    if (e.count <= 0) this.table.delete(a);
  }
  succeed(a: string) {
    this.table.delete(a);
  }
}

interface Real {
  t: LoginThrottle;
}

class Advance implements fc.Command<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  run(m: Model) {
    m.now += this.ms;
  }
  toString = () => `advance(${this.ms})`;
}
class Check implements fc.Command<Model, Real> {
  constructor(readonly a: string) {}
  check = () => true;
  run(m: Model, r: Real) {
    const want = m.check(this.a);
    const got = r.t.check(this.a, m.now);
    assert.deepEqual(got, want === undefined ? { locked: false } : { locked: true, remainingSeconds: want });
    assert.equal(r.t.size, m.table.size);
  }
  toString = () => `check(${this.a})`;
}
class Fail implements fc.Command<Model, Real> {
  constructor(readonly a: string) {}
  check = () => true;
  run(m: Model, r: Real) {
    m.fail(this.a);
    r.t.recordFailure(this.a, m.now);
    assert.equal(r.t.size, m.table.size);
    assert.equal(r.t.failures(this.a, m.now), m.table.get(this.a)?.count ?? 0);
  }
  toString = () => `fail(${this.a})`;
}
class Succeed implements fc.Command<Model, Real> {
  constructor(readonly a: string) {}
  check = () => true;
  run(m: Model, r: Real) {
    m.succeed(this.a);
    r.t.clear(this.a);
    assert.equal(r.t.size, m.table.size);
  }
  toString = () => `succeed(${this.a})`;
}
class Refund implements fc.Command<Model, Real> {
  constructor(readonly a: string) {}
  check = () => true;
  run(m: Model, r: Real) {
    m.refund(this.a);
    r.t.refund(this.a, m.now);
    assert.equal(r.t.size, m.table.size);
    assert.equal(r.t.failures(this.a, m.now), m.table.get(this.a)?.count ?? 0);
  }
  toString = () => `refund(${this.a})`;
}
/** Many distinct addresses fail at once, to push the table over the clean-up threshold. */
class Flood implements fc.Command<Model, Real> {
  constructor(
    readonly n: number,
    readonly tag: number,
    readonly lock: boolean,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    for (let i = 0; i < this.n; i++) {
      const a = `flood-${this.tag}-${i}`;
      for (let k = 0; k < (this.lock ? MAX_FAILURES : 1); k++) {
        m.fail(a);
        r.t.recordFailure(a, m.now);
      }
    }
    assert.equal(r.t.size, m.table.size);
  }
  toString = () => `flood(${this.n}, ${this.tag}, ${this.lock})`;
}

test("throttle behaves like the spec's state machine (model-based, injected clock)", () => {
  const addr = fc.constantFrom("10.0.0.1", "8.8.8.8", "unknown", "1.2.3.4");
  const commands = [
    fc.integer({ min: 0, max: 400_000 }).map((ms) => new Advance(ms)),
    fc.constantFrom(LOCK_MS - 1, LOCK_MS, LOCK_MS + 1, 1000, FORGET_MS - 1, FORGET_MS).map((ms) => new Advance(ms)),
    addr.map((a) => new Check(a)),
    addr.map((a) => new Fail(a)),
    addr.map((a) => new Succeed(a)),
    addr.map((a) => new Refund(a)),
    fc.tuple(fc.integer({ min: 100, max: 700 }), fc.nat(5), fc.boolean()).map(([n, tag, lock]) => new Flood(n, tag, lock)),
  ];
  fc.assert(
    fc.property(fc.commands(commands, { maxCommands: 60 }), (cmds) => {
      fc.modelRun(() => ({ model: new Model(), real: { t: new LoginThrottle() } }), cmds);
    }),
    { numRuns: 300 },
  );
});

test("five failures lock for 300 s; the sixth attempt is refused with the remaining seconds", () => {
  const t = new LoginThrottle();
  for (let i = 0; i < 4; i++) t.recordFailure("a", 1000);
  assert.deepEqual(t.check("a", 1000), { locked: false });
  t.recordFailure("a", 2000);
  assert.deepEqual(t.check("a", 2000), { locked: true, remainingSeconds: 300 });
  assert.deepEqual(t.check("a", 2000 + 299_001), { locked: true, remainingSeconds: 1 });
  assert.deepEqual(t.check("a", 2000 + LOCK_MS), { locked: false });
  assert.equal(t.failures("a", 2000 + LOCK_MS), 0, "count restarts at 0 after the lock");
});

test("success clears the count", () => {
  const t = new LoginThrottle();
  for (let i = 0; i < 4; i++) t.recordFailure("a", 0);
  t.clear("a");
  for (let i = 0; i < 4; i++) t.recordFailure("a", 0);
  assert.deepEqual(t.check("a", 0), { locked: false });
});

test("above 1000 tracked addresses, expired locks are dropped and nothing else", () => {
  const t = new LoginThrottle();
  for (let i = 0; i < 600; i++) for (let k = 0; k < 5; k++) t.recordFailure(`locked-${i}`, 0);
  for (let i = 0; i < 400; i++) t.recordFailure(`counting-${i}`, 0);
  assert.equal(t.size, 1000);
  t.recordFailure("one-more", LOCK_MS); // table reaches 1001 once the locks have elapsed
  assert.equal(t.size, 401);
  assert.equal(t.failures("counting-7", LOCK_MS), 1);
});

test("at exactly 1000 addresses no clean-up happens", () => {
  const t = new LoginThrottle();
  for (let i = 0; i < 999; i++) for (let k = 0; k < 5; k++) t.recordFailure(`l-${i}`, 0);
  t.recordFailure("x", LOCK_MS);
  assert.equal(t.size, 1000);
});

test("a taken-back attempt lifts the lock it caused, not an earlier one", () => {
  const t = new LoginThrottle();
  for (let i = 0; i < 5; i++) t.recordFailure("a", 0);
  t.refund("a", 0);
  assert.deepEqual(t.check("a", 0), { locked: false }, "the fifth was right after all");
  assert.equal(t.failures("a", 0), 4);
  for (let i = 0; i < 2; i++) t.recordFailure("a", 0);
  t.refund("a", 0);
  assert.deepEqual(t.check("a", 0), { locked: true, remainingSeconds: 300 }, "five real failures stay locked");
});

test("50,000 single failures are forgotten a day later; the table never exceeds its bound", () => {
  const t = new LoginThrottle();
  for (let i = 0; i < 50_000; i++) {
    t.recordFailure(`203.0.${i >> 8}.${i & 255}-${i}`, i);
    assert.ok(t.size <= MAX_ENTRIES, `bounded at ${MAX_ENTRIES}: ${t.size}`);
  }
  assert.equal(t.size, MAX_ENTRIES);
  assert.equal(t.failures("203.0.0.0-0", 50_000), 0, "the least recently failed went first");
  t.recordFailure("late", 50_000 + 86_400_000);
  assert.equal(t.size, 1);
});

test("a counting address is forgotten an hour after its last failure, not before", () => {
  const t = new LoginThrottle();
  for (let i = 0; i < 4; i++) t.recordFailure("a", i * 1000);
  assert.equal(t.failures("a", 3000 + FORGET_MS - 1), 4);
  assert.equal(t.failures("a", 3000 + FORGET_MS), 0);
});
