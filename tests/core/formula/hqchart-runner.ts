/**
 * Dev-only: runs a formula through the HQChart engine headless (npm `hqchart`,
 * a devDependency), following tests/core/formula/README.md. The file is
 * evaluated with a stub for its `request` module, so it can make no network
 * call, and its internal classes are exported for feeding our own bars.
 * HQChart is case-sensitive, so ASCII letters are upper-cased outside quotes.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BarSeries } from "../../../core/bars/series.ts";

const FILE = join(dirname(fileURLToPath(import.meta.url)), "../../../node_modules/hqchart/src/jscommon/umychart.node/umychart.node.js");

export const hqchartAvailable = existsSync(FILE);

interface Engine {
  ScriptIndexConsole: new (o: object) => { ExecuteScript(o: object): void };
  HQ_DATA_TYPE: { KLINE_ID: number };
  ChartData: new () => { Data: unknown[]; Period: number; Right: number; DataType: number };
  HistoryData: new () => Record<string, number>;
  JSConsole: { Complier: { Log: (...a: unknown[]) => void }; Chart: { Log: (...a: unknown[]) => void } };
}

let engine: Engine | undefined;

function load(): Engine {
  if (engine) return engine;
  const source = `${readFileSync(FILE, "utf8")}
module.exports.ChartData = ChartData; module.exports.HistoryData = HistoryData; module.exports.JSConsole = JSConsole;`;
  const nodeRequire = createRequire(FILE);
  const fakeRequire = (name: string) =>
    name === "request"
      ? () => {
          throw new Error("network disabled");
        }
      : nodeRequire(name);
  const mod = { exports: {} as Engine };
  new Function("require", "module", "exports", "__filename", "__dirname", source)(fakeRequire, mod, mod.exports, FILE, dirname(FILE));
  engine = mod.exports;
  const quiet = () => {};
  engine.JSConsole.Complier.Log = quiet;
  engine.JSConsole.Chart.Log = quiet;
  return engine;
}

function upperCaseOutsideQuotes(text: string): string {
  return text.replace(/('[^']*'|"[^"]*"|\{[^}]*\})|[a-z]+/g, (m, quoted: string | undefined) => quoted ?? m.toUpperCase());
}

/** Output columns by name (null → NaN), or throws with HQChart's error. */
export function runHQChart(text: string, s: BarSeries, args: Record<string, number> = {}): Record<string, Float64Array> {
  const e = load();
  const data = new e.ChartData();
  data.Data = Array.from({ length: s.length }, (_, i) => {
    const h = new e.HistoryData();
    const d = new Date(s.time[i]!);
    h.Date = d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
    h.Open = s.open[i]!;
    h.High = s.high[i]!;
    h.Low = s.low[i]!;
    h.Close = s.close[i]!;
    h.Vol = s.vol[i]!;
    h.Amount = s.amount[i]!;
    return h;
  });
  data.Period = 0;
  data.Right = 0;
  data.DataType = 0;
  let result: Record<string, Float64Array> | undefined;
  let failure: unknown;
  const runner = new e.ScriptIndexConsole({
    Name: "ORACLE",
    ID: "ORACLE",
    Script: upperCaseOutsideQuotes(text),
    Args: Object.entries(args).map(([Name, Value]) => ({ Name, Value })),
    ErrorCallback: (err: unknown) => (failure = err),
    FinishCallback: (r: { Out: { Name: string; Data?: (number | null)[] }[] }) => {
      result = Object.fromEntries(
        r.Out.filter((o) => Array.isArray(o.Data)).map((o) => [o.Name, Float64Array.from({ length: s.length }, (_, i) => (typeof o.Data![i] === "number" ? o.Data![i]! : NaN))]),
      );
    },
    NetworkFilter: (_req: unknown, _cb: unknown) => (failure = new Error("HQChart asked for data it was not given")),
  });
  runner.ExecuteScript({
    HQDataType: e.HQ_DATA_TYPE.KLINE_ID,
    Stock: { Symbol: "ORACLE", Name: "ORACLE" },
    Request: { MaxDataCount: 500, MaxMinuteDayCount: 5 },
    Period: 0,
    Right: 0,
    Data: data,
  });
  if (!result) throw new Error(`HQChart failed: ${JSON.stringify((failure as { Description?: string })?.Description ?? String(failure))}`);
  return result;
}
