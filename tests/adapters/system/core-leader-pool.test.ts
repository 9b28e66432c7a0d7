/** The core-leader pool: the fixture's 159 codes are the default pool; a data-directory CSV replaces it. */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { loadCoreLeaderPool, parsePool } from "../../../adapters/system/core-leader-pool.ts";
import { VipdocLocator, vipdocRoot } from "../../../adapters/vipdoc/vipdoc-locator.ts";
import { InvalidRequestError } from "../../../core/app/app-errors.ts";
import { CORE_LEADERS } from "../../../core/market/core-leaders.ts";
import { readFixtureText, skipUnless } from "../../support/fixtures.ts";

const dir = mkdtempSync(join(tmpdir(), "pool-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const FIXTURE = "tdx-ex/core-leaders-159.csv";

test("the fixture's 159 leaders, groups and order are the default pool", { skip: skipUnless(FIXTURE) }, () => {
  const pool = parsePool(readFixtureText(FIXTURE), FIXTURE);
  assert.equal(pool.length, 159);
  assert.deepEqual(pool, CORE_LEADERS);
  assert.deepEqual(
    [...new Set(pool.map((m) => m.group))].map((g) => pool.filter((m) => m.group === g).length),
    [39, 27, 35, 58],
  );
});

test("a core-leaders.csv replaces the default; a malformed one names its line", async () => {
  assert.equal(await loadCoreLeaderPool(join(dir, "absent.csv")), CORE_LEADERS);
  const file = join(dir, "core-leaders.csv");
  writeFileSync(file, "\uFEFFname,code,market,group\n平安银行,000001,sz,银行\n\n");
  assert.deepEqual(await loadCoreLeaderPool(file), [{ group: "银行", market: "SZ", code: "000001", name: "平安银行" }]);
  assert.throws(() => parsePool("group,code,market,name\nx,1234,SZ,y\n", "f"), /line 2/);
  assert.throws(() => parsePool("group,code,name\n", "f"), /header/);
});

test("the vipdoc directory: the parameter, then VIPDOC_DIR, then the simulator's tree, then a TDX install", async () => {
  const tree = join(dir, "tdx");
  mkdirSync(join(tree, "vipdoc", "sz", "lday"), { recursive: true });
  assert.equal(vipdocRoot(tree), join(tree, "vipdoc"), "an install folder's vipdoc subfolder");
  assert.equal(vipdocRoot(join(tree, "vipdoc")), join(tree, "vipdoc"));
  assert.equal(vipdocRoot(dir), undefined);
  const sim = join(dir, "sim");
  const locator = new VipdocLocator({ simulated: async () => sim, installs: [tree], roots: [tree] });
  assert.equal(await locator.locate(tree), join(tree, "vipdoc"));
  assert.equal(await locator.locate(), sim);
  await assert.rejects(locator.locate(dir), (e: unknown) => e instanceof InvalidRequestError);
  assert.equal(await new VipdocLocator({ installs: [join(dir, "none"), tree] }).locate(), join(tree, "vipdoc"));
  await assert.rejects(new VipdocLocator({ configured: dir }).locate(), /VIPDOC_DIR/);
  await assert.rejects(new VipdocLocator({ installs: [] }).locate(), /pass `vipdoc`/);
});

test("the vipdoc parameter names only directories at or under VIPDOC_DIR, VIPDOC_ROOTS or the data directory", async () => {
  const tree = (name: string) => {
    const d = join(dir, name);
    mkdirSync(join(d, "vipdoc", "sh", "lday"), { recursive: true });
    return d;
  };
  const [data, configured, extra, outside] = [tree("data"), tree("configured"), tree("extra"), tree("outside")];
  symlinkSync(outside, join(extra, "link"));
  const locator = new VipdocLocator({ dataDir: data, configured, roots: [extra] });
  for (const [asked, root, shown] of [
    [data, join(data, "vipdoc"), "vipdoc"],
    [join(configured, "vipdoc"), join(configured, "vipdoc"), "VIPDOC_DIR/vipdoc"],
    [join(extra, "vipdoc", "..", "vipdoc"), join(extra, "vipdoc"), "VIPDOC_ROOTS[0]/vipdoc"],
  ] as const) {
    assert.equal(await locator.locate(asked), root, asked);
    assert.equal(locator.shown(root), shown, asked);
  }
  const refusal = async (asked: string) => {
    try {
      await locator.locate(asked);
    } catch (e) {
      assert.ok(e instanceof InvalidRequestError, asked);
      return e.message.replace(asked, "<asked>");
    }
    assert.fail(`${asked} was accepted`);
  };
  const missing = await refusal(join(dir, "no-such-dir"));
  for (const asked of [outside, join(extra, "..", "outside"), join(extra, "link"), "/", "/etc"]) {
    assert.equal(await refusal(asked), missing, `${asked}: refused exactly like a directory that does not exist`);
  }
  assert.ok(!missing.includes(dir), "the refusal shows no server path");
});
