/**
 * Built-in names used without parentheses (core/formula/LANGUAGE.md §1.8, §3.7).
 * Price and volume columns are bound to the bar arrays without copying.
 * BARPOS is 1 on the first bar (the help text HQChart quotes). ISLASTBAR,
 * BARSTATUS, CURRBARSCOUNT and TOTALBARSCOUNT depend on where the data ends,
 * so they are flagged like future functions.
 */
import { calendar, type CalendarField } from "../kernels/calendar.ts";
import type { VariableSpec } from "./spec.ts";

function field(name: string, f: NonNullable<VariableSpec["field"]>): VariableSpec {
  return { name, returns: "numeric", field: f };
}

function cal(name: CalendarField): VariableSpec {
  return { name, returns: "numeric", run: (o, ctx) => calendar(o, ctx.series.time, name) };
}

function needs(name: string, what: string, returns: VariableSpec["returns"] = "numeric"): VariableSpec {
  return { name, returns, needs: what };
}

const BLOCKS = "block (板块) names";
const INDEX = "the market index series";

export const variables: readonly (VariableSpec & { readonly aliases?: readonly string[] })[] = [
  { ...field("OPEN", "open"), aliases: ["O"] },
  { ...field("HIGH", "high"), aliases: ["H"] },
  { ...field("LOW", "low"), aliases: ["L"] },
  { ...field("CLOSE", "close"), aliases: ["C"] },
  { ...field("VOL", "vol"), aliases: ["V", "VOLUME"] },
  { ...field("AMOUNT", "amount"), aliases: ["AMO"] },
  cal("DATE"),
  cal("TIME"),
  cal("YEAR"),
  cal("MONTH"),
  cal("DAY"),
  cal("WEEKDAY"),
  cal("HOUR"),
  cal("MINUTE"),
  { name: "PERIOD", returns: "numeric", run: (o, ctx) => o.fill(ctx.period) },
  { name: "DRAWNULL", returns: "numeric", constant: NaN },
  {
    name: "BARPOS",
    returns: "numeric",
    run: (o) => {
      for (let i = 0; i < o.length; i++) o[i] = i + 1;
    },
  },
  {
    name: "ISLASTBAR",
    returns: "signal",
    future: true,
    run: (o) => {
      o.fill(0);
      if (o.length > 0) o[o.length - 1] = 1;
    },
  },
  {
    name: "BARSTATUS",
    returns: "numeric",
    future: true,
    run: (o) => {
      o.fill(0);
      if (o.length > 0) o[o.length - 1] = 2;
      if (o.length > 1) o[0] = 1;
    },
  },
  {
    name: "CURRBARSCOUNT",
    returns: "numeric",
    future: true,
    run: (o) => {
      for (let i = 0; i < o.length; i++) o[i] = o.length - i;
    },
  },
  { name: "TOTALBARSCOUNT", returns: "numeric", future: true, run: (o) => o.fill(o.length) },
  { ...needs("VOLINSTK", "futures open interest"), aliases: ["OPI"] },
  needs("ADVANCE", "index breadth data"),
  needs("DECLINE", "index breadth data"),
  needs("CAPITAL", "share-capital data (股本)"),
  needs("TOTALCAPITAL", "share-capital data (股本)"),
  needs("INDEXC", INDEX),
  needs("INDEXO", INDEX),
  needs("INDEXH", INDEX),
  needs("INDEXL", INDEX),
  needs("INDEXV", INDEX),
  needs("INDEXA", INDEX),
  needs("HYBLOCK", BLOCKS, "text"),
  needs("DYBLOCK", BLOCKS, "text"),
  needs("GNBLOCK", BLOCKS, "text"),
  needs("FGBLOCK", BLOCKS, "text"),
  needs("ZSBLOCK", BLOCKS, "text"),
];
