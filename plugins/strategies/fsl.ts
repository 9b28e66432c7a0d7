import { z } from "zod";
import { ema } from "../../core/formula/kernels/index.ts";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { column, crossSignals, memoized, real } from "./strategy-kit.ts";

const params = z.object({ capital: real(["流通股本(股)", "Float shares"], 1e8, 1e6, 1e12) });

/**
 * FSL 分水岭 (easy_tdx's `fsl`, backtest/strategies/builtin.py, indicator FSL
 * in its MyTT.py): SWL = (7·EMA(C,5) + 3·EMA(C,10)) / 10 against
 * SWS = DMA(EMA(C,12), A) with A = MAX(1, 100·SUM(VOL,5)/(3·CAPITAL)) clamped
 * to at most 1. The clamp makes A exactly 1 on every bar (and MyTT's DMA
 * takes an undefined A as 1), and DMA with A = 1 is its input, so SWS is
 * EMA(C,12) and `capital` (the float shares) does not change the signals: it
 * stays a parameter so easy_tdx's saved strategies, forms and preset grid work.
 * Buy when SWL crosses above SWS, sell when it crosses back below.
 */
export const fslStrategy: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "fsl",
  order: 22,
  title: "FSL 分水岭",
  titleEn: "FSL watershed",
  descriptionZh: "SWL（(7·EMA5 + 3·EMA10) / 10）上穿 SWS（分水岭线，按 easy_tdx 的 EMA12 计算）时买入，下穿时卖出。",
  description: "Buy when SWL (7·EMA5 + 3·EMA10, over 10) crosses above SWS (the watershed line, EMA12 as easy_tdx computes it), sell when it crosses back below.",
  params,
  defaultGrid: { capital: [1e7, 1e8, 1e9, 1e10] },
  signals(s, _p, memo) {
    const n = s.length;
    const average = (len: number) => memoized(memo, `ema(close,${len})`, () => column(n, (o) => ema(o, s.close, len)));
    const e5 = average(5);
    const e10 = average(10);
    const swl = column(n, (o) => {
      for (let i = 0; i < n; i++) o[i] = (e5[i]! * 7 + e10[i]! * 3) / 10;
    });
    return crossSignals(swl, average(12));
  },
};
