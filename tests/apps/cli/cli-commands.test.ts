/**
 * Every `tdx-forge` command run as a subprocess, in-process on the simulator,
 * in all three formats. To keep the suite fast the commands share processes
 * (`batch --echo`, one in-process service per process); each section of the
 * output is checked for its shape: JSON lines of objects, CSV whose header and
 * row count match the JSON (read with the test's own CSV reader), and a table
 * whose header names the same columns and whose rows line up under them with
 * CJK characters two columns wide (checked with the test's own width rule).
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { batchSections, jsonLines, parseCsv, runCli, type CliRun } from "../../support/cli.ts";
import { fixture } from "../../support/fixtures.ts";

const FORMATS = ["", " --output csv", " --table"] as const;
/** Requests the service refuses (422). */
const REFUSED = ["kline XX 000001", "kline SZ 000001 --count 900"];

/** Display width by a rule written here: CJK ideographs, CJK punctuation and fullwidth forms take two columns. */
const cells = (s: string) => [...s].reduce((w, ch) => w + (/[\u3000-\u303f\u4e00-\u9fff\uff00-\uff60]/.test(ch) ? 2 : 1), 0);

/** Checks a table: dashes under each header column, every row's gaps where the dashes leave them. */
function checkTable(name: string, text: string, columns: readonly string[], rows: number): void {
  const lines = text.replace(/\n$/, "").split("\n");
  assert.ok(lines.length >= 2, `${name}: a table has a header and a rule`);
  const header = lines[0]!;
  let at = 0;
  for (const c of columns) {
    const i = header.indexOf(c, at);
    assert.ok(i >= 0, `${name}: table header names ${c} in order (${header})`);
    at = i + c.length;
  }
  const rule = lines[1]!;
  assert.match(rule, /^-+( +-+)*$/, `${name}: second line is the rule`);
  assert.equal(lines.length - 2, rows, `${name}: one table line per row`);
  // The column starts from the rule, in display columns (the rule is ASCII).
  const starts = [...rule.matchAll(/-+/g)].map((m) => m.index!);
  for (const line of lines.slice(2)) {
    const chars = [...line];
    let col = 0;
    const startsSeen: number[] = [];
    let prevSpace = true;
    for (const ch of chars) {
      if (ch !== " " && prevSpace) startsSeen.push(col);
      prevSpace = ch === " ";
      col += cells(ch);
    }
    // Every cell begins at or right-aligned before a column start; no text crosses into the two-space gap before a start.
    for (const s of starts.slice(1)) {
      let c = 0;
      let gap = "";
      for (const ch of chars) {
        if (c >= s - 2 && c < s) gap += ch;
        c += cells(ch);
      }
      assert.ok(gap === "" || /^ +$/.test(gap), `${name}: the gap before column ${s} is blank in ${JSON.stringify(line)}`);
    }
    assert.ok(startsSeen.length > 0, `${name}: a table row has text`);
  }
}

interface Section {
  name: string;
  json: Record<string, unknown>[];
  csv: string[][];
  table: string;
}

/** What the simulator has today depends on the time of day (before the open: no unusual movements yet). */
const MAY_BE_EMPTY = /^(unusual|auction|transaction SZ 000001 --count|tick SZ 000001$)/;

/** Checks the three formats of one command against each other. */
function checkShapes(s: Section, record: boolean): void {
  if (!MAY_BE_EMPTY.test(s.name)) assert.ok(s.json.length > 0, `${s.name}: JSON lines`);
  for (const r of s.json) assert.equal(typeof r, "object", `${s.name}: each JSON line is an object`);
  const columns = s.json.length ? [...new Set(s.json.flatMap((r) => Object.keys(r)))] : s.csv[0]!;
  assert.ok(columns.length > 0, `${s.name}: columns`);
  assert.deepEqual(s.csv[0], columns, `${s.name}: the CSV header is the JSON keys`);
  assert.equal(s.csv.length - 1, s.json.length, `${s.name}: one CSV row per JSON line`);
  for (const row of s.csv.slice(1)) assert.equal(row.length, columns.length, `${s.name}: every CSV row has every column`);
  if (record) checkTable(s.name, s.table, ["field", "value"], columns.length);
  else checkTable(s.name, s.table, columns, s.json.length);
}

