/**
 * The demo market monitor (异动): a few seeded events per stock and trading day,
 * of every kind the monitor sends, stamped at minutes already passed, oldest
 * first. Values follow the event: percent moves as fractions, volume multiples,
 * price/volume pairs; kind 0x14 carries its sub-kind (1, 2, 4, 5) in byte 1.
 */
import { yyyymmdd, dayStart, wallMinuteOfStart, TDX_MARKET } from "../../../core/bars/index.ts";
import { type MacUnusualEvent, UNUSUAL_KINDS } from "../../../core/quotes/index.ts";
import { DemoMarket } from "../demo/demo-market.ts";
import { hashSeed, mulberry32, pick } from "../demo/prng.ts";
import { DemoMacData } from "./demo-mac.ts";

const SUB_KINDS = [1, 2, 4, 5];

function payload(kind: number, r: () => number, up: boolean): Uint8Array {
  const b = new Uint8Array(13);
  const v = new DataView(b.buffer);
  if (kind === 0x14) {
    b[0] = up ? 0 : 1;
    b[1] = pick(SUB_KINDS, r);
    v.setFloat32(2, 10 + r() * 50, true);
    v.setFloat32(6, 100 + r() * 900, true);
    return b;
  }
  b[0] = kind === 0x15 ? Math.floor(r() * 3) : up ? 0 : 1;
  v.setFloat32(1, (up ? 1 : -1) * (0.01 + r() * 0.05), true);
  v.setFloat32(5, kind === 0x0b ? (up ? 1 : -1) * r() * 0.03 : 100 + r() * 900, true);
  v.setFloat32(9, 10 + r() * 50, true);
  return b;
}

/** Today's events of a market (0 SZ, 1 SH) up to `now`; none before the open. */
export function demoUnusual(data: DemoMacData, market: number, now: number): MacUnusualEvent[] {
  if (!DemoMacData.live(now)) return [];
  const session = DemoMarket.session(now);
  const day = yyyymmdd(dayStart(now));
  const events: (MacUnusualEvent & { minute: number })[] = [];
  for (const s of data.market.universe) {
    if (s.kind !== "stock" || TDX_MARKET[s.market] !== market) continue;
    const r = mulberry32(hashSeed(data.market.seed, "unusual", s.code, day));
    const n = Math.floor(r() * 4);
    for (let k = 0; k < n; k++) {
      const traded = Math.floor(r() * 240);
      if (traded >= session.minutesDone) continue;
      const kind = pick(UNUSUAL_KINDS, r);
      const wall = wallMinuteOfStart(traded) + 1;
      events.push({
        market,
        code: s.code,
        name: s.name,
        type: kind,
        index: 0,
        payload: payload(kind, r, r() < 0.5),
        hour: Math.floor(wall / 60),
        minuteSecond: (wall % 60) * 100 + Math.floor(r() * 60),
        minute: traded,
      });
    }
  }
  events.sort((a, b) => a.minute - b.minute || a.minuteSecond - b.minuteSecond || (a.code < b.code ? -1 : 1));
  return events.map(({ minute: _minute, ...e }, i) => ({ ...e, index: i }));
}
