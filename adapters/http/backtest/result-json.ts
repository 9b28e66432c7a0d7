/**
 * The JSON of a BacktestResultResponse written straight from the result
 * tables: the two per-bar tables (equity curve and positions, most of the
 * bytes) go from their columns to row-shaped JSON without row objects, the
 * trade list from its records (see record-json.ts), the rest through
 * JSON.stringify. The text is exactly `JSON.stringify(resultOf(tables))`.
 * The bar times, shared by both tables, are written once, from their numbers
 * (no string per bar), and the writer is sized for all of it up front: growing
 * a multi-megabyte buffer copies it.
 */
import type { BacktestTables, BarTable } from "../../../core/backtest/index.ts";
import { JsonWriter } from "../frames/json-writer.ts";
import { writeRecords } from "../frames/record-json.ts";
import { num, plain, PlainText, rowsBound, writeRows, type Column } from "../frames/row-json.ts";

const columnsOf = <F extends string>(table: BarTable<F>, datetime: PlainText): Column[] => [plain("datetime", datetime), ...table.fields.map((f) => num(f, table.columns[f]))];

/**
 * Room for one trade row: 19 keys with their punctuation (about 230 bytes), 13
 * numbers of at most 25, two times and three short names. Only a sizing hint:
 * the writer grows past it.
 */
const TRADE_ROW_BOUND = 768;

export function backtestResultJson(t: BacktestTables): Uint8Array<ArrayBuffer> {
  const performance = JSON.stringify(t.performance);
  const config = JSON.stringify(t.config);
  const times = PlainText.ofIsoTimes(t.equity.time, t.equity.length);
  const equity = columnsOf(t.equity, times);
  const positions = columnsOf(t.positions, t.positions.time === t.equity.time && t.positions.length === t.equity.length ? times : PlainText.ofIsoTimes(t.positions.time, t.positions.length));
  const size = 256 + 3 * (performance.length + config.length) + TRADE_ROW_BOUND * t.trades.length + rowsBound(equity, t.equity.length) + rowsBound(positions, t.positions.length);
  const w = new JsonWriter(size);
  w.ascii('{"performance":').raw(performance).ascii(',"equity_curve":');
  writeRows(w, equity, t.equity.length);
  w.ascii(',"trades":');
  writeRecords(w, t.trades);
  w.ascii(',"positions":');
  writeRows(w, positions, t.positions.length);
  return w.ascii(',"config":').raw(config).byte(125).finish();
}
