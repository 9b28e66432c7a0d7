/**
 * The summary fields easy_tdx's `/chanlun/analyze` answered with (`bis`, `zss`,
 * `xds`, `mmds`, `bcs` and their counts), derived from our richer result so that
 * clients of the original service keep working.
 */
import type { ChanJson, PointJson } from "../../chan/index.ts";

function pointType(p: PointJson): string {
  const t = p.types[0] ?? "1";
  const n = t.startsWith("1") ? "1" : t.startsWith("2") ? "2" : "3";
  return `${n}${p.is_buy ? "buy" : "sell"}`;
}

export function easyTdxFields(j: ChanJson, code: string, frequency: string) {
  const strokeEnd = (i: number) => j.strokes[i]?.end_time ?? null;
  const divergent = j.divergences.filter((d) => d.divergent);
  return {
    code,
    frequency,
    kline_count: j.bar_count,
    ckline_count: j.merged_bar_count,
    fractal_count: j.merged_bars?.filter((b) => b.fx !== null).length ?? null,
    bi_count: j.strokes.length,
    zs_count: j.pivots.length,
    xd_count: j.segments.length,
    mmd_count: j.bsp.length,
    bc_count: divergent.length,
    bis: j.strokes.map((s) => ({ index: s.index, direction: s.dir, start_date: s.begin_time, end_date: s.end_time, high: s.high, low: s.low, done: s.is_sure })),
    zss: j.pivots.map((p) => ({
      index: p.index,
      zg: p.zg,
      zd: p.zd,
      gg: p.gg,
      dd: p.dd,
      line_count: p.line_count,
      start_date: p.begin_time,
      end_date: p.end_time,
      done: p.is_sure,
    })),
    xds: j.segments.map((s) => ({ index: s.index, direction: s.dir, start_date: s.begin_time, end_date: s.end_time, high: s.high, low: s.low })),
    mmds: j.bsp.map((p) => ({ type: pointType(p), date: p.time, msg: `${p.is_buy ? "buy" : "sell"} point ${p.types.join("/")}${p.is_sure ? "" : " (unconfirmed)"}` })),
    bcs: divergent.map((d) => ({
      type: d.kind === "pivot" ? "pz" : "bi",
      bc: true,
      curr_date: strokeEnd(d.out_line),
      prev_date: strokeEnd(d.in_line),
      msg: `${d.kind} divergence: ${d.algo} ${d.out_metric} vs ${d.in_metric}`,
    })),
  };
}
