/**
 * Built-in names used without parentheses (core/formula/LANGUAGE.md §1.8, §3.7).
 * Price and volume columns are bound to the bar arrays without copying.
 * BARPOS is 1 on the first bar (the help text HQChart quotes). ISLASTBAR,
 * BARSTATUS, CURRBARSCOUNT and TOTALBARSCOUNT depend on where the data ends,
 * so they are flagged like future functions.
 */
import { calendar, type CalendarField } from "../kernels/calendar.ts";
import type { DataNeed } from "../formula-messages.ts";
import type { VariableSpec } from "./spec.ts";

function field(name: string, f: NonNullable<VariableSpec["field"]>): VariableSpec {
  return { name, returns: "numeric", field: f };
}

function cal(name: CalendarField): VariableSpec {
  return { name, returns: "numeric", run: (o, ctx) => calendar(o, ctx.series.time, name) };
}

function needs(name: string, what: DataNeed, returns: VariableSpec["returns"] = "numeric"): VariableSpec {
  return { name, returns, needs: what };
}

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
  { ...needs("VOLINSTK", "open_interest"), aliases: ["OPI"] },
  needs("ADVANCE", "breadth"),
  needs("DECLINE", "breadth"),
  needs("CAPITAL", "capital"),
  needs("TOTALCAPITAL", "capital"),
  needs("INDEXC", "index"),
  needs("INDEXO", "index"),
  needs("INDEXH", "index"),
  needs("INDEXL", "index"),
  needs("INDEXV", "index"),
  needs("INDEXA", "index"),
  needs("HYBLOCK", "blocks", "text"),
  needs("DYBLOCK", "blocks", "text"),
  needs("GNBLOCK", "blocks", "text"),
  needs("FGBLOCK", "blocks", "text"),
  needs("ZSBLOCK", "blocks", "text"),
];
