/**
 * Bar rules on the `/bars` hot path: QFQ adjustment, derived fields and row
 * conversion, on 800 daily bars (one API page) and 100,000 one-minute bars.
 */
import { bench, do_not_optimize, group, summary } from "mitata";
import { adjustBars, type BarCategory, deriveBarFields, marketTime, priceEvents, type PriceEvent, barAt, barTable, allocSeries, type BarSeries, DAY_MS, type XdxrRecord } from "../core/bars/index.ts";

/** Deterministic random walk; `step` ms between bars (weekdays only for daily bars). */
function walk(n: number, start: number, step: number): BarSeries {
  const s = allocSeries(n);
  let seed = 12345;
  const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  let p = 20;
  let t = start;
  for (let i = 0; i < n; i++) {
    const o = Math.round(p * 100) / 100;
    p = Math.max(1, p * (1 + (rnd() - 0.5) * 0.04));
    const c = Math.round(p * 100) / 100;
    s.time[i] = t;
    s.open[i] = o;
    s.close[i] = c;
    s.high[i] = Math.max(o, c) + 0.05;
    s.low[i] = Math.min(o, c) - 0.05;
    const vol = 1e6 + i;
    s.vol[i] = vol;
    s.amount[i] = vol * c;
    t += step;
  }
  return s;
}

/** One cash dividend (and every third year a bonus issue) per year over the series. */
function yearlyEvents(s: BarSeries): PriceEvent[] {
  const recs: XdxrRecord[] = [];
  const first = new Date(barAt(s, 0).time).getUTCFullYear();
  const last = new Date(barAt(s, s.length - 1).time).getUTCFullYear();
  for (let y = first; y <= last; y++) recs.push({ date: y * 10000 + 612, category: 1, c1: 2.5, c2: 0, c3: y % 3 === 0 ? 3 : 0, c4: 0 });
  return [...priceEvents(recs)];
}

const daily = walk(800, marketTime(2022, 1, 4), DAY_MS);
const minute = walk(100_000, marketTime(2024, 1, 2, 9, 31), 60_000);

function page(s: BarSeries, events: PriceEvent[], category: BarCategory) {
  const adj = adjustBars(s, events, "QFQ").series;
  return barTable(adj, deriveBarFields(adj), category);
}

for (const [label, s, category] of [
  ["800 daily", daily, "DAY"],
  ["100k minute", minute, "MIN_1"],
] as const) {
  const events = yearlyEvents(s);
  const adjusted = adjustBars(s, events, "QFQ").series;
  const derived = deriveBarFields(adjusted);
  group(`bars ${label}`, () => {
    summary(() => {
      bench("adjust QFQ", () => do_not_optimize(adjustBars(s, events, "QFQ")));
      bench("derived fields", () => do_not_optimize(deriveBarFields(adjusted)));
      bench("table", () => do_not_optimize(barTable(adjusted, derived, category)));
      bench("adjust + derived + rows", () => do_not_optimize(page(s, events, category)));
    });
  });
}
