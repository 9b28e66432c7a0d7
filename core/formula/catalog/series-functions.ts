/**
 * Built-ins that look across bars: references, moving averages, windows,
 * bar counts, crossings and statistics. Semantics live in the kernels; this
 * table states arity, argument shapes, signal results and future reads.
 */
import * as avg from "../kernels/averages.ts";
import * as bc from "../kernels/bar-counts.ts";
import { calendar } from "../kernels/calendar.ts";
import * as refs from "../kernels/references.ts";
import * as sig from "../kernels/signals.ts";
import * as st from "../kernels/statistics.ts";
import { SHIFT } from "../kernels/per-bar.ts";
import { EMA_STEP, EXPMEMA_STEP, SMA_STEP } from "../kernels/recurrences.ts";
import * as win from "../kernels/windows.ts";
import { col, constant, num, opd, series, value, type FunctionSpec } from "./spec.ts";

const negativeLag = (c: readonly (number | undefined)[]) => c[1] !== undefined && c[1] < 0;

const references: FunctionSpec[] = [
  {
    name: "REF",
    args: [series("X"), value("N")],
    returns: "numeric",
    signalFrom: [0],
    futureWhen: negativeLag,
    shift: SHIFT,
    run: (o, a) => refs.ref(o, col(a, 0), opd(a, 1)),
  },
  {
    name: "REFV",
    args: [series("X"), value("N")],
    returns: "numeric",
    signalFrom: [0],
    futureWhen: negativeLag,
    shift: SHIFT,
    run: (o, a) => refs.refv(o, col(a, 0), opd(a, 1)),
  },
  {
    name: "REFX",
    args: [series("X"), value("N")],
    returns: "numeric",
    signalFrom: [0],
    future: true,
    run: (o, a) => refs.refx(o, col(a, 0), opd(a, 1), true),
  },
  {
    name: "REFXV",
    args: [series("X"), value("N")],
    returns: "numeric",
    signalFrom: [0],
    future: true,
    run: (o, a) => refs.refx(o, col(a, 0), opd(a, 1), false),
  },
  {
    name: "REFDATE",
    args: [series("X"), value("D")],
    returns: "numeric",
    signalFrom: [0],
    future: true,
    run: (o, a, ctx) => {
      const dates = new Float64Array(o.length);
      calendar(dates, ctx.series.time, "DATE");
      refs.refDate(o, col(a, 0), opd(a, 1), dates);
    },
  },
  {
    name: "CONST",
    args: [series("X")],
    returns: "numeric",
    signalFrom: [0],
    future: true,
    run: (o, a) => refs.constLast(o, col(a, 0)),
  },
  {
    name: "VALUEWHEN",
    args: [series("COND"), series("X")],
    returns: "numeric",
    signalFrom: [1],
    run: (o, a) => refs.valueWhen(o, col(a, 0), col(a, 1)),
  },
];

const averages: FunctionSpec[] = [
  { name: "MA", args: [series("X"), value("N")], returns: "numeric", run: (o, a) => avg.ma(o, col(a, 0), opd(a, 1)) },
  { name: "EMA", args: [series("X"), value("N")], returns: "numeric", run: (o, a) => avg.ema(o, col(a, 0), opd(a, 1)), recur: EMA_STEP },
  { name: "EXPMA", args: [series("X"), value("N")], returns: "numeric", run: (o, a) => avg.ema(o, col(a, 0), opd(a, 1)), recur: EMA_STEP },
  {
    name: "EXPMEMA",
    args: [series("X"), constant("N")],
    returns: "numeric",
    run: (o, a) => avg.expmema(o, col(a, 0), num(a, 1)),
    recur: EXPMEMA_STEP,
  },
  {
    name: "SMA",
    args: [series("X"), value("N"), value("M")],
    returns: "numeric",
    run: (o, a) => avg.sma(o, col(a, 0), opd(a, 1), opd(a, 2)),
    recur: SMA_STEP,
  },
  { name: "WMA", args: [series("X"), value("N")], returns: "numeric", run: (o, a) => avg.wma(o, col(a, 0), opd(a, 1)) },
  { name: "DMA", args: [series("X"), value("A")], returns: "numeric", run: (o, a) => avg.dma(o, col(a, 0), opd(a, 1)) },
  {
    name: "TMA",
    args: [series("X"), value("A"), value("B")],
    returns: "numeric",
    run: (o, a) => avg.tma(o, col(a, 0), opd(a, 1), opd(a, 2)),
  },
  {
    name: "XMA",
    args: [series("X"), constant("N")],
    returns: "numeric",
    future: true,
    run: (o, a) => avg.xma(o, col(a, 0), num(a, 1)),
  },
];

