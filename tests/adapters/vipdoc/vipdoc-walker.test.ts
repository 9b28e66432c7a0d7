import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listVipdoc } from "../../../adapters/vipdoc/vipdoc-walker.ts";
import { encodeDayFile, readDayFile } from "../../../adapters/vipdoc/vipdoc-day.ts";
import { encodeMinuteFile, readMinuteFile } from "../../../adapters/vipdoc/vipdoc-minute.ts";
import { marketTime } from "../../../core/bars/market-time.ts";
import { FIXTURES, skipUnless } from "../../support/fixtures.ts";

test("the fixture tree: every security with the files it has", { skip: skipUnless("tdx/vipdoc") }, async () => {
  const root = join(FIXTURES, "tdx/vipdoc");
  const list = await listVipdoc(root);
  const summary = list.map((s) => `${s.market}:${s.code}:${Object.keys(s.files).sort().join("+")}`);
  assert.deepEqual(summary, ["ds:4#CF7D0LAO:day", "ds:4#CF7D0LLS:day", "sh:000001:day", "sh:110075:day", "sh:600519:day", "sh:688001:lc1+lc5", "sh:881478:day"]);
  const moutai = list.find((s) => s.code === "600519")!;
  assert.equal(moutai.files.day, join(root, "sh/lday/sh600519.day"));
});

test("a tree written with the writers is listed and read back (the simulator's path)", async () => {
  const root = await mkdtemp(join(tmpdir(), "vipdoc-"));
  try {
    const day = {
      length: 2,
      time: Float64Array.of(marketTime(2024, 1, 2), marketTime(2024, 1, 3)),
      open: Float64Array.of(10, 10.5),
      high: Float64Array.of(10.8, 10.9),
      low: Float64Array.of(9.9, 10.1),
      close: Float64Array.of(10.5, 10.2),
      vol: Float64Array.of(1e6, 2e6),
      amount: Float64Array.of(1.05e7, 2.04e7),
    };
    const min = { ...day, time: Float64Array.of(marketTime(2024, 1, 3, 9, 31), marketTime(2024, 1, 3, 9, 32)) };
    await mkdir(join(root, "sz/lday"), { recursive: true });
    await mkdir(join(root, "sz/minline"), { recursive: true });
    await mkdir(join(root, "sh/fzline"), { recursive: true });
    await writeFile(join(root, "sz/lday/sz000002.day"), encodeDayFile(day, 100));
    await writeFile(join(root, "sz/minline/sz000002.lc1"), encodeMinuteFile(min));
    await writeFile(join(root, "sh/fzline/sh600000.lc5"), encodeMinuteFile(min));
    await writeFile(join(root, "sz/lday/notes.txt"), "not a bar file");
    await writeFile(join(root, "sz/lday/sh600000.day"), new Uint8Array(0));
    const list = await listVipdoc(root);
    assert.deepEqual(
      list.map((s) => [s.market, s.code, Object.keys(s.files).sort()]),
      [
        ["sh", "600000", ["lc5"]],
        ["sz", "000002", ["day", "lc1"]],
      ],
    );
    const back = await readDayFile(list[1]!.files.day!);
    assert.deepEqual(Array.from(back.close), [10.5, 10.2]);
    assert.deepEqual((await readMinuteFile(list[1]!.files.lc1!)).time, min.time);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test("a missing root lists nothing", async () => {
  assert.deepEqual(await listVipdoc(join(tmpdir(), "no-such-vipdoc-root-xyz")), []);
});
