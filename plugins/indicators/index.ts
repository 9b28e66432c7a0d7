/** Every built-in indicator, in TDX's usual menu order; the lead wires this list into plugins/index.ts. */
import type { IndicatorPlugin } from "../../ports/plugins.ts";
import { asi } from "./asi.ts";
import { atr } from "./atr.ts";
import { bbi } from "./bbi.ts";
import { bias } from "./bias.ts";
import { boll } from "./boll.ts";
import { brar } from "./brar.ts";
import { cci } from "./cci.ts";
import { cr } from "./cr.ts";
import { dkx } from "./dkx.ts";
import { dma } from "./dma.ts";
import { dmi } from "./dmi.ts";
import { dpo } from "./dpo.ts";
import { ema } from "./ema.ts";
import { emv } from "./emv.ts";
import { expma } from "./expma.ts";
import type { FormulaIndicatorPlugin } from "./formula-indicator.ts";
import { kdj } from "./kdj.ts";
import { ma } from "./ma.ts";
import { macd } from "./macd.ts";
import { mfi } from "./mfi.ts";
import { mtm } from "./mtm.ts";
import { obv } from "./obv.ts";
import { psy } from "./psy.ts";
import { roc } from "./roc.ts";
import { rsi } from "./rsi.ts";
import { sar } from "./sar.ts";
import { trix } from "./trix.ts";
import { vol } from "./vol.ts";
import { vr } from "./vr.ts";
import { wr } from "./wr.ts";
import { zljc } from "./zljc.ts";

export const formulaIndicators: readonly FormulaIndicatorPlugin[] = [
  ma, ema, expma, vol, macd, kdj, rsi, boll, wr, bias, cci, dmi, atr, obv, roc, mtm, psy, vr, trix, dma, emv, brar,
  cr, asi, sar, mfi, bbi, dpo, dkx, zljc,
];

export const indicators: readonly IndicatorPlugin[] = formulaIndicators;