const windows: FunctionSpec[] = [
  { name: "HHV", args: [series("X"), value("N")], returns: "numeric", run: (o, a) => win.hhv(o, col(a, 0), opd(a, 1)) },
  { name: "LLV", args: [series("X"), value("N")], returns: "numeric", run: (o, a) => win.llv(o, col(a, 0), opd(a, 1)) },
  {
    name: "HHVBARS",
    args: [series("X"), value("N")],
    returns: "numeric",
    run: (o, a) => win.hhvBars(o, col(a, 0), opd(a, 1)),
  },
  {
    name: "LLVBARS",
    args: [series("X"), value("N")],
    returns: "numeric",
    run: (o, a) => win.llvBars(o, col(a, 0), opd(a, 1)),
  },
  { name: "SUM", args: [series("X"), value("N")], returns: "numeric", run: (o, a) => win.sum(o, col(a, 0), opd(a, 1)) },
  { name: "COUNT", args: [series("X"), value("N")], returns: "numeric", run: (o, a) => win.count(o, col(a, 0), opd(a, 1)) },
  { name: "EVERY", args: [series("X"), value("N")], returns: "signal", run: (o, a) => win.every(o, col(a, 0), opd(a, 1)) },
  { name: "EXIST", args: [series("X"), value("N")], returns: "signal", run: (o, a) => win.exist(o, col(a, 0), opd(a, 1)) },
  {
    name: "LAST",
    args: [series("X"), value("A"), value("B")],
    returns: "signal",
    run: (o, a) => win.last(o, col(a, 0), opd(a, 1), opd(a, 2)),
  },
  { name: "BARSLAST", args: [series("X")], returns: "numeric", run: (o, a) => bc.barsLast(o, col(a, 0)) },
  { name: "BARSLASTCOUNT", args: [series("X")], returns: "numeric", run: (o, a) => bc.barsLastCount(o, col(a, 0)) },
  { name: "BARSSINCE", args: [series("X")], returns: "numeric", run: (o, a) => bc.barsSince(o, col(a, 0)) },
  {
    name: "BARSSINCEN",
    args: [series("X"), value("N")],
    returns: "numeric",
    run: (o, a) => bc.barsSinceN(o, col(a, 0), opd(a, 1)),
  },
  { name: "BARSCOUNT", args: [series("X")], returns: "numeric", run: (o, a) => bc.barsCount(o, col(a, 0)) },
  {
    name: "SUMBARS",
    args: [series("X"), value("A")],
    returns: "numeric",
    run: (o, a) => bc.sumBars(o, col(a, 0), opd(a, 1)),
  },
  { name: "TOPRANGE", args: [series("X")], returns: "numeric", run: (o, a) => bc.topRange(o, col(a, 0)) },
  { name: "LOWRANGE", args: [series("X")], returns: "numeric", run: (o, a) => bc.lowRange(o, col(a, 0)) },
  { name: "HOD", args: [series("X"), value("N")], returns: "numeric", run: (o, a) => bc.hod(o, col(a, 0), opd(a, 1)) },
  { name: "LOD", args: [series("X"), value("N")], returns: "numeric", run: (o, a) => bc.lod(o, col(a, 0), opd(a, 1)) },
];

const signals: FunctionSpec[] = [
  { name: "CROSS", args: [series("A"), series("B")], returns: "signal", run: (o, a) => sig.cross(o, col(a, 0), col(a, 1)) },
  {
    name: "LONGCROSS",
    args: [series("A"), series("B"), value("N")],
    returns: "signal",
    run: (o, a) => sig.longCross(o, col(a, 0), col(a, 1), opd(a, 2)),
  },
  { name: "FILTER", args: [series("X"), value("N")], returns: "signal", run: (o, a) => sig.filter(o, col(a, 0), opd(a, 1)) },
  {
    name: "FILTERX",
    args: [series("X"), value("N")],
    returns: "signal",
    future: true,
    run: (o, a) => sig.filterX(o, col(a, 0), opd(a, 1)),
  },
  {
    name: "BACKSET",
    args: [series("X"), value("N")],
    returns: "signal",
    future: true,
    run: (o, a) => sig.backset(o, col(a, 0), opd(a, 1)),
  },
];

function moment(name: string, kind: st.Moment): FunctionSpec {
  return { name, args: [series("X"), value("N")], returns: "numeric", run: (o, a) => st.moment(o, col(a, 0), opd(a, 1), kind) };
}

const statistics: FunctionSpec[] = [
  moment("STD", "std"),
  moment("STDP", "stdp"),
  moment("VAR", "var"),
  moment("VARP", "varp"),
  moment("DEVSQ", "devsq"),
  { name: "AVEDEV", args: [series("X"), value("N")], returns: "numeric", run: (o, a) => st.avedev(o, col(a, 0), opd(a, 1)) },
  { name: "SLOPE", args: [series("X"), value("N")], returns: "numeric", run: (o, a) => st.slope(o, col(a, 0), opd(a, 1)) },
  { name: "FORCAST", args: [series("X"), value("N")], returns: "numeric", run: (o, a) => st.forcast(o, col(a, 0), opd(a, 1)) },
  {
    name: "COVAR",
    args: [series("X"), series("Y"), value("N")],
    returns: "numeric",
    run: (o, a) => st.covar(o, col(a, 0), col(a, 1), opd(a, 2)),
  },
  {
    name: "RELATE",
    args: [series("X"), series("Y"), value("N")],
    returns: "numeric",
    run: (o, a) => st.relate(o, col(a, 0), col(a, 1), opd(a, 2)),
  },
];

export const seriesFunctions: readonly FunctionSpec[] = [...references, ...averages, ...windows, ...signals, ...statistics];
