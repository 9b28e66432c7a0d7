/**
 * Options of the commands shared with easy_tdx's CLI mean what they mean there
 * (its click definitions, cli/cmd_kline.py, cmd_chanlun.py, cmd_indicator.py and
 * parsers.py): `kline` and `chanlun` read unadjusted bars unless told
 * (`--adjust NONE`), `indicator` forward-adjusted (`QFQ`); `--adjust` takes
 * easy_tdx's spellings 0/1/2 and FQ, `--type` its board-type names and numbers,
 * `--order` its 1 and 2; `indicator-list` prints easy_tdx's columns;
 * `transaction` reads easy_tdx's default 2000 (in pages of the API's 800).
 * Each command runs on a stand-in service that records the requests, so these
 * check what the command asks for, not the service's answers.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseCommandLine, UsageError } from "../../../apps/cli/cli-args.ts";
import type { Command } from "../../../apps/cli/cli-command.ts";
import { COMMANDS } from "../../../apps/cli/cli-commands.ts";
import type { CliContext } from "../../../apps/cli/cli-context.ts";
import { render } from "../../../apps/cli/cli-output.ts";
import { runCli } from "../../support/cli.ts";

interface Request {
  path: string;
  query: Record<string, unknown>;
}

const BARS = { columns: ["date", "open", "high", "low", "close", "vol", "amount"], data: [{ date: "2024-01-02T00:00:00", open: 1, high: 1, low: 1, close: 1, vol: 1, amount: 1 }] };
const INDICATORS = [
  {
    name: "MACD",
    id: "MACD",
    title: "MACD 平滑异同平均线",
    title_en: "MACD",
    description: "趋势",
    params: [{ name: "SHORT" }, { name: "LONG" }, { name: "MID" }],
    default_params: { SHORT: 12, LONG: 26, MID: 9 },
    outputs: ["MACD_DIF"],
    lines: ["DIF"],
    inputs: ["close"],
    formula: null,
  },
];

const standIn = (path: string) => (path === "/api/v1/indicator/list" ? INDICATORS : path === "/api/v1/chanlun/analyze" ? { code: "SZ000001", bis: [] } : BARS);

/** Runs `line` (after the command name) on a stand-in service; returns the requests and the printed JSON lines. */
async function run(line: readonly string[], answer: (path: string, query: Record<string, unknown>) => unknown = standIn): Promise<{ requests: Request[]; out: string }> {
  const [name, ...rest] = line;
  const command = COMMANDS.find((c) => c.name === name) as Command;
  const requests: Request[] = [];
  const api = {
    get: async (path: string, query: Record<string, unknown> = {}) => (requests.push({ path, query }), answer(path, query)),
    post: async (path: string, body: Record<string, unknown>) => (requests.push({ path, query: body }), answer(path, body)),
  };
  const ctx = { api: async () => api } as unknown as CliContext;
  const output = await command.run(ctx, parseCommandLine(rest, command.args, command.options), { note: () => {}, progress: () => {} });
  return { requests, out: render(output, "json") };
}

const adjustOf = async (line: readonly string[], path: string) => (await run(line)).requests.find((r) => r.path === path)?.query.adjust;

