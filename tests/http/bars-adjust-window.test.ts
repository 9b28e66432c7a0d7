/**
 * Over real HTTP against the simulator: the adjusted prices of a day are the
 * same whatever window `/bars` is asked for (issue 17, item 8), forward and
 * backward, for daily bars and for the minute bars of the same days. The
 * service-layer property with the ratio fallback and real histories is in
 * tests/core/app/bars/bar-service-adjust.test.ts.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { call, startTestServer, type TestServer } from "../support/server.ts";

type Row = { date?: string; datetime?: string; open: number; high: number; low: number; close: number };
const key = (r: Row) => r.date ?? r.datetime!;

describe("adjusted bars do not depend on the window", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer()));
  after(() => s.dispose());

  const rows = async (q: string): Promise<{ data: Row[]; method: string }> => {
    const r = await call(s.url, "GET", `/api/v1/bars?${q}`);
    assert.equal(r.status, 200, r.text);
    return { data: r.body.data, method: r.body.adjust.method };
  };

  test("property: any (start, count) window of daily bars repeats the prices of the widest window, QFQ and HFQ", async () => {
    const wide = new Map<string, Map<string, Row>>();
    for (const sym of ["market=SH&code=600519", "market=SZ&code=000001"])
      for (const adjust of ["QFQ", "HFQ"]) {
        const all = await rows(`${sym}&adjust=${adjust}&count=800`);
        wide.set(`${sym}|${adjust}`, new Map(all.data.map((r) => [key(r), r])));
      }
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...wide.keys()), fc.integer({ min: 0, max: 700 }), fc.integer({ min: 1, max: 120 }), async (which, start, count) => {
        const [sym, adjust] = which.split("|");
        const part = await rows(`${sym}&adjust=${adjust}&start=${start}&count=${count}`);
        const ref = wide.get(which)!;
        assert.ok(part.data.length > 0);
        for (const r of part.data) {
          const w = ref.get(key(r));
          if (!w) continue; // older than the widest window
          assert.deepEqual([r.open, r.high, r.low, r.close], [w.open, w.high, w.low, w.close], `${which} ${key(r)} in start ${start} count ${count}`);
        }
      }),
      { numRuns: 40 },
    );
  });

  test("minute bars of a day carry that day's adjustment, whichever minute window holds them", async () => {
    const sym = "market=SH&code=600519&category=MIN_5";
    for (const adjust of ["QFQ", "HFQ"]) {
      const wide = new Map((await rows(`${sym}&adjust=${adjust}&count=800`)).data.map((r) => [key(r), r]));
      for (const [start, count] of [
        [0, 10],
        [37, 100],
        [500, 300],
      ]) {
        for (const r of (await rows(`${sym}&adjust=${adjust}&start=${start}&count=${count}`)).data) {
          const w = wide.get(key(r));
          if (w) assert.deepEqual([r.open, r.close], [w.open, w.close], `${adjust} ${key(r)}`);
        }
      }
    }
  });
});
