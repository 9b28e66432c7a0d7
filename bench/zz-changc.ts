import { allocSeries, type BarSeries } from "../core/bars/index.ts";
import { analyzeChan, parseChanOptions } from "../core/chan/index.ts";
function walk(n: number): BarSeries {
  const s = allocSeries(n); let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  let p = 3000;
  for (let i = 0; i < n; i++) { const o = p; p = Math.max(100, p * (1 + (rnd() - 0.5) * 0.04));
    s.time[i] = Date.UTC(2007, 0, 1) + i * 86_400_000; s.open[i] = o; s.close[i] = p;
    s.high[i] = Math.max(o, p) * (1 + rnd() * 0.01); s.low[i] = Math.min(o, p) * (1 - rnd() * 0.01); s.vol[i] = 1e8; s.amount[i] = NaN; }
  return s;
}
const p = parseChanOptions({}); if (!p.ok) throw 0;
const n = Number(process.argv[2]); const reps = Number(process.argv[3]);
const w = walk(n);
for (let i = 0; i < 3; i++) analyzeChan(w, p.config);
const t0 = process.cpuUsage(); const w0 = performance.now();
for (let i = 0; i < reps; i++) analyzeChan(w, p.config);
const t = process.cpuUsage(t0); console.log(n, "cpu", ((t.user + t.system) / 1000 / reps).toFixed(1), "wall", ((performance.now() - w0) / reps).toFixed(1));
