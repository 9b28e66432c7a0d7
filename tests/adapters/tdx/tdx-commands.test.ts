import { test } from "node:test";
import assert from "node:assert/strict";
import { TdxCommand, commandName } from "../../../adapters/tdx/tdx-commands.ts";

test("command ids of the design doc, and readable names for logs", () => {
  assert.deepEqual(
    [
      TdxCommand.SECURITY_COUNT,
      TdxCommand.SECURITY_LIST,
      TdxCommand.QUOTES,
      TdxCommand.BARS,
      TdxCommand.MINUTE,
      TdxCommand.HISTORY_MINUTE,
      TdxCommand.TRANSACTIONS,
      TdxCommand.HISTORY_TRANSACTIONS,
      TdxCommand.XDXR,
      TdxCommand.FINANCE,
      TdxCommand.COMPANY_CATEGORY,
      TdxCommand.COMPANY_CONTENT,
      TdxCommand.FILE_META,
      TdxCommand.FILE_CHUNK,
      TdxCommand.CALL_AUCTION,
    ],
    [0x044e, 0x0450, 0x053e, 0x052d, 0x051d, 0x0fb4, 0x0fc5, 0x0fb5, 0x000f, 0x0010, 0x02cf, 0x02d0, 0x02c5, 0x06b9, 0x056a],
  );
  assert.equal(commandName(0x052d), "BARS (0x052d)");
  assert.equal(commandName(0x1234), "0x1234");
});
