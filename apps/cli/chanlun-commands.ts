/**
 * `chanlun MARKET CODE`: chan-theory structure from `/chanlun/analyze`. JSON
 * and CSV print the whole answer as one record (or, with `--rows`, one of its
 * lists: strokes `bis`, pivots `zss`, segments `xds`, buy/sell points `mmds`,
 * divergences `bcs`); `--table` prints the summary easy_tdx's CLI prints.
 * `--multi-level 30MIN` adds easy_tdx's multi-level block (`multi_level`: the
 * last stroke seen through the lower period's strokes and pivots).
 */
import { UsageError } from "./cli-args.ts";
import { type Command, num, str } from "./cli-command.ts";
import { recordOf, type Row, rowsOf } from "./cli-output.ts";
import { adjustOption, PERIOD, SECURITY_ARGS } from "./quote-commands.ts";
import { adjust, category, market } from "./cli-values.ts";

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
  section("中枢", r.zss, (z) => `  [${z.index}] ${z.start_date ?? "—"} → ${z.end_date ?? "—"} zg=${z.zg} zd=${z.zd} gg=${z.gg} dd=${z.dd} lines=${z.line_count} ${tick(z.done)}`);
  section("线段", r.xds, (x: Line) => `  [${x.index}] ${arrow(x.direction)} ${x.start_date} → ${x.end_date} h=${x.high} l=${x.low}`);
  section("买卖点", r.mmds, (m) => `  ${m.type} (${m.date ?? "—"}): ${m.msg}`);
  section("背驰", r.bcs, (b) => `  [${b.bc ? "✓" : "✗"}] ${b.type} (${b.prev_date ?? "—"} → ${b.curr_date ?? "—"}): ${b.msg}`);
  if (r.multi_level) out.push(...multiLevelLines(r.multi_level));
  return `${out.join("\n").trimEnd()}\n`;
}

const yes = (b: unknown) => (b ? "是" : "否");

/** easy_tdx's "── 多级别联立 ──" block (cmd_chanlun.py `_print_table`). */
function multiLevelLines(ml: Record<string, any>): string[] {
  const qs = ml.low_level_qs ?? {};
  const dir = qs.trend_direction === "up" ? "↑ 上升" : qs.trend_direction === "down" ? "↓ 下降" : "— 盘整";
  return [
    "── 多级别联立 ──",
    `  高级别: ${ml.high_level ?? "?"}  低级别: ${ml.low_level ?? "?"}`,
    `  低级别笔: ${qs.bi_count ?? 0}  中枢: ${qs.zs_count ?? 0}`,
    `  趋势方向: ${dir}  趋势: ${yes(qs.has_trend)}  盘整: ${yes(qs.has_consolidation)}`,
    `  笔重叠: ${yes(qs.bi_overlap)}  背驰可能: ${yes(qs.divergence_possible)}`,
    "",
  ];
}

const LISTS = ["bis", "zss", "xds", "mmds", "bcs", "low_bis", "low_zss"];

export const chanlunCommands: readonly Command[] = [
  {
    name: "chanlun",
    summary: "Chan-theory analysis: fractals, strokes (笔), segments, pivots (中枢), buy/sell points, divergences.",
    args: SECURITY_ARGS,
    options: [
      PERIOD,
      { name: "count", type: "integer", default: 800, help: "bars analysed, newest last" },
      adjustOption("NONE"),
      {
        name: "multi-level",
        type: "string",
        meta: "PERIOD",
        help: "a lower period (e.g. 30MIN under DAILY): the last stroke's structure at that level (easy_tdx's --multi-level)",
      },
      {
        name: "rows",
        type: "string",
        choices: LISTS,
        help: "print one list as rows: bis, zss, xds, mmds, bcs, or with --multi-level the lower strokes and pivots inside the last stroke, low_bis and low_zss (default: the whole answer)",
      },
    ],
    examples: ["chanlun SZ 000001 --table", "chanlun SH 600519 --period 30MIN --rows bis --output csv", "chanlun SZ 000001 --multi-level 30MIN --table"],
    async run(ctx, { args, opts }) {
      const low = str(opts, "multi-level");
      const body = {
        market: market(args.MARKET!),
        code: args.CODE,
        category: category(str(opts, "period")!),
        count: num(opts, "count"),
        adjust: adjust(str(opts, "adjust")!),
        ...(low ? { multi_level: category(low, "--multi-level") } : {}),
      };
      const r = (await (await ctx.api()).post("/api/v1/chanlun/analyze", body)) as Record<string, any>;
      const rows = str(opts, "rows");
      if (rows?.startsWith("low_")) {
        if (!low) throw new UsageError(`--rows ${rows} needs --multi-level PERIOD`);
        return { ...rowsOf((r.multi_level?.[rows] ?? []) as Row[]), tableText: chanSummary(r) };
      }
      if (rows) return { ...rowsOf(r[rows] as Row[]), tableText: chanSummary(r) };
      return { ...recordOf(r), tableText: chanSummary(r) };
    },
  },
];
