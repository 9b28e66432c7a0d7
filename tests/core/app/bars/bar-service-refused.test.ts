/**
 * A bar request the source refuses (an unknown code) is answered only after its
 * ex-rights lookup has ended: nothing of the request is left running against a
 * source that may be closed right after the answer (a CLI run closes it, and the
 * orphaned lookup then logged "xdxr unavailable" after the command's error line).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { BarService } from "../../../../core/app/bars/bar-service.ts";
import type { QuoteSource } from "../../../../ports/quote-source.ts";
import { FakeClock, silentLog } from "../../../support/server.ts";

test("a refused bar request rejects after its pending ex-rights lookup has settled", async () => {
  const events: string[] = [];
  let release!: () => void;
  const src = {
    bars: async () => {
      throw new Error("Unknown security SZ:999999");
    },
    xdxr: () =>
      new Promise<never>((_, reject) => {
        release = () => reject(new Error("TDX pool is closed"));
      }),
  };
  const log = { ...silentLog, warn: () => void events.push("xdxr warned") };
  const svc = new BarService(src as unknown as QuoteSource, new FakeClock(Date.UTC(2024, 0, 2)), log);
  const answer = svc.bars({ market: "SZ", code: "999999", category: "DAY", start: 0, count: 5, barTime: "start" }, "QFQ").catch((e: Error) => void events.push(`rejected: ${e.message}`));
  // The bar request has failed by now; the answer waits for the lookup.
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(events, [], "not answered while the lookup runs");
  release();
  await answer;
  assert.deepEqual(events, ["xdxr warned", "rejected: Unknown security SZ:999999"]);
});
