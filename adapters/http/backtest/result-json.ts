/**
 * The JSON of a BacktestResultResponse written straight from the result
 * tables: the two per-bar tables (equity curve and positions, most of the
 * bytes) go from their columns to row-shaped JSON without row objects, the rest
 * through JSON.stringify. The text is exactly `JSON.stringify(resultOf(tables))`.
 */
import type { BacktestTables, BarTable } from "../../../core/backtest/index.ts";
import { encodeFragment, JsonWriter } from "../frames/json-writer.ts";

function writeTable<F extends string>(w: JsonWriter, table: BarTable<F>): void {
  const keys = table.fields.map((f) => encodeFragment(`,${JSON.stringify(f)}:`));
  const open = encodeFragment('{"datetime":"');
  w.byte(91);
  for (let t = 0; t < table.length; t++) {
    if (t > 0) w.byte(44);
    w.bytes(open).ascii(table.datetime[t]!).byte(34);
    for (let k = 0; k < keys.length; k++) w.bytes(keys[k]!).number(table.columns[table.fields[k]!][t]!);
    w.byte(125);
  }
  w.byte(93);
}

export function backtestResultJson(t: BacktestTables): Uint8Array<ArrayBuffer> {
  const w = new JsonWriter();
  w.ascii('{"performance":').value(t.performance).ascii(',"equity_curve":');
  writeTable(w, t.equity);
  w.ascii(',"trades":').value(t.trades).ascii(',"positions":');
  writeTable(w, t.positions);
  return w.ascii(',"config":').value(t.config).byte(125).finish();
}
