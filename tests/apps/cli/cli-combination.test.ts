/**
 * The CLI's combination and multi-level capabilities as a subprocess on the
 * simulator, each in JSON lines, CSV and a table: `backtest`/`portfolio`/
 * `optimize --members`, `run-all --combo 2 --combo 3 --combo-mode AND`, and
 * `chanlun --multi-level 30MIN` (easy_tdx's multi-level block in the table,
 * the lower strokes with `--rows low_bis`).
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { batchSections, jsonLines, parseCsv, runCli } from "../../support/cli.ts";

const FORMATS = ["", " --output csv", " --table"];

const BACKTEST = "backtest SZ 000001 --members ma_cross,macd,donchian --combo-mode OR --params ma_cross.fast=10 --count 250";
const BACKTEST_AND = "backtest SZ 000001 --members ma_cross,macd,donchian --combo-mode AND --params ma_cross.fast=10 --count 250";
const PORTFOLIO = 'portfolio --stocks "SZ:000001,SH:600519" --members ma_cross,macd --count 200';
const OPTIMIZE = "optimize SZ 000001 --members ma_cross,macd --combo-mode OR --grid ma_cross.fast=3,5,8 --count 200";
const RUN_ALL = "run-all SZ 000001 --strategies ma_cross,macd,donchian,momentum --combo 2 --combo 3 --combo-mode AND --count 250";
const CHAN = "chanlun SZ 000001 --multi-level 30MIN --count 300";
const CHAN_ROWS = "chanlun SZ 000001 --multi-level 30MIN --count 300 --rows low_bis";
const RECORDS = [BACKTEST, BACKTEST_AND, PORTFOLIO, CHAN];
const ROWS = [OPTIMIZE, RUN_ALL, CHAN_ROWS];

describe("tdx-forge combinations and multi-level chan", () => {
  let out = new Map<string, string>();
  let stderr = "";
  before(async () => {
    const lines = [...RECORDS, ...ROWS].flatMap((c) => FORMATS.map((f) => c + f));
    lines.push("chanlun SZ 000001 --rows low_bis", "backtest SZ 000001 --members ma_cross --count 120");
    const run = await runCli(["batch", "--echo"], { input: `${lines.join("\n")}\n` });
    out = batchSections(run.stdout);
    stderr = run.stderr;
  });

  const formats = (c: string) => {
    const get = (k: string) => {
      const v = out.get(k);
      assert.ok(v !== undefined, `ran ${k}`);
      return v;
    };
    return { json: jsonLines(get(c)), csv: parseCsv(get(`${c} --output csv`)), table: get(`${c} --table`) };
  };

  test("every command prints the same data in JSON lines, CSV and a table", () => {
    for (const c of [...RECORDS, ...ROWS]) {
      const f = formats(c);
      assert.ok(f.json.length > 0, `${c}: JSON lines`);
      const columns = [...new Set(f.json.flatMap((r) => Object.keys(r)))];
      assert.deepEqual(f.csv[0], columns, `${c}: the CSV header is the JSON keys`);
      assert.equal(f.csv.length - 1, f.json.length, `${c}: one CSV row per JSON line`);
      if (c.startsWith("chanlun")) continue; // chan's table is easy_tdx's summary text, checked below
      const head = f.table
        .split("\n")[0]!
        .trim()
        .split(/\s{2,}/);
      assert.deepEqual(head, RECORDS.includes(c) ? ["field", "value"] : columns, `${c}: table header`);
    }
  });

  test("backtest and portfolio --members run the combination; the mode changes the trades", () => {
    const or = formats(BACKTEST).json[0]!;
    const and = formats(BACKTEST_AND).json[0]!;
    assert.equal(or.strategy, "combination", "the combination strategy ran");
    assert.ok(Number(or.total_trades) > Number(and.total_trades), `OR trades more than AND: ${or.total_trades} vs ${and.total_trades}`);
    assert.equal(formats(PORTFOLIO).json[0]!.strategy, "combination");
    const refused = "tdx-forge backtest: HTTP 422: body.params.members: Value error, a combination has 2 to 8 members (got 1)";
    assert.ok(stderr.split("\n").includes(refused), `one-member combination refused in one line: ${stderr}`);
  });

  test("optimize --members searches a member's parameter", () => {
    const rows = formats(OPTIMIZE).json;
    assert.deepEqual(rows.map((r) => r["ma_cross.fast"]).sort(), [3, 5, 8]);
  });

  test("run-all --combo 2 --combo 3: 4 singles, 6 pairs and 4 triples ranked together", () => {
    const rows = formats(RUN_ALL).json;
    assert.equal(rows.length, 4 + 6 + 4);
    assert.deepEqual(
      rows.map((r) => r.rank),
      Array.from({ length: 14 }, (_, i) => i + 1),
    );
    const bySize = [1, 2, 3].map((k) => rows.filter((r) => r.size === k).length);
    assert.deepEqual(bySize, [4, 6, 4]);
    for (const r of rows) assert.equal(String(r.members).split(",").join(" + "), r.name, "members and name agree");
  });

  test("chanlun --multi-level 30MIN: easy_tdx's block in the table, the lower strokes with --rows low_bis", () => {
    const r = formats(CHAN).json[0]! as Record<string, any>;
    const ml = r.multi_level;
    assert.equal(ml.high_level, "DAY");
    assert.equal(ml.low_level, "MIN_30");
    const rows = formats(CHAN_ROWS).json;
    assert.equal(rows.length, ml.low_level_qs.bi_count, "--rows low_bis lists the counted strokes");
    assert.deepEqual(rows, ml.low_bis);
    const table = formats(CHAN).table;
    assert.match(
      table,
      /── 多级别联立 ──\n {2}高级别: DAY {2}低级别: MIN_30\n {2}低级别笔: (\d+) {2}中枢: (\d+)\n {2}趋势方向: .+ {2}趋势: [是否] {2}盘整: [是否]\n {2}笔重叠: [是否] {2}背驰可能: [是否]/,
    );
    assert.equal(Number(/低级别笔: (\d+)/.exec(table)![1]), rows.length);
    assert.ok(stderr.includes("tdx-forge chanlun: --rows low_bis needs --multi-level PERIOD"), "a usage error without --multi-level");
  });
});
