/** Board files: the three real fixtures parse to their documented counts, and the writer round-trips. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { BLOCK_HEADER_SIZE, BLOCK_SLOT_SIZE, decodeBlockFile, encodeBlockFile } from "../../../../adapters/tdx/files/block-dat.ts";
import { skipUnless } from "../../../support/fixtures.ts";
import { bin } from "../fixture-bytes.ts";

const DIR = "tdx/T0002/hq_cache/";

const CASES = [
  { file: "block_gn.dat", boards: 217, members: 18859, first: ["通达信88", 88, "000002"], last: ["肝炎概念", 45] },
  { file: "block_fg.dat", boards: 132, members: 17103, first: ["融资融券", 386, "000001"], last: ["板块趋势", 3] },
  { file: "block_zs.dat", boards: 87, members: 9034, first: ["精选指数", 7, "399001"], last: ["内地低碳", 50] },
] as const;

for (const c of CASES) {
  test(`${c.file}: ${c.boards} boards, ${c.members} memberships`, { skip: skipUnless(DIR + c.file) }, () => {
    const bytes = bin(DIR + c.file);
    assert.equal(bytes.length, BLOCK_HEADER_SIZE + 2 + BLOCK_SLOT_SIZE * c.boards);
    const boards = decodeBlockFile(bytes);
    assert.equal(boards.length, c.boards);
    assert.equal(
      boards.reduce((a, b) => a + b.count, 0),
      c.members,
    );
    assert.ok(
      boards.every((b) => b.type === 2),
      "boards.every((b) => b.type === 2)",
    );
    assert.ok(
      boards.every((b) => b.codes.length === Math.min(b.count, 400) && b.codes.every((x) => /^\d{6}$/.test(x))),
      "boards.every((b) => b.codes.length === Math.min(b.count, 400) && b.codes.every((x) => /^\\d{6}$/.test(x)))",
    );
    assert.deepEqual([boards[0]?.name, boards[0]?.count, boards[0]?.codes[0]], c.first);
    assert.deepEqual([boards.at(-1)!.name, boards.at(-1)!.count], c.last);
  });
}

test("documented members of block_fg's last board and block_zs's first and last", { skip: skipUnless(`${DIR}block_zs.dat`) }, () => {
  const fg = decodeBlockFile(bin(`${DIR}block_fg.dat`));
  assert.deepEqual(fg.at(-1)!.codes, ["600489", "600547", "600655"]);
  const zs = decodeBlockFile(bin(`${DIR}block_zs.dat`));
  assert.deepEqual(zs[0]?.codes.slice(0, 5), ["399001", "399005", "399006", "399106", "399300"]);
  assert.equal(zs[0]?.codes.at(-1), "999999");
  assert.equal(zs.find((b) => b.name === "沪深300")!.codes.length, 300);
  const gn = decodeBlockFile(bin(`${DIR}block_gn.dat`));
  assert.equal(gn.at(-1)!.codes.at(-1), "688799");
});

test("written files read back; more than 400 members keep the count but 400 codes", () => {
  const code = fc.integer({ min: 0, max: 999999 }).map((n) => String(n).padStart(6, "0"));
  fc.assert(
    fc.property(
      fc.array(fc.record({ name: fc.constantFrom("概念", "风格板块", "沪深300", "ABC"), type: fc.integer({ min: 0, max: 9 }), codes: fc.array(code, { maxLength: 450 }) }), { maxLength: 6 }),
      (entries) => {
        const boards = entries.map((e) => ({ ...e, count: e.codes.length }));
        const bytes = encodeBlockFile(boards);
        assert.equal(bytes.length, BLOCK_HEADER_SIZE + 2 + BLOCK_SLOT_SIZE * boards.length);
        const back = decodeBlockFile(bytes);
        assert.deepEqual(
          back,
          boards.map((b) => ({ ...b, codes: b.codes.slice(0, 400) })),
        );
      },
    ),
    { numRuns: 40 },
  );
});

test("a truncated file is an error, not a short list", () => {
  const bytes = encodeBlockFile([{ name: "x", type: 2, count: 1, codes: ["000001"] }]);
  assert.throws(() => decodeBlockFile(bytes.subarray(0, bytes.length - 1)), /truncated/);
});