const VIPDOC = fixture("tdx/vipdoc/sh/lday/sh600519.day") ? fixture("tdx/vipdoc")! : undefined;
const OFFLINE = `offline daily SH 600519 --dir ${VIPDOC} --count 800`;
const OFFLINE_MIN = `offline min SH 688001 --dir ${VIPDOC} --count 1`;
const OFFLINE_LINES = VIPDOC ? [...FORMATS.map((f) => OFFLINE + f), OFFLINE_MIN] : [];
let offline = new Map<string, string>();

describe("tdx-forge commands in-process on the simulator", () => {
  const dir = mkdtempSync(join(tmpdir(), "tdx-forge-cli-test-"));
  let dates: string[] = [];
  let board = "";
  let out = new Map<string, string>();
  let run: CliRun;
  const csvFile = join(dir, "bars.csv");
  const bars = [10, 11, 12, 13, 14, 15, 13, 12];
  const pdfDir = join(dir, "pdfs");

  // Commands and whether they print one record (else rows). Filled in `before` once dates and a board are known.
  const commands: [string, boolean][] = [];

  before(async () => {
    // The first process learns trading dates and a board, and reads the offline fixture (when present).
    const first = await runCli(["batch", "--echo"], { input: `kline SZ 000001 --count 3 --adjust NONE\nboard-list --count 1\n${OFFLINE_LINES.join("\n")}\n` });
    assert.equal(first.code, 0, first.stderr);
    const s = batchSections(first.stdout);
    offline = s;
    dates = jsonLines(s.get("kline SZ 000001 --count 3 --adjust NONE")!).map((r) => String(r.date).slice(0, 10));
    board = String(jsonLines(s.get("board-list --count 1")!)[0]!.code);
    writeFileSync(csvFile, `date,open,high,low,close,vol\n${bars.map((c, i) => `2024-01-${String(i + 2).padStart(2, "0")},${c},${c},${c},${c},100`).join("\n")}\n`);
    const d = dates[1]!.replace(/-/g, "");
    commands.push(
      ["version", true],
      ["ping", false],
      ["server-info", false],
      ["market-stat", false],
      ["unusual SZ --count 5", false],
      ["kline SZ 000001 --count 5", false],
      ["kline SZ 000001 --period 5MIN --count 4", false],
      ["kline SZ 000001 --period WEEKLY --count 3", false],
      ["kline SH 000001 --index --count 3", false],
      ['quote "SZ 000001,SH 600519"', false],
      ["quote-list A --count 5", false],
      ["tick SZ 000001", false],
      ["tick SZ 000001 --days 2", false],
      [`tick SZ 000001 --date ${d}`, false],
      ["transaction SZ 000001 --count 5", false],
      [`transaction SZ 000001 --date ${d} --count 5`, false],
      ["auction SZ 000001", false],
      ["capital-flow SZ 000001", false],
      ["symbol-info SZ 000001", false],
      ["board-list --type GN --count 4", false],
      [`board-members ${board} --count 3`, false],
      ["belong-board SZ 000001", false],
      [`board-summary ${board}`, true],
      [`board-summary ${board} --members`, false],
      ["board-ranking --top 3", false],
      ["board-change-ranking --days 5 --top 3", false],
      ["announcement 601088 --count 3", false],
      ["indicator-list", false],
      ["indicator MACD,KDJ -m SZ -c 000001 --count 4", false],
      ["indicator MACD -m SZ -c 000001 --count 2 --no-ohlcv --params SHORT=10", false],
      ["indicator MACD -m SZ -c 000001 --count 2 --no-ohlcv --params MACD.SHORT=10", false],
      ["indicator MACD -m SZ -c 000001 --count 2 --no-ohlcv", false],
      ["chanlun SZ 000001 --count 300", true],
      ["chanlun SZ 000001 --count 300 --rows bis", false],
      ['formula SZ 000001 --text "M:MA(C,3); UP:CROSS(C,M);" --tail 3', false],
      ['formula --validate --text "X:REF(C,-1);"', true],
      [`formula --csv ${csvFile} --text "M:MA(C,3);" --tail 8`, false],
      ['screen --text "UP:C>0;" --symbols "SZ:000001,SH:600519"', false],
      ["strategy-list", false],
      ["store", true],
      ["backtest SZ 000001 --strategy ma_cross --count 120", true],
      ["backtest SZ 000001 --strategy ma_cross --count 250 --detail trades", false],
      ["run-all SZ 000001 --strategies ma_cross,macd --count 120", false],
      ['portfolio --stocks "SZ:000001,SH:600519" --strategy ma_cross --count 120', true],
      ['portfolio --stocks "SZ:000001,SH:600519" --strategy ma_cross --count 120 --detail members', false],
      ["optimize SZ 000001 --strategy ma_cross --grid fast=5,10 --grid slow=20,30 --count 120", false],
    );
    const lines = commands.flatMap(([c]) => FORMATS.map((f) => c + f));
    lines.push(`announcement 601088 --count 3 --download 2 --download-dir ${pdfDir}`, ...REFUSED);
    run = await runCli(["batch", "--echo"], { input: `${lines.join("\n")}\n` });
    out = batchSections(run.stdout);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const section = (c: string): Section => {
    const get = (k: string) => {
      const v = out.get(k);
      assert.ok(v !== undefined, `ran ${k}`);
      return v;
    };
    return { name: c, json: jsonLines(get(c)), csv: parseCsv(get(`${c} --output csv`)), table: get(`${c} --table`) };
  };

  test("the batch says nothing on stderr but the saved files and one line per refused request", () => {
    assert.equal(run.code, 1, "the refused requests' status");
    assert.deepEqual(
      run.stderr.split("\n").filter((l) => l && !l.startsWith("saved ")),
      ["tdx-forge kline: HTTP 422: query.market: Input should be 'SZ', 'SH' or 'BJ'", "tdx-forge kline: HTTP 422: query.count: Input should be less than or equal to 800"],
      "the service's 422 in one line each",
    );
    for (const r of REFUSED) assert.equal(out.get(r), "", `${r} prints nothing on stdout`);
  });

  test("every command prints the same shape in JSON lines, CSV and a table", () => {
    for (const [c, record] of commands) {
      // chan's table is easy_tdx's summary text, checked below.
      if (c.startsWith("chanlun")) continue;
      checkShapes(section(c), record);
    }
  });

  test("periods and dates are spelled as easy_tdx spells them", () => {
    const m5 = section("kline SZ 000001 --period 5MIN --count 4").json.map((r) => String(r.datetime));
    assert.equal(m5.length, 4, "four 5-minute bars");
    // easy_tdx's isoformat() (bars: "2026-11-26T14:40:00")
    for (const t of m5) assert.match(t, /^\d{4}-\d{2}-\d{2}T\d{2}:\d[05]:00$/, `5-minute stamp ${t}`);
    const weeks = section("kline SZ 000001 --period WEEKLY --count 3").json.map((r) => Date.parse(String(r.date)));
    for (let i = 1; i < weeks.length; i++) assert.ok(weeks[i]! - weeks[i - 1]! >= 3 * 86_400_000, "weekly bars are days apart");
    assert.deepEqual(
      section('quote "SZ 000001,SH 600519"').json.map((r) => `${r.market}:${r.code}`),
      ["SZ:000001", "SH:600519"],
      "both quotes, in order",
    );
  });

  test("tick --days 2 covers two days, and --date gives exactly that day's rows", () => {
    const days = section("tick SZ 000001 --days 2").json;
    const seen = [...new Set(days.map((r) => r.date))];
    assert.deepEqual(
      seen,
      dates.slice(1).map((t) => t.slice(0, 10)),
      "the last two trading days, oldest first",
    );
    const d = dates[1]!.slice(0, 10);
    const one = section(`tick SZ 000001 --date ${d.replace(/-/g, "")}`).json;
    assert.deepEqual(
      one,
      days.filter((r) => r.date === d).map(({ date: _, ...rest }) => rest),
      "the --date rows are that day's rows of --days",
    );
  });

  test("--params NAME=V sets it on every indicator that has it, the same as INDICATOR.NAME=V", () => {
    const global = section("indicator MACD -m SZ -c 000001 --count 2 --no-ohlcv --params SHORT=10").json;
    const named = section("indicator MACD -m SZ -c 000001 --count 2 --no-ohlcv --params MACD.SHORT=10").json;
    const plain = section("indicator MACD -m SZ -c 000001 --count 2 --no-ohlcv").json;
    assert.deepEqual(global, named, "SHORT=10 reaches MACD");
    assert.notDeepEqual(global, plain, "and changes its values");
    assert.deepEqual(Object.keys(plain[0]!), ["date", "MACD_DIF", "MACD_DEA", "MACD"], "--no-ohlcv keeps only time and outputs");
  });

  test("formula --csv evaluates the local file: MA(C,3) matches a moving average computed here", () => {
    const rows = section(`formula --csv ${csvFile} --text "M:MA(C,3);" --tail 8`).json;
    const expected = bars.map((_, i) => (i < 2 ? null : Number(((bars[i]! + bars[i - 1]! + bars[i - 2]!) / 3).toFixed(6))));
    assert.deepEqual(
      rows.map((r) => r.M),
      expected,
      "three-bar average, none before the third bar",
    );
  });

  test("chanlun --table prints easy_tdx's summary; the record's counts agree with its lists", () => {
    const r = section("chanlun SZ 000001 --count 300").json[0]! as Record<string, any>;
    assert.equal(r.bi_count, r.bis.length, "bi_count counts the strokes");
    const text = out.get("chanlun SZ 000001 --count 300 --table")!;
    assert.match(text, /^标的: SZ000001 {2}周期: DAY\n原始K线: 300 {2}缠论K线: \d+\n分型: \d+ {2}笔: \d+ {2}中枢: \d+ {2}线段: \d+/, "the header lines");
    assert.equal((text.match(/^ {2}\[\d+\] [↑↓] /gm) ?? []).length, r.bis.length + r.xds.length, "one line per stroke and per segment");
    const bis = section("chanlun SZ 000001 --count 300 --rows bis").json;
    assert.deepEqual(bis, r.bis, "--rows bis prints the strokes");
  });

  test("backtest, portfolio, run-all and optimize print their results", () => {
    const bt = section("backtest SZ 000001 --strategy ma_cross --count 120").json[0]!;
    assert.equal(bt.strategy, "ma_cross", "the strategy named");
    assert.equal(bt.start_cash, 1_000_000, "default cash");
    const trades = section("backtest SZ 000001 --strategy ma_cross --count 250 --detail trades").json;
    assert.ok(
      trades.every((t) => t.direction === "BUY" || t.direction === "SELL"),
      "trade rows",
    );
    const ranking = section("run-all SZ 000001 --strategies ma_cross,macd --count 120").json;
    assert.deepEqual(
      ranking.map((r) => r.rank),
      [1, 2],
      "two strategies ranked",
    );
    assert.deepEqual(new Set(ranking.map((r) => r.strategy)), new Set(["ma_cross", "macd"]), "the strategies asked for");
    const grid = section("optimize SZ 000001 --strategy ma_cross --grid fast=5,10 --grid slow=20,30 --count 120").json;
    assert.deepEqual(new Set(grid.map((r) => `${r.fast}/${r.slow}`)), new Set(["5/20", "5/30", "10/20", "10/30"]), "the four grid points");
    const members = section('portfolio --stocks "SZ:000001,SH:600519" --strategy ma_cross --count 120 --detail members').json;
    assert.deepEqual(
      members.map((m) => m.symbol),
      ["SZ000001", "SH600519"],
      "one row per stock, keyed as easy_tdx keys them",
    );
    assert.deepEqual(
      members.map((m) => m.allocation),
      [0.5, 0.5],
      "equal weights",
    );
  });

  test("screen answers the securities whose signal is on", () => {
    const rows = section('screen --text "UP:C>0;" --symbols "SZ:000001,SH:600519"').json;
    assert.deepEqual(
      rows.map((r) => [r.symbol, r.UP]),
      [
        ["SZ:000001", 1],
        ["SH:600519", 1],
      ],
      "both match C>0",
    );
  });

  test("announcement --download saves the first N attachments as PDFs", () => {
    const files = readdirSync(pdfDir);
    assert.equal(files.length, 2, "two files");
    for (const f of files) assert.equal(readFileSync(join(pdfDir, f)).subarray(0, 5).toString("latin1"), "%PDF-", `${f} is a PDF`);
  });

  test("daily and 5-minute bars from the real offline files", { skip: VIPDOC ? false : "../shared/fixtures/tdx/vipdoc is absent" }, () => {
    const sec: Section = { name: OFFLINE, json: jsonLines(offline.get(OFFLINE)!), csv: parseCsv(offline.get(`${OFFLINE} --output csv`)!), table: offline.get(`${OFFLINE} --table`)! };
    checkShapes(sec, false);
    // The listing days of Kweichow Moutai, as TDX's own files hold them.
    assert.deepEqual([sec.json[0]!.date, sec.json[0]!.open, sec.json[0]!.close], ["2001-08-27T00:00:00", 34.51, 35.55]);
    const m = jsonLines(offline.get(OFFLINE_MIN)!)[0]!;
    assert.deepEqual([m.datetime, m.close], ["2021-06-03T15:00:00", 36.65], "the last 5-minute bar of the .lc5 file");
  });

  test("sync prints one record in each format: the demo market whole, then nothing left to fetch", async () => {
    // its own data directory: sync writes the store of the configured DATA_DIR, not a thrown-away one
    const data = join(dir, "sync-data");
    const lines = FORMATS.map((f) => `sync${f}`);
    const r = await runCli(["batch", "--echo"], { input: `${lines.join("\n")}\n`, env: { DATA_DIR: data } });
    assert.equal(r.code, 0, r.stderr);
    const s = batchSections(r.stdout);
    const sec: Section = { name: "sync", json: jsonLines(s.get("sync")!), csv: parseCsv(s.get("sync --output csv")!), table: s.get("sync --table")! };
    checkShapes(sec, true);
    const first = sec.json[0]!;
    assert.ok(Number(first.securities) > 300 && first.updated === first.securities && first.failed === 0, `the first sync took the whole demo market: ${JSON.stringify(first)}`);
    const csv = Object.fromEntries(sec.csv[0]!.map((k, i) => [k, sec.csv[1]![i]]));
    assert.equal(csv.skipped, String(first.securities), "the second sync (CSV) found every security complete");
    assert.equal(csv.bars_added, "0", "and added no bars");
    assert.match(sec.table, new RegExp(`skipped +${first.securities}\\b`), "the third (table) too");
  });
});

describe("tdx-forge offline", () => {
  test("a directory without a vipdoc tree is a usage error", async () => {
    const empty = mkdtempSync(join(tmpdir(), "tdx-forge-empty-"));
    try {
      const r = await runCli(["offline", "daily", "SH", "600519", "--dir", empty]);
      assert.equal(r.code, 2, "usage error status");
      assert.equal(r.stderr.trim().split("\n").length, 1, "one line");
      assert.match(r.stderr, /no TDX vipdoc tree/);
      assert.ok(!existsSync(join(empty, "service.sqlite")), "nothing written there");
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
