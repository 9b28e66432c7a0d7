import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { HEARTBEAT_PAYLOAD, SETUP_LOGIN_PAYLOAD, decodeSetupReply, decodeSetupRequest, encodeSetupReply, encodeSetupRequest } from "../../../adapters/tdx/tdx-session.ts";
import { TdxCommand } from "../../../adapters/tdx/tdx-commands.ts";
import { decodeResponse, encodeRequest } from "../../../adapters/tdx/tdx-frame.ts";
import { marketTime } from "../../../core/bars/market-time.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { bin, fromHex } from "./fixture-bytes.ts";

test("setup and heartbeat frames are pytdx's and injoyai's bytes", () => {
  assert.deepEqual(encodeRequest(TdxCommand.SETUP, encodeSetupRequest(1), { seq: 0x00931802 }), fromHex("0c 02 18 93 00 01 03 00 03 00 0d 00 01"));
  assert.deepEqual(encodeRequest(TdxCommand.SETUP, encodeSetupRequest(2), { seq: 0x00941802 }), fromHex("0c 02 18 94 00 01 03 00 03 00 0d 00 02"));
  assert.deepEqual(
    encodeRequest(TdxCommand.SETUP_LOGIN, SETUP_LOGIN_PAYLOAD, { seq: 0x00991803 }),
    fromHex("0c 03 18 99 00 01 20 00 20 00 db 0f d5 d0 c9 cc d6 a4 a8 af 00 00 00 8f c2 25 40 13 00 00 d5 00 c9 cc bd f0 d7 ea 00 00 00 02"),
  );
  assert.deepEqual(encodeRequest(TdxCommand.HEARTBEAT, HEARTBEAT_PAYLOAD, { seq: 7 }), fromHex("0c 07 00 00 00 01 02 00 02 00 04 00"));
  assert.equal(decodeSetupRequest(Uint8Array.of(2)), 2);
  assert.throws(() => decodeSetupRequest(Uint8Array.of(3)), /unknown setup step 3/);
});

const cases = [
  ["tdx/protocol/000d_setup_resp_20241013.frame.bin", marketTime(2024, 10, 13, 23, 21, 54), 20241011],
  ["tdx/protocol/000d_setup_resp_20241028.frame.bin", marketTime(2024, 10, 28, 13, 30, 24), 20241028],
] as const;

for (const [file, clock, tradingDate] of cases) {
  test(`setup reply ${file}: server clock, sessions, trading date, name`, { skip: skipUnless(file) }, () => {
    const info = decodeSetupReply(decodeResponse(bin(file)).body);
    assert.deepEqual(info, { clock, sessions: [570, 690, 780, 900, 900, 900, 900, 900], tradingDate, name: "上海双线主站14" });
  });
}

test("setup replies round-trip and have the recorded size", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 2000, max: 2099 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 28 }),
      fc.integer({ min: 0, max: 86399 }),
      fc.constantFrom("上海双线主站14", "sim", "深圳双线主站1"),
      (y, m, d, sec, name) => {
        const info = { clock: marketTime(y, m, d, 0, 0, sec), sessions: [570, 690, 780, 900, 900, 900, 900, 900], tradingDate: y * 10000 + m * 100 + d, name };
        const body = encodeSetupReply(info);
        assert.equal(body.length, 189);
        assert.deepEqual(decodeSetupReply(body), info);
      },
    ),
  );
});
