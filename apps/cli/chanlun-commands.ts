/**
 * `chanlun MARKET CODE`: chan-theory structure from `/chanlun/analyze`. JSON
 * and CSV print the whole answer as one record (or, with `--rows`, one of its
 * lists: strokes `bis`, pivots `zss`, segments `xds`, buy/sell points `mmds`,
 * divergences `bcs`); `--table` prints the summary easy_tdx's CLI prints.
 */
import { type Command, num, str } from "./cli-command.ts";
import { recordOf, type Row, rowsOf } from "./cli-output.ts";
import { ADJUST, PERIOD, SECURITY_ARGS } from "./quote-commands.ts";
import { category, market } from "./cli-values.ts";

interface Line {
  index: number;
  direction: string;
  start_date: string;
  end_date: string;
  high: number;
  low: number;
  done?: boolean;
}

const arrow = (d: string) => (d === "up" ? "↑" : "↓");
const tick = (done: boolean | undefined) => (done ? "✓" : "…");

/** easy_tdx's `chanlun --table` text (cli/cmd_chanlun.py `_print_table`). */
export function chanSummary(r: Record<string, any>): string {
  const out = [`标的: ${r.code}  周期: ${r.frequency}`, `原始K线: ${r.kline_count}  缠论K线: ${r.ckline_count}`];
  out.push(`分型: ${r.fractal_count ?? "—"}  笔: ${r.bi_count}  中枢: ${r.zs_count}  线段: ${r.xd_count ?? 0}`);
  if (r.mmd_count || r.bc_count) out.push(`买卖点: ${r.mmd_count ?? 0}  背驰: ${r.bc_count ?? 0}`);
  out.push("");
  const section = (title: string, items: unknown[] | undefined, line: (x: any) => string) => {
    if (!items?.length) return;
    out.push(`── ${title} ──`, ...items.map(line), "");
  };
  section("笔", r.bis, (b: Line) => `  [${b.index}] ${arrow(b.direction)} ${b.start_date} → ${b.end_date} h=${b.high} l=${b.low} ${tick(b.done)}`);
  section(
    "中枢",
    r.zss,
    (z) => `  [${z.index}] ${z.start_date ?? "—"} → ${z.end_date ?? "—"} zg=${z.zg} zd=${z.zd} gg=${z.gg} dd=${z.dd} lines=${z.line_count} ${tick(z.done)}`,
  );
  section("线段", r.xds, (x: Line) => `  [${x.index}] ${arrow(x.direction)} ${x.start_date} → ${x.end_date} h=${x.high} l=${x.low}`);
  section("买卖点", r.mmds, (m) => `  ${m.type} (${m.date ?? "—"}): ${m.msg}`);
  section("背驰", r.bcs, (b) => `  [${b.bc ? "✓" : "✗"}] ${b.type} (${b.prev_date ?? "—"} → ${b.curr_date ?? "—"}): ${b.msg}`);
  return `${out.join("\n").trimEnd()}\n`;
}

const LISTS = ["bis", "zss", "xds", "mmds", "bcs"];

export const chanlunCommands: readonly Command[] = [
  {
    name: "chanlun",
    summary: "Chan-theory analysis: fractals, strokes (笔), segments, pivots (中枢), buy/sell points, divergences.",
    args: SECURITY_ARGS,
    options: [
      PERIOD,
      { name: "count", type: "integer", default: 800, help: "bars analysed, newest last" },
      ADJUST,
      { name: "rows", type: "string", choices: LISTS, help: "print one list as rows: bis, zss, xds, mmds or bcs (default: the whole answer)" },
    ],
    examples: ["chanlun SZ 000001 --table", "chanlun SH 600519 --period 30MIN --rows bis --output csv"],
    async run(ctx, { args, opts }) {
      const body = { market: market(args.MARKET!), code: args.CODE, category: category(str(opts, "period")!), count: num(opts, "count"), adjust: str(opts, "adjust") };
      const r = (await (await ctx.api()).post("/api/v1/chanlun/analyze", body)) as Record<string, unknown>;
      const rows = str(opts, "rows");
      if (rows) return { ...rowsOf(r[rows] as Row[]), tableText: chanSummary(r) };
      return { ...recordOf(r), tableText: chanSummary(r) };
    },
  },
];
