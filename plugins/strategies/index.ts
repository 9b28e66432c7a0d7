/** Every built-in strategy, in the order `GET /backtest/strategies` lists them; wired into plugins/index.ts. */
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { atrBreakout } from "./atr-breakout.ts";
import { bbiStrategy } from "./bbi.ts";
import { biasReversal } from "./bias-reversal.ts";
import { bollBreakout } from "./boll-breakout.ts";
import { cciStrategy } from "./cci.ts";
import { dmiStrategy } from "./dmi.ts";
import { donchian } from "./donchian.ts";
import { dpoStrategy } from "./dpo.ts";
import { emaCross } from "./ema-cross.ts";
import { emvStrategy } from "./emv.ts";
import { formulaStrategy } from "./formula.ts";
import { fslStrategy } from "./fsl.ts";
import { kdjCross } from "./kdj-cross.ts";
import { keltner } from "./keltner.ts";
import { macd } from "./macd.ts";
import { maCross } from "./ma-cross.ts";
import { momentum } from "./momentum.ts";
import { rsiReversal } from "./rsi-reversal.ts";
import { tripleMa } from "./triple-ma.ts";
import { trixStrategy } from "./trix.ts";
import { volumeBreakout } from "./volume-breakout.ts";
import { wrReversal } from "./wr-reversal.ts";

export const strategies: readonly StrategyPlugin<any>[] = [
  maCross,
  emaCross,
  macd,
  kdjCross,
  rsiReversal,
  bollBreakout,
  donchian,
  volumeBreakout,
  momentum,
  formulaStrategy,
  // the rest of easy_tdx's presets, so its saved strategies and UI presets keep working
  tripleMa,
  bbiStrategy,
  keltner,
  atrBreakout,
  cciStrategy,
  wrReversal,
  biasReversal,
  dmiStrategy,
  trixStrategy,
  emvStrategy,
  dpoStrategy,
  fslStrategy,
];
