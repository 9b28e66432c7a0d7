/**
 * The simulator's extended-market listener: the legacy 7727 command set answered
 * from the demo extended market, through the same codecs the client uses. An
 * unknown instrument gets an empty reply, as real servers send.
 */
import { ExCommand } from "../../../adapters/tdx/ex/ex-commands.ts";
import {
  decodeExBarsRequest,
  decodeExRefRequest,
  decodeExTradesRequest,
  encodeExBarsReply,
  encodeExMinuteReply,
  encodeExQuoteReply,
  encodeExTradesReply,
  encodeInstrumentCountReply,
  EX_MAX_BARS,
  EX_MAX_TRADES,
} from "../../../adapters/tdx/ex/ex-codec.ts";
import { encodeGbk } from "../../../adapters/tdx/tdx-gbk.ts";
import type { Handler } from "../sim-dispatch.ts";
import { EX_INSTRUMENTS, type ExDemo } from "./ex-demo.ts";

const EMPTY = new Uint8Array(0);

export function exHandlers(demo: ExDemo): Map<number, Handler> {
  const h = new Map<number, Handler>();
  h.set(ExCommand.LOGIN, () => encodeGbk("本地模拟扩展行情"));
  h.set(ExCommand.INSTRUMENT_COUNT, () => encodeInstrumentCountReply(EX_INSTRUMENTS.length));
  h.set(ExCommand.QUOTE, (p, now) => {
    const x = demo.find(decodeExRefRequest(p, "0x23fa request"));
    return x ? encodeExQuoteReply(demo.quote(x, now)) : EMPTY;
  });
  h.set(ExCommand.BARS, (p, now) => {
    const q = decodeExBarsRequest(p);
    const x = demo.find(q);
    if (!x) return EMPTY;
    return encodeExBarsReply(q, demo.bars(x, q.category, q.start, Math.min(q.count, EX_MAX_BARS), now), x.futures);
  });
  h.set(ExCommand.MINUTE, (p, now) => {
    const ref = decodeExRefRequest(p, "0x240b request");
    const x = demo.find(ref);
    return x ? encodeExMinuteReply(ref, demo.minute(x, now)) : EMPTY;
  });
  for (const cmd of [ExCommand.TRANSACTIONS, ExCommand.HISTORY_TRANSACTIONS]) {
    h.set(cmd, (p, now) => {
      const q = decodeExTradesRequest(p, cmd === ExCommand.HISTORY_TRANSACTIONS);
      const x = demo.find(q);
      if (!x) return EMPTY;
      const t = demo.trades(x, now, q.date);
      const to = Math.max(0, t.length - Math.max(0, q.start));
      const from = Math.max(0, to - Math.min(q.count, EX_MAX_TRADES));
      const cut = (a: Float64Array) => a.slice(from, to);
      return encodeExTradesReply(q, { length: to - from, minute: cut(t.minute), price: cut(t.price), volume: cut(t.volume), zengcang: cut(t.zengcang), nature: cut(t.nature) });
    });
  }
  return h;
}
