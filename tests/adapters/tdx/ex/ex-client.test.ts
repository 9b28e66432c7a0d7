/**
 * What the extended-market client makes of the server's replies, over a transport
 * that answers with chosen bodies: an empty reply (the server's answer for an
 * instrument it does not know) is undefined on every per-instrument call, while a
 * reply with bytes that cannot be read stays an unreadable reply (TdxDecodeError, a 502).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ExClient } from "../../../../adapters/tdx/ex/ex-client.ts";
import { allocExTrades, encodeExTradesReply, EX_MAX_TRADES } from "../../../../adapters/tdx/ex/ex-codec.ts";
import { TdxDecodeError } from "../../../../adapters/tdx/tdx-errors.ts";
import type { ResponseFrame } from "../../../../adapters/tdx/tdx-frame.ts";
import type { TdxTransport } from "../../../../adapters/tdx/tdx-transport.ts";

/** A transport answering each request with the next body of `bodies` (the last one repeated). */
function replying(...bodies: Uint8Array[]): TdxTransport {
  let i = 0;
  return {
    request: async (cmd): Promise<ResponseFrame> => {
      const body = bodies[Math.min(i++, bodies.length - 1)]!;
      return { header: { flag: 0x0c, seq: i, unknown: 0, cmd, zipSize: body.length, unzipSize: body.length }, body };
    },
    close: async () => {},
  };
}

const ref = { market: 31, code: "NOPE1" };
const EMPTY = new Uint8Array(0);

test("an empty reply is an unknown instrument: undefined from bars, quote, minute line and trades", async () => {
  const ex = new ExClient(replying(EMPTY));
  assert.equal(await ex.bars(ref, 4, 0, 10), undefined);
  assert.equal(await ex.quote(ref), undefined);
  assert.equal(await ex.minute(ref), undefined);
  assert.equal(await ex.trades(ref, 0, 3000), undefined);
});

test("a reply with bytes that cannot be read is still an unreadable reply", async () => {
  const ex = new ExClient(replying(Uint8Array.of(1, 2, 3)));
  await assert.rejects(ex.bars(ref, 4, 0, 10), TdxDecodeError);
  await assert.rejects(ex.quote(ref), TdxDecodeError);
  await assert.rejects(ex.minute(ref), TdxDecodeError);
  await assert.rejects(ex.trades(ref, 0, 3000), TdxDecodeError);
});

test("an empty page after a full one ends the trades, it does not lose them", async () => {
  const ex = new ExClient(replying(encodeExTradesReply(ref, allocExTrades(EX_MAX_TRADES)), EMPTY));
  assert.equal((await ex.trades(ref, 0, 3000))?.length, EX_MAX_TRADES);
});