describe("easy_tdx's option meanings on the shared commands", () => {
  test("kline and chanlun default to unadjusted bars, indicator to forward-adjusted, as easy_tdx's CLI", async () => {
    assert.equal(await adjustOf(["kline", "SZ", "000001"], "/api/v1/bars"), "NONE");
    assert.equal(await adjustOf(["chanlun", "SZ", "000001"], "/api/v1/chanlun/analyze"), "NONE");
    assert.equal(await adjustOf(["indicator", "MACD", "-m", "SZ", "-c", "000001"], "/api/v1/bars"), "QFQ");
  });

  test("--adjust takes easy_tdx's spellings: NONE/0, QFQ/FQ/1, HFQ/2, any case", async () => {
    for (const [given, sent] of [
      ["0", "NONE"],
      ["1", "QFQ"],
      ["fq", "QFQ"],
      ["qfq", "QFQ"],
      ["2", "HFQ"],
      ["HFQ", "HFQ"],
    ] as const) {
      assert.equal(await adjustOf(["kline", "SZ", "000001", "--adjust", given], "/api/v1/bars"), sent, `--adjust ${given}`);
    }
    await assert.rejects(run(["kline", "SZ", "000001", "--adjust", "3"]), (e: Error) => e instanceof UsageError && /^--adjust: expected NONE, QFQ or HFQ/.test(e.message));
  });

  test("board types and sort orders take easy_tdx's spellings (parsers.py names, BoardType and SortOrder numbers)", async () => {
    const sent = async (line: readonly string[], field: string) => (await run(line)).requests[0]!.query[field];
    for (const [given, type] of [
      ["CONCEPT", "GN"],
      ["industry", "HY"],
      ["STYLE", "FG"],
      ["REGION", "DQ"],
      ["3", "GN"],
      ["1", "HY2"],
      ["255", "ALL"],
      ["gn", "GN"],
    ] as const) {
      assert.equal(await sent(["board-list", "--type", given], "board_type"), type, `board-list --type ${given}`);
    }
    assert.equal(await sent(["board-ranking", "--type", "CONCEPT"], "board_type"), "GN");
    assert.equal(await sent(["board-members", "880761", "--order", "2"], "sort_order"), "ASC");
    assert.equal(await sent(["board-members", "880761", "--order", "1"], "sort_order"), "DESC");
    // ALL is not a ranking type, whatever its spelling
    await assert.rejects(run(["board-ranking", "--type", "255"]), (e: Error) => e instanceof UsageError && /^--type: expected one of HY, HY2, GN, FG, DQ/.test(e.message));
  });

  test("indicator --params: a name no requested indicator has is refused, not dropped", async () => {
    const sent = (await run(["indicator", "MACD", "-m", "SZ", "-c", "000001", "--params", "short=10"])).requests.find((r) => r.path === "/api/v1/indicator/compute");
    assert.deepEqual(sent?.query.params, { MACD: { SHORT: 10 } });
    // easy_tdx's MACD names its signal length M; this set's MACD calls it MID
    await assert.rejects(
      run(["indicator", "MACD", "-m", "SZ", "-c", "000001", "--params", "M=9"]),
      (e: Error) => e instanceof UsageError && e.message === "--params: no requested indicator has M (MACD: SHORT, LONG, MID)",
    );
  });

  test("transaction reads easy_tdx's default 2000 in pages of 800 from the newest back, printed oldest first", async () => {
    // a day of 1,000 trades numbered 0 (first) to 999 (last); start counts back from the newest, as the API's
    const day = Array.from({ length: 1000 }, (_, k) => ({ time: "09:30", seq: k }));
    const page = (_: string, q: Record<string, unknown>) => {
      const start = q.start as number;
      const count = q.count as number;
      return { columns: ["time", "seq"], data: day.slice(Math.max(0, day.length - start - count), Math.max(0, day.length - start)) };
    };
    const seqs = (out: string) =>
      out
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l).seq as number);
    const all = await run(["transaction", "SZ", "000001"], page);
    assert.deepEqual(
      seqs(all.out),
      day.map((t) => t.seq),
      "the whole day once, in order",
    );
    assert.deepEqual(
      all.requests.map((r) => [r.query.start, r.query.count]),
      [
        [0, 800],
        [800, 800],
      ],
      "a short page ends the reading",
    );
    const some = await run(["transaction", "SZ", "000001", "--count", "900", "--start", "50"], page);
    assert.deepEqual(
      seqs(some.out),
      day.slice(50, 950).map((t) => t.seq),
      "900 trades ending 50 before the newest",
    );
    await assert.rejects(run(["transaction", "SZ", "000001", "--count", "0"], page), (e: Error) => e instanceof UsageError && e.message.startsWith("--count: 1 to 20000"));
  });

  test("an unknown --multi-level period is named as --multi-level", async () => {
    await assert.rejects(run(["chanlun", "SZ", "000001", "--multi-level", "XYZ"]), (e: Error) => e instanceof UsageError && e.message.startsWith('--multi-level: unknown period "XYZ"'));
  });

  test("indicator-list prints easy_tdx's columns in its order: name, description, inputs, outputs, default_params", async () => {
    const row = JSON.parse((await run(["indicator-list"])).out.split("\n")[0]!) as Record<string, unknown>;
    assert.deepEqual(Object.keys(row).slice(0, 5), ["name", "description", "inputs", "outputs", "default_params"]);
    assert.equal(row.description, "趋势");
  });
});

describe("a refused backtest on the simulator", () => {
  test("an unknown code is one line on stderr, exit 1: the bar request's ex-rights lookup ends before the answer", async () => {
    const r = await runCli(["backtest", "SZ", "999999", "--strategy", "ma_cross"], { env: { LOG_LEVEL: "warn" } });
    assert.equal(r.code, 1);
    assert.equal(r.stderr, "tdx-forge backtest: HTTP 404: Unknown security SZ:999999\n");
  });
});
