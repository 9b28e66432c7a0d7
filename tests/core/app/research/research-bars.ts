/** Deterministic daily bars for the research tests: a random walk with volume, and the A-share config without frictions. */
import { allocSeries, type BarSeries } from "../../../../core/bars/series.ts";
import { seededRandom } from "../../../../core/research/seeded-random.ts";

export function randomWalk(n: number, seed: number, start = Date.UTC(2020, 0, 2)): BarSeries {
  const random = seededRandom(seed);
  const s = allocSeries(n);
  let price = 10 + random() * 20;
  for (let i = 0; i < n; i++) {
    const open = Math.round(price * (1 + (random() - 0.5) * 0.02) * 100) / 100;
    price = Math.max(1, Math.round(open * (1 + (random() - 0.5) * 0.08) * 100) / 100);
    s.time[i] = start + i * 86_400_000;
    s.open[i] = open;
    s.close[i] = price;
    s.high[i] = Math.max(open, price) * (1 + random() * 0.01);
    s.low[i] = Math.min(open, price) * (1 - random() * 0.01);
    s.vol[i] = 1e6 * (0.5 + random());
    s.amount[i] = s.vol[i]! * price;
  }
  return s;
}
